/**
 * A participant's site forms (E-012, E-013; decision E-edc), for the participant profile's tab: the scheduled data
 * capture forms of their visits and the unscheduled ones started by staff, with status, lock and signature, each with
 * an Enter (or View) link to its entry page; "Unscheduled form" starts one of the version's data capture forms.
 */
import { Alert, Badge, Button, Group, Loader, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { listSiteForms, startUnscheduledSiteForm, type SiteFormSummary } from '@trialpath/contract';
import { uiLabel, useLanguage } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { useStudyPath } from '../schedules/data';
import { STATUS_COLOR } from './status';

const formName = (f: { activityName: string | null; activityIdentifier: string | null; activityId: string }) =>
  f.activityName ?? f.activityIdentifier ?? f.activityId;

function StartDialog(p: {
  studyId: string;
  participantId: string;
  forms: { activityId: string; identifier: string | null; name: string | null }[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('edc');
  const lang = useLanguage();
  const navigate = useNavigate();
  const path = useStudyPath(p.studyId);
  const queryClient = useQueryClient();
  const [activityId, setActivityId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setRefusal(null);
    if (!activityId) {
      setError(t('start.required'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const entry = await api.call(startUnscheduledSiteForm, {
        params: { studyId: p.studyId, participantId: p.participantId },
        body: { activityId },
      });
      await invalidateEndpoints(queryClient, listSiteForms);
      p.onClose();
      navigate(path(`participants/${p.participantId}/site-forms/${encodeURIComponent(entry.key)}`));
    } catch (err) {
      setRefusal(refusalText(err, i18n.language, t('error.generic')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={p.onClose}
      title={t('start.title')}
      closeButtonProps={{ 'aria-label': uiLabel('close', lang) }}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <Stack>
          <Select
            label={t('start.form')}
            data={p.forms.map((f) => ({ value: f.activityId, label: f.name ?? f.identifier ?? f.activityId }))}
            value={activityId}
            onChange={setActivityId}
            error={error}
            required
          />
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={p.onClose}>
              {t('start.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('start.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function SiteFormsPanel(props: { studyId: string; participantId: string }) {
  const { t, i18n } = useTranslation('edc');
  const path = useStudyPath(props.studyId);
  const [starting, setStarting] = useState(false);
  const query = useEndpointQuery(listSiteForms, { params: props });
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  if (query.isPending) return <Loader aria-label={t('panel.title')} />;
  if (query.isError || !query.data)
    return (
      <Alert color="red" role="alert">
        {t('panel.loadFailed')}
      </Alert>
    );
  const data = query.data;
  const mayEnter = (f: SiteFormSummary) => data.may.enter && !f.locked && !(data.siteLock && f.entryId === null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>{t('panel.title')}</Title>
        {data.may.enter && data.unscheduledForms.length > 0 && !data.siteLock && (
          <Button onClick={() => setStarting(true)}>{t('panel.unscheduled')}</Button>
        )}
      </Group>
      {data.siteLock && (
        <Alert color="gray">
          {t('panel.siteLocked', { name: data.siteLock.lockedBy, when: when(data.siteLock.lockedAt) })}
        </Alert>
      )}
      {data.items.length === 0 ? (
        <Stack gap={4}>
          <Text fw={600}>{t('panel.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('panel.emptyHint')}
          </Text>
        </Stack>
      ) : (
        <Table aria-label={t('panel.tableLabel')} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('column.form')}</Table.Th>
              <Table.Th>{t('column.visit')}</Table.Th>
              <Table.Th>{t('column.status')}</Table.Th>
              <Table.Th>{t('column.lock')}</Table.Th>
              <Table.Th>{t('column.signature')}</Table.Th>
              <Table.Th>{t('column.updated')}</Table.Th>
              <Table.Th>{t('column.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((f) => {
              const name = formName(f);
              const enter = mayEnter(f);
              return (
                <Table.Tr key={f.key}>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>
                    {f.scheduled ? t('panel.day', { day: f.startDay ?? 0 }) : t('panel.unscheduledTag')}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[f.status]}>{t(`status.${f.status}`)}</Badge>
                  </Table.Td>
                  <Table.Td>{f.locked ? <Badge color="gray">{t('panel.locked')}</Badge> : ''}</Table.Td>
                  <Table.Td>{f.signature ? t('panel.signedBy', { name: f.signature.signerName }) : ''}</Table.Td>
                  <Table.Td>{f.updated ? `${f.updated.name}, ${when(f.updated.at)}` : ''}</Table.Td>
                  <Table.Td>
                    <Button
                      component={Link}
                      size="xs"
                      variant={enter ? 'filled' : 'default'}
                      to={path(`participants/${props.participantId}/site-forms/${encodeURIComponent(f.key)}`)}
                      aria-label={enter ? t('panel.enterOf', { form: name }) : t('panel.viewOf', { form: name })}
                    >
                      {enter ? t('panel.enter') : t('panel.view')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {starting && (
        <StartDialog
          studyId={props.studyId}
          participantId={props.participantId}
          forms={data.unscheduledForms}
          onClose={() => setStarting(false)}
        />
      )}
    </Stack>
  );
}
