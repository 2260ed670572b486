import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  listStudyVersions,
  makeStudyVersionLive,
  nextStudyVersion,
  publishStudyVersion,
  type StudyVersionSummary,
} from '@trialpath/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, errorMessage } from '../../shared/api';
import { invalidateEndpoints } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { useReasonLabels } from './VersionsFrame';
import { useStudyPage, useVersions, VersionStatusBadge, VersionsFrame } from './VersionsFrame';

/**
 * #/studies/:studyId/publish (C-007): publish the draft with a reason (its content is frozen and the test
 * data space runs it), then — a separate, explicit step — make a published version live, confirmed in a
 * dialog that names the live data space.
 */

// The light teal's own title colour is 4.3:1 on its background; the page's text colour reads well on it.
const PLAIN_TITLE = { title: { color: 'var(--mantine-color-text)' } };
export function PublishPage() {
  const reasonLabels = useReasonLabels();
  const { t } = useTranslation('versions');
  const { studyId, to } = useStudyPage();
  const versions = useVersions(studyId);
  const queryClient = useQueryClient();
  const [publishing, setPublishing] = useState(false);
  const [goingLive, setGoingLive] = useState<StudyVersionSummary | null>(null);
  const [published, setPublished] = useState<{
    name: string;
    id: string;
    changes: number;
    comparedWith: string | null;
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const items = versions.data?.items ?? [];
  const draft = items.find((v) => v.status === 'DRAFT');
  const live = items.find((v) => v.isLive);
  const candidates = items.filter((v) => v.status === 'PUBLISHED' && !v.isLive);
  const refresh = () => invalidateEndpoints(queryClient, listStudyVersions, nextStudyVersion);
  return (
    <VersionsFrame title={t('publish.title')} intro={t('publish.intro')}>
      {versions.isError && (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(versions.error, t('common.loadError'))}
        </Alert>
      )}
      {published && (
        <Alert
          color="teal"
          variant="light"
          role="status"
          styles={PLAIN_TITLE}
          title={t('publish.publishedTitle', { name: published.name })}
        >
          <Text size="sm">{t('publish.publishedText', { count: published.changes })}</Text>
          {published.comparedWith && (
            <Anchor
              component={Link}
              to={`${to('version-management/diff')}?from=${published.comparedWith}&to=${published.id}`}
              size="sm"
            >
              {t('publish.seeChanges')}
            </Anchor>
          )}
        </Alert>
      )}
      {done && (
        <Alert color="teal" variant="light" role="status">
          {done}
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="lg" mb="xs">
          {t('publish.step1')}
        </Title>
        {draft ? (
          <Stack gap="xs">
            <Group gap="xs">
              <Text fw={600}>{draft.name}</Text>
              <VersionStatusBadge version={draft} />
            </Group>
            <Text size="sm" c="dimmed">
              {t('publish.step1Text')}
            </Text>
            <Group>
              <Button onClick={() => setPublishing(true)}>{t('publish.publish')}</Button>
              {live && (
                <Anchor
                  component={Link}
                  to={`${to('version-management/diff')}?from=${live.id}&to=${draft.id}`}
                  size="sm"
                >
                  {t('publish.reviewChanges', { from: live.name })}
                </Anchor>
              )}
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('publish.noDraft')}
          </Text>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="lg" mb="xs">
          {t('publish.step2')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {live ? t('publish.liveNow', { name: live.name }) : t('publish.noLive')}
        </Text>
        {candidates.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('publish.noCandidates')}
          </Text>
        ) : (
          <Table verticalSpacing="sm" aria-label={t('publish.step2')}>
            <Table.Tbody>
              {candidates.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td fw={600}>{v.name}</Table.Td>
                  <Table.Td>
                    <VersionStatusBadge version={v} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" color="teal" onClick={() => setGoingLive(v)}>
                      {t('publish.makeLive')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <ReasonDialog
        opened={publishing}
        title={t('publish.confirmTitle', { name: draft?.name ?? '' })}
        labels={{ ...reasonLabels, confirm: t('publish.publish') }}
        onClose={() => setPublishing(false)}
        onConfirm={async (reason) => {
          const r = await api.call(publishStudyVersion, {
            params: { studyId, versionId: draft!.id },
            body: { reason },
          });
          setPublished({
            name: r.version.name,
            id: r.version.id,
            changes: r.diff.changeCount,
            comparedWith: r.comparedWith?.id ?? null,
          });
          setDone(null);
          await refresh();
        }}
      >
        {t('publish.confirmText')}
      </ReasonDialog>
      <ReasonDialog
        opened={goingLive !== null}
        title={t('publish.liveTitle', { name: goingLive?.name ?? '' })}
        labels={{ ...reasonLabels, confirm: t('publish.makeLiveConfirm') }}
        color="teal"
        onClose={() => setGoingLive(null)}
        onConfirm={async (reason) => {
          const r = await api.call(makeStudyVersionLive, {
            params: { studyId, versionId: goingLive!.id },
            body: { reason },
          });
          setDone(t('publish.isLive', { name: r.name }));
          await refresh();
        }}
      >
        {t('publish.liveText', { name: goingLive?.name ?? '', live: live?.name ?? t('publish.none') })}
      </ReasonDialog>
    </VersionsFrame>
  );
}
