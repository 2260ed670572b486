/**
 * A participant's submitted responses (E-014; decision E-queries), for a tab of the participant profile: newest first,
 * each with its activity, when it was completed, the task it answered and the queries still open on its answers;
 * each opens the response page (E-019).
 */
import { Badge, Text } from '@mantine/core';
import { listParticipantResponses, type ResponseSummary } from '@trialpath/contract';
import { localize } from '@trialpath/domain';
import { DataTable, type DataTableColumn, TableEmpty } from '@trialpath/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../shared/queries';
import { useStudyPath } from '../schedules/data';
import { useWhen } from './QueryThread';

const PAGE_SIZES = [25, 50, 100] as const;

export function ResponsesPanel(props: { studyId: string; participantId: string }) {
  const { t, i18n } = useTranslation('queries');
  const when = useWhen();
  const path = useStudyPath(props.studyId);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const list = useEndpointQuery(
    listParticipantResponses,
    { params: { studyId: props.studyId, participantId: props.participantId }, query: { pageNum: page, pageSize } },
    { placeholderData: keepPreviousData },
  );
  const columns: DataTableColumn<ResponseSummary>[] = [
    {
      id: 'activity',
      header: t('responses.activity'),
      cell: (r) => {
        const title = localize(r.activity.title, i18n.language);
        return (
          <Text
            size="sm"
            fw={600}
            component={Link}
            to={path(`participants/${props.participantId}/responses/${r.id}`)}
            c="teal.9"
            aria-label={t('responses.open', { activity: title, when: when(r.completedAt) })}
          >
            {title}
          </Text>
        );
      },
    },
    { id: 'type', header: t('responses.type'), cell: (r) => t(`activityType.${r.activity.type}`) },
    { id: 'completed', header: t('responses.completed'), cell: (r) => when(r.completedAt) },
    {
      id: 'task',
      header: t('responses.task'),
      cell: (r) => (r.task ? t('responses.taskDay', { day: r.task.startDay }) : t('responses.onDemand')),
    },
    {
      id: 'queries',
      header: t('responses.queries'),
      cell: (r) =>
        r.activeQueries > 0 ? (
          <Badge color="red" variant="light" tt="none">
            {r.activeQueries}
          </Badge>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <DataTable
      label={t('responses.tableLabel')}
      columns={columns}
      rows={list.data?.items}
      rowKey={(r) => r.id}
      loading={list.isPending}
      error={list.isError ? { title: t('responses.loadFailed'), retry: () => void list.refetch() } : null}
      paging={
        list.data && {
          page,
          pageSize,
          total: list.data.total,
          pageSizes: PAGE_SIZES,
          onPage: setPage,
          onPageSize: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }
      }
      labels={{ count: (total) => t('responses.count', { count: total }) }}
      empty={<TableEmpty title={t('responses.empty')} hint={t('responses.emptyHint')} />}
      minWidth={640}
    />
  );
}
