/**
 * The exports the person asked for in this study's data space, newest first, each with its progress while it is
 * made (polled every second then) and its Download when ready; the test twin shows them without actions.
 */
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { type ExportJob, type ExportKind, listExports } from '@trialpath/contract';
import { DataTable, type DataTableColumn, TableEmpty } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { useStudyPath } from '../schedules/data';
import { DownloadButton, JobProgress, StatusBadge, useSizeText } from './ExportStatus';

const inProgress = (items: readonly ExportJob[] | undefined) =>
  !!items?.some((j) => j.status === 'QUEUED' || j.status === 'RUNNING');

/** The page of one export: a study data export by its link, the others by their id. */
export function jobPath(job: Pick<ExportJob, 'id' | 'kind'>, token?: string) {
  return job.kind === 'STUDY_DATA' && token
    ? `data-export/${token}/resourceId/${job.id}`
    : `report-data-export/resources/${job.id}`;
}

export function ExportList({ studyId, kinds, actions }: { studyId: string; kinds: ExportKind[]; actions: boolean }) {
  const { t, i18n } = useTranslation('exports');
  const path = useStudyPath(studyId);
  const size = useSizeText();
  const list = useEndpointQuery(
    listExports,
    { params: { studyId }, query: {} },
    { refetchInterval: (q) => (inProgress(q.state.data?.items) ? 1000 : false) },
  );
  const kindLabel: Record<ExportKind, string> = {
    STUDY_DATA: t('kind.STUDY_DATA'),
    COMPLIANCE: t('kind.COMPLIANCE'),
    REPORT: t('kind.REPORT'),
    PARTICIPANT_DASHBOARD: t('kind.PARTICIPANT_DASHBOARD'),
  };
  const rows = list.data?.items.filter((j) => kinds.includes(j.kind));
  const columns: DataTableColumn<ExportJob>[] = [
    {
      id: 'kind',
      header: t('list.kind'),
      cell: (j) => (
        <Anchor component={Link} to={path(jobPath(j))} size="sm" fw={600}>
          {kindLabel[j.kind]}
          {j.formats.length ? ` + ${j.formats.join(', ')}` : ''}
        </Anchor>
      ),
    },
    { id: 'asked', header: t('list.asked'), cell: (j) => new Date(j.createdAt).toLocaleString(i18n.language) },
    {
      id: 'status',
      header: t('list.status'),
      cell: (j) => (
        <Stack gap={4}>
          <StatusBadge job={j} />
          <JobProgress job={j} />
        </Stack>
      ),
    },
    {
      id: 'file',
      header: t('list.file'),
      cell: (j) =>
        j.fileName ? (
          <Text size="sm">
            {j.fileName} · {size(j.byteSize ?? 0)}
          </Text>
        ) : null,
    },
    ...(actions
      ? [
          {
            id: 'actions',
            header: t('list.actions'),
            cell: (j: ExportJob) => (
              <Group gap={4} wrap="nowrap">
                <DownloadButton studyId={studyId} job={j} token={null} compact />
              </Group>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="xs">
      <Title order={2} fz={20}>
        {t('list.title')}
      </Title>
      <DataTable
        label={t('list.tableLabel')}
        columns={columns}
        rows={rows}
        rowKey={(j) => j.id}
        loading={list.isPending}
        error={list.isError ? { title: t('list.failed'), retry: () => void list.refetch() } : null}
        empty={<TableEmpty title={t('list.empty')} hint={t('list.emptyHint')} />}
        minWidth={640}
      />
    </Stack>
  );
}
