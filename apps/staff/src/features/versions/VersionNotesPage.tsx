import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { listStudyVersions, type StudyVersionSummary, updateStudyVersionNotes } from '@trialpath/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { useStudyPage, useVersions, VersionStatusBadge, VersionsFrame } from './VersionsFrame';

function NotesEditor({ studyId, version }: { studyId: string; version: StudyVersionSummary }) {
  const { t } = useTranslation('versions');
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState(version.notes ?? '');
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setState(null);
    try {
      await api.call(updateStudyVersionNotes, { params: { studyId, versionId: version.id }, body: { notes } });
      setState({ ok: true, text: t('notes.saved') });
      await invalidateEndpoints(queryClient, listStudyVersions);
    } catch (e) {
      setState({ ok: false, text: errorMessage(e, t('common.failed')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Group gap="xs" mb="xs">
        <Title order={2} fz="lg">
          {version.name}
        </Title>
        <VersionStatusBadge version={version} />
      </Group>
      <Stack gap="xs">
        <Textarea
          label={t('notes.label', { name: version.name })}
          autosize
          minRows={2}
          maxLength={2000}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
        />
        <Group>
          <Button size="xs" onClick={save} loading={busy} disabled={notes === (version.notes ?? '')}>
            {t('notes.save')}
          </Button>
          {state && (
            <Text size="sm" c={state.ok ? 'teal' : 'red'} role={state.ok ? 'status' : 'alert'}>
              {state.text}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** #/studies/:studyId/version-management/version-notes (C-077): notes per version, published ones too. */
export function VersionNotesPage() {
  const { t } = useTranslation('versions');
  const { studyId } = useStudyPage();
  const versions = useVersions(studyId);
  return (
    <VersionsFrame title={t('notes.title')} intro={t('notes.intro')}>
      {versions.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(versions.error, t('common.loadError'))}
        </Alert>
      )}
      {(versions.data?.items ?? []).map((v) => (
        <NotesEditor key={v.id} studyId={studyId} version={v} />
      ))}
    </VersionsFrame>
  );
}
