/** #/activity-library/archive (C-030): the library's archived activities; restore with a reason. */
import { Button } from '@mantine/core';
import { type ActivityListItem, archiveActivity, listActivities, listActivityGroups } from '@trialpath/contract';
import { useServerPaging } from '@trialpath/ui';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../shared/queries';
import { ReasonDialog } from '../../shared/ReasonDialog';
import { ActivityTable } from './ActivityTable';
import { ListFrame, useReasonLabels } from './ui';

export function ArchivePage() {
  const { t } = useTranslation('activities');
  const queryClient = useQueryClient();
  const reasonLabels = useReasonLabels();
  const { page, pageSize, pagingOf } = useServerPaging(25);
  const [restoring, setRestoring] = useState<ActivityListItem | null>(null);
  const list = useEndpointQuery(
    listActivities,
    { query: { archived: 'true', pageNum: page, pageSize } },
    { placeholderData: keepPreviousData },
  );
  return (
    <ListFrame scope={{ kind: 'library' }} title={t('archive.title')} intro={t('archive.intro')}>
      <ActivityTable
        label={t('archive.title')}
        rows={list.data?.items}
        loading={list.isFetching}
        error={list.isError ? list.error : null}
        retry={() => void list.refetch()}
        paging={list.data && pagingOf(list.data.total)}
        empty={{ title: t('archive.empty'), hint: t('archive.emptyHint') }}
        actions={(a) => (
          <Button size="xs" variant="light" onClick={() => setRestoring(a)}>
            {t('archive.restore')}
          </Button>
        )}
      />
      <ReasonDialog
        opened={restoring !== null}
        title={t('archive.restoreTitle', { identifier: restoring?.identifier ?? '' })}
        labels={{ ...reasonLabels, confirm: t('archive.restore') }}
        onClose={() => setRestoring(null)}
        onConfirm={async (reason) => {
          if (!restoring) return;
          await api.call(archiveActivity, { params: { activityId: restoring.id }, body: { archived: false, reason } });
          await invalidateEndpoints(queryClient, listActivities, listActivityGroups);
        }}
      >
        {t('archive.restoreText')}
      </ReasonDialog>
    </ListFrame>
  );
}
