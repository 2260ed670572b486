/**
 * #/studies/:studyId/videos (issue 14; H-033, H-034): the study's videos, newest first, each with its conversion
 * state — checked every two seconds while it waits or converts — a player once ready, and delete after a
 * confirmation. Uploading and deleting are for those who may design the study, never on the test twin.
 */
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  getStudyVideoConversion,
  listStudyVideos,
  type StudyVideo,
  type VideoConversion,
  type VideoStatus,
} from '@trialpath/contract';
import { can, isTestTwinPath } from '@trialpath/domain';
import { DataTable, type DataTableColumn, TableEmpty } from '@trialpath/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { authoritiesFor } from '../../shared/authorities';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { refusalText } from '../../shared/refusal';
import { storage } from '../../shared/storage';
import { UploadVideo } from './UploadVideo';
import { DeleteVideoDialog, PlayerDialog } from './VideoDialogs';

/** How often a waiting or converting video's state is checked. */
export const CONVERSION_POLL_MS = 2000;

const pending = (s: VideoStatus) => s === 'UPLOADED' || s === 'CONVERTING';
const STATUS_COLOR: Record<VideoStatus, string> = {
  UPLOADED: 'gray',
  CONVERTING: 'blue',
  READY: 'green',
  FAILED: 'red',
};

/** The conversion check of one video while it is pending (H-034); the list is read again once it ends. */
function useConversion(studyId: string, video: StudyVideo): VideoConversion {
  const queryClient = useQueryClient();
  const check = useEndpointQuery(
    getStudyVideoConversion,
    { params: { studyId, videoId: video.id } },
    {
      enabled: pending(video.status),
      refetchInterval: (q) => (q.state.data && !pending(q.state.data.status) ? false : CONVERSION_POLL_MS),
    },
  );
  const latest = check.data ?? video;
  useEffect(() => {
    if (pending(video.status) && !pending(latest.status)) void invalidateEndpoints(queryClient, listStudyVideos);
  }, [video.status, latest.status, queryClient]);
  return latest;
}

function StatusCell({ studyId, video }: { studyId: string; video: StudyVideo }) {
  const { t } = useTranslation('study-videos');
  const state = useConversion(studyId, video);
  const label: Record<VideoStatus, string> = {
    UPLOADED: t('status.UPLOADED'),
    CONVERTING: t('status.CONVERTING'),
    READY: t('status.READY'),
    FAILED: t('status.FAILED'),
  };
  return (
    <Stack gap={2}>
      <Badge color={STATUS_COLOR[state.status]} variant="light">
        {label[state.status]}
      </Badge>
      {state.error && (
        <Text size="xs" c="red">
          {state.error}
        </Text>
      )}
    </Stack>
  );
}

export function VideosPage() {
  const { t, i18n } = useTranslation('study-videos');
  const { studyId = '' } = useParams();
  const twin = isTestTwinPath(useLocation().pathname);
  const designer = authoritiesFor(studyId, storage).some((a) => can(a, 'studies.design'));
  const mayChange = designer && !twin;
  const list = useEndpointQuery(listStudyVideos, { params: { studyId } });
  const [playing, setPlaying] = useState<StudyVideo | null>(null);
  const [deleting, setDeleting] = useState<StudyVideo | null>(null);
  const number = (v: number, digits: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(v);

  const columns: DataTableColumn<StudyVideo>[] = [
    {
      id: 'name',
      header: t('list.name'),
      cell: (v) => (
        <Text fw={600} size="sm">
          {v.title}
        </Text>
      ),
    },
    { id: 'status', header: t('list.status'), cell: (v) => <StatusCell studyId={studyId} video={v} /> },
    {
      id: 'length',
      header: t('list.length'),
      cell: (v) => (v.durationSeconds === null ? '' : t('list.seconds', { value: number(v.durationSeconds, 1) })),
    },
    {
      id: 'size',
      header: t('list.size'),
      cell: (v) => `${v.fileName ?? ''} (${t('list.megabytes', { value: number(v.byteSize / 1024 / 1024, 1) })})`,
    },
    {
      id: 'added',
      header: t('list.added'),
      cell: (v) => `${new Date(v.createdAt).toLocaleString(i18n.language)} · ${v.createdBy}`,
    },
    {
      id: 'actions',
      header: t('list.actions'),
      cell: (v) => (
        <Group gap={4} wrap="nowrap">
          {v.status === 'READY' && v.playUrl && (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => setPlaying(v)}
              aria-label={t('list.playOf', { title: v.title })}
            >
              {t('list.play')}
            </Button>
          )}
          {mayChange && (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => setDeleting(v)}
              aria-label={t('list.deleteOf', { title: v.title })}
            >
              {t('list.delete')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={28}>
          {t('page.title')}
        </Title>
        <Text c="dimmed" size="sm" maw={820}>
          {t('page.subtitle')}
        </Text>
      </div>
      {twin && (
        <Alert color="yellow" variant="light">
          {t('page.twin')}
        </Alert>
      )}
      {mayChange && <UploadVideo studyId={studyId} />}
      <DataTable
        label={t('list.tableLabel')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(v) => v.id}
        loading={list.isPending}
        error={
          list.isError
            ? { title: refusalText(list.error, i18n.language, t('list.failed')), retry: () => void list.refetch() }
            : null
        }
        empty={<TableEmpty title={t('list.empty')} hint={t('list.emptyHint')} />}
        minWidth={760}
      />
      {playing?.playUrl && <PlayerDialog video={playing} playUrl={playing.playUrl} onClose={() => setPlaying(null)} />}
      {deleting && <DeleteVideoDialog studyId={studyId} video={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
