import { Alert, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  exportStudyUsdm,
  archiveStudyVersion,
  checkStudyVersionName,
  createStudyDraft,
  deleteStudyDraft,
  listStudyVersions,
  nextStudyVersion,
  type StudyVersionSummary,
} from '@trialpath/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { saveFile } from '../../shared/download';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { useReasonLabels } from './VersionsFrame';
import { useStudyPage, useVersions, VersionStatusBadge, VersionsFrame } from './VersionsFrame';

function CreateVersion({ studyId, onCreated }: { studyId: string; onCreated: () => void }) {
  const { t } = useTranslation('versions');
  const next = useEndpointQuery(nextStudyVersion, { params: { studyId } });
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name.trim(), 300);
  const availability = useEndpointQuery(
    checkStudyVersionName,
    { params: { studyId }, query: { name: debounced } },
    { enabled: debounced.length > 0 },
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const taken = debounced.length > 0 && availability.data && !availability.data.available;
  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.call(createStudyDraft, { params: { studyId }, body: name.trim() ? { name: name.trim() } : {} });
      setName('');
      onCreated();
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="lg" mb="xs">
        {t('manage.createTitle')}
      </Title>
      {next.data && (
        <Text size="sm" c="dimmed" mb="sm">
          {next.data.basedOn
            ? t('manage.nextBasedOn', { number: next.data.number, base: next.data.basedOn.name })
            : t('manage.nextFromDefaults', { number: next.data.number })}
        </Text>
      )}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('manage.name')}
          placeholder={next.data?.defaultName}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maw={320}
          error={taken ? t('manage.nameTaken', { name: availability.data?.takenBy?.name ?? '' }) : undefined}
          description={debounced && availability.data?.available ? t('manage.nameFree') : t('manage.nameHint')}
        />
        <Button onClick={create} loading={busy} disabled={Boolean(taken)}>
          {t('manage.create')}
        </Button>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" mt="sm">
          {error}
        </Alert>
      )}
    </Paper>
  );
}

/** #/studies/:studyId/version-management: the versions with their status, create, delete the draft, archive. */
export function VersionManagementPage() {
  const reasonLabels = useReasonLabels();
  const { t, i18n } = useTranslation('versions');
  const { studyId, to } = useStudyPage();
  const versions = useVersions(studyId);
  const queryClient = useQueryClient();
  const refresh = () => invalidateEndpoints(queryClient, listStudyVersions, nextStudyVersion);
  const [archiving, setArchiving] = useState<StudyVersionSummary | null>(null);
  const [deleting, setDeleting] = useState<StudyVersionSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = versions.data?.items ?? [];
  const hasDraft = items.some((v) => v.status === 'DRAFT');
  const remove = async (v: StudyVersionSummary) => {
    setError(null);
    try {
      await api.call(deleteStudyDraft, { params: { studyId, versionId: v.id } });
      await refresh();
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setDeleting(null);
    }
  };
  /** The version's design as a CDISC USDM 4.0 study definition (the digital protocol), downloaded as JSON. */
  const downloadUsdm = async (v: StudyVersionSummary) => {
    setError(null);
    try {
      const r = await api.call(exportStudyUsdm, { params: { studyId, versionId: v.id } });
      saveFile(r.fileName, 'application/json', JSON.stringify(r.document, null, 2));
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    }
  };
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  return (
    <VersionsFrame title={t('manage.title')} intro={t('manage.intro')}>
      {versions.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(versions.error, t('common.loadError'))}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {versions.data && !hasDraft && <CreateVersion studyId={studyId} onCreated={refresh} />}
      <Paper withBorder radius="md" p="md">
        <Table verticalSpacing="sm" aria-label={t('manage.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('manage.version')}</Table.Th>
              <Table.Th>{t('manage.status')}</Table.Th>
              <Table.Th>{t('manage.created')}</Table.Th>
              <Table.Th>{t('manage.published')}</Table.Th>
              <Table.Th>{t('manage.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td fw={600}>
                  {v.name}{' '}
                  <Text span c="dimmed" size="sm">
                    #{v.number}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <VersionStatusBadge version={v} />
                </Table.Td>
                <Table.Td>{date(v.createdAt)}</Table.Td>
                <Table.Td>{date(v.publishedAt)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {v.status === 'DRAFT' && (
                      <>
                        <Button size="xs" component={Link} to={to('publish')}>
                          {t('manage.publish')}
                        </Button>
                        <Button size="xs" color="red.9" variant="outline" onClick={() => setDeleting(v)}>
                          {t('manage.delete')}
                        </Button>
                      </>
                    )}
                    <Button size="xs" variant="default" onClick={() => downloadUsdm(v)}>
                      {t('manage.usdm')}
                    </Button>
                    {v.status === 'PUBLISHED' && !v.isLive && !v.isTest && (
                      <Button size="xs" variant="default" onClick={() => setArchiving(v)}>
                        {t('manage.archive')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <ReasonDialog
        opened={archiving !== null}
        title={t('manage.archiveTitle', { name: archiving?.name ?? '' })}
        labels={{ ...reasonLabels, confirm: t('manage.archive') }}
        onClose={() => setArchiving(null)}
        onConfirm={async (reason) => {
          await api.call(archiveStudyVersion, { params: { studyId, versionId: archiving!.id }, body: { reason } });
          await refresh();
        }}
      >
        {t('manage.archiveText')}
      </ReasonDialog>
      {deleting && (
        <Paper withBorder radius="md" p="md" role="alertdialog" aria-label={t('manage.deleteTitle')}>
          <Stack gap="xs">
            <Text fw={600}>{t('manage.deleteTitle')}</Text>
            <Text size="sm">{t('manage.deleteText', { name: deleting.name })}</Text>
            <Group>
              <Button variant="default" onClick={() => setDeleting(null)}>
                {t('common.cancel')}
              </Button>
              <Button color="red" onClick={() => remove(deleting)}>
                {t('manage.delete')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </VersionsFrame>
  );
}
