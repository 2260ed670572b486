/**
 * The queries on one participant's answers (decision E-queries), for a tab of the participant profile: newest change
 * first, with the counts per status; each opens its thread or goes to its answer.
 */
import { Group, Stack } from '@mantine/core';
import { type DataQuery, listParticipantQueries } from '@trialpath/contract';
import { QUERY_STATUSES } from '@trialpath/domain';
import { DataTable, TableEmpty } from '@trialpath/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../shared/queries';
import { itemTextOf, useQueryColumns } from './query-columns';
import { QueryStatusBadge, QueryThread } from './QueryThread';

export function ParticipantQueriesPanel(props: { studyId: string; participantId: string }) {
  const { t, i18n } = useTranslation('queries');
  const [viewing, setViewing] = useState<DataQuery | null>(null);
  const list = useEndpointQuery(listParticipantQueries, {
    params: { studyId: props.studyId, participantId: props.participantId },
  });
  const columns = useQueryColumns(props.studyId, setViewing, false);
  return (
    <Stack gap="sm">
      {list.data && (
        <Group gap="xs" aria-label={t('page.counts')} role="group">
          {QUERY_STATUSES.map((s) => (
            <Group key={s} gap={4}>
              <QueryStatusBadge status={s} />
              <span>{list.data.counts[s]}</span>
            </Group>
          ))}
        </Group>
      )}
      <DataTable
        label={t('participantQueries.tableLabel')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(q) => q.id}
        loading={list.isPending}
        error={list.isError ? { title: t('participantQueries.loadFailed'), retry: () => void list.refetch() } : null}
        empty={<TableEmpty title={t('participantQueries.empty')} hint={t('participantQueries.emptyHint')} />}
        minWidth={720}
      />
      <QueryThread
        studyId={props.studyId}
        queryId={viewing?.id ?? null}
        title={viewing ? t('thread.title', { item: itemTextOf(viewing, i18n.language) }) : ''}
        opened={viewing !== null}
        onClose={() => setViewing(null)}
      />
    </Stack>
  );
}
