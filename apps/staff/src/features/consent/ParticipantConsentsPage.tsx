/**
 * #/studies/:studyId/participants/:participantId/consents (decision D-140): the consents of the
 * participant's version as a table — status (unsigned, signed, re-consent required), when and under which
 * name each was signed, and the investigator's countersignature — with each signed PDF to download and,
 * for a user who may sign (responses.sign), the countersignature (password again and the meaning
 * accepted). The server checks both permissions and the row again.
 */
import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import {
  type ConsentSignature,
  getParticipantConsentPdf,
  getStudy,
  listParticipantConsents,
  type ResponseOf,
} from '@trialpath/contract';
import { can, DATE_FORMATS, formatDisplayDate, isTestTwinPath, pickText, testTwinPath } from '@trialpath/domain';
import { ErrorAlert, uiLabel } from '@trialpath/ui';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { api } from '../../shared/api';
import { authoritiesFor } from '../../shared/authorities';
import { saveBase64File } from '../../shared/download';
import { useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { storage } from '../../shared/storage';
import { CountersignDialog } from './CountersignDialog';

type Item = ResponseOf<typeof listParticipantConsents>['items'][number];

const STATUS_COLORS: Record<Item['status'], string> = {
  UNSIGNED: 'gray.8',
  SIGNED: 'teal.9',
  RECONSENT_REQUIRED: 'orange.9',
};

/** Signatures newest first. */
const newestFirst = (list: readonly ConsentSignature[]) =>
  [...list].sort((a, b) => (a.signedAt < b.signedAt ? 1 : a.signedAt > b.signedAt ? -1 : 0));

/** Whether the person may countersign in this study (the server decides again). */
export function mayCountersign(studyId: string): boolean {
  const readOnly = storage.getUser<{ readOnly?: boolean }>()?.readOnly ?? false;
  return !readOnly && authoritiesFor(studyId, storage).some((a) => can(a, 'responses.sign'));
}

export function ParticipantConsentsPage() {
  const { t, i18n } = useTranslation('consent');
  const lang = i18n.language;
  const { studyId = '', participantId = '' } = useParams();
  const twin = isTestTwinPath(useLocation().pathname);
  const study = useEndpointQuery(getStudy, { params: { studyId } });
  const consents = useEndpointQuery(listParticipantConsents, { params: { studyId, participantId } });
  const [countersigning, setCountersigning] = useState<{ item: Item; signature: ConsentSignature } | null>(null);
  const defaultLanguage = study.data?.languages[0] ?? 'en';
  const nameOf = (item: Item) => pickText(item.name, lang, defaultLanguage) || item.consentId;
  const dashboard = twin ? testTwinPath(`/studies/${studyId}/dashboard`) : `/studies/${studyId}/dashboard`;
  const may = mayCountersign(studyId);

  let body: ReactNode;
  if (consents.isPending) {
    body = <Loader size="sm" role="img" aria-label={uiLabel('loading', lang)} />;
  } else if (consents.isError) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t('page.loadError')}>
        <Button size="xs" variant="light" onClick={() => void consents.refetch()}>
          {t('page.retry')}
        </Button>
      </Alert>
    );
  } else if (consents.data.versionId === null) {
    body = <Text>{t('page.noVersion')}</Text>;
  } else if (consents.data.items.length === 0) {
    body = <Text>{t('page.empty')}</Text>;
  } else {
    body = (
      <Table withTableBorder verticalSpacing="sm" aria-label={t('table.label')} data-testid="participant-consents">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('table.consent')}</Table.Th>
            <Table.Th>{t('table.status')}</Table.Th>
            <Table.Th>{t('table.signedAt')}</Table.Th>
            <Table.Th>{t('table.signedName')}</Table.Th>
            <Table.Th>{t('table.countersignedBy')}</Table.Th>
            <Table.Th>{t('table.countersignedAt')}</Table.Th>
            <Table.Th>{t('table.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {consents.data.items.flatMap((item) => {
            const [newest, ...earlier] = newestFirst(item.signatures);
            const rows = [
              <ConsentRow
                key={item.consentId}
                name={nameOf(item)}
                status={
                  <Badge color={STATUS_COLORS[item.status]} variant="outline" radius="sm" tt="none">
                    {t(`status.${item.status}`)}
                  </Badge>
                }
                signature={newest ?? null}
                studyId={studyId}
                participantId={participantId}
                onCountersign={
                  may && newest && !newest.countersignedAt && item.status === 'SIGNED'
                    ? () => setCountersigning({ item, signature: newest })
                    : undefined
                }
                testId={`consent-row-${item.consentId}`}
              />,
            ];
            for (const s of earlier) {
              rows.push(
                <ConsentRow
                  key={s.id}
                  name={nameOf(item)}
                  status={
                    <Text size="sm" c="dimmed">
                      {t('table.earlier', { number: s.versionNumber })}
                    </Text>
                  }
                  signature={s}
                  studyId={studyId}
                  participantId={participantId}
                  testId={`consent-row-${item.consentId}-${s.id}`}
                />,
              );
            }
            return rows;
          })}
        </Table.Tbody>
      </Table>
    );
  }

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group>
        <Anchor component={Link} to={dashboard} size="sm">
          ← {study.data?.name ?? t('page.study')}
        </Anchor>
      </Group>
      <div>
        <Title order={1} fz={26}>
          {t('page.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('page.participant', { id: participantId })}
        </Text>
        <Text size="sm" mt={4}>
          {t('page.intro')}
        </Text>
      </div>
      {body}
      {countersigning && (
        <CountersignDialog
          studyId={studyId}
          participantId={participantId}
          name={nameOf(countersigning.item)}
          signature={countersigning.signature}
          onClose={() => setCountersigning(null)}
        />
      )}
    </Stack>
  );
}

function ConsentRow({
  name,
  status,
  signature,
  studyId,
  participantId,
  onCountersign,
  testId,
}: {
  name: string;
  status: ReactNode;
  signature: ConsentSignature | null;
  studyId: string;
  participantId: string;
  onCountersign?: () => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation('consent');
  const lang = i18n.language;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const when = (iso: string | null) => (iso ? formatDisplayDate(iso, DATE_FORMATS.DATE_TIME_UTC, 'UTC', lang) : '—');
  const download = async (s: ConsentSignature) => {
    setBusy(true);
    setError(null);
    try {
      const pdf = await api.call(getParticipantConsentPdf, { params: { studyId, participantId, signatureId: s.id } });
      saveBase64File(pdf.fileName, pdf.base64, pdf.contentType);
    } catch (e) {
      setError(refusalText(e, lang, t('actions.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Table.Tr data-testid={testId}>
      <Table.Td fw={600}>{name}</Table.Td>
      <Table.Td>{status}</Table.Td>
      <Table.Td>{when(signature?.signedAt ?? null)}</Table.Td>
      <Table.Td>{signature?.participantName ?? '—'}</Table.Td>
      <Table.Td>{signature?.countersignedBy ?? '—'}</Table.Td>
      <Table.Td>{when(signature?.countersignedAt ?? null)}</Table.Td>
      <Table.Td>
        {signature && (
          <Stack gap={4} align="flex-start">
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                variant="light"
                loading={busy}
                onClick={() => void download(signature)}
                aria-label={t('actions.downloadOf', { name })}
              >
                {t('actions.download')}
              </Button>
              {onCountersign && (
                <Button size="compact-sm" onClick={onCountersign} aria-label={t('actions.countersignOf', { name })}>
                  {t('actions.countersign')}
                </Button>
              )}
            </Group>
            {error && <ErrorAlert>{error}</ErrorAlert>}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
