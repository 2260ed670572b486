/**
 * The editors of a revision (the form builder, advanced scoring) open its DRAFT; when the newest revision
 * is frozen (ACTIVE or RETIRED) they say so and offer to make a new revision (C-136, C-137).
 */
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import {
  type ActivityDetail,
  type ActivityRevision,
  createActivityRevision,
  getActivity,
  getActivityRevision,
  listActivities,
} from '@trialpath/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage } from '../../../shared/api';
import { invalidateEndpoints, useEndpointQuery } from '../../../shared/queries';

function FrozenNotice({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation('activities');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = activity.revisions[0] ?? activity.latest;
  const make = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.call(createActivityRevision, { params: { activityId: activity.id } });
      await invalidateEndpoints(queryClient, getActivity, listActivities);
    } catch (e) {
      setError(errorMessage(e, t('common.failed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      color="blue"
      variant="light"
      data-testid="frozen-notice"
      title={t('frozen.title', { number: latest.number, status: latest.status })}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('frozen.text')}</Text>
        {!activity.archived && (
          <Button size="sm" loading={busy} onClick={() => void make()}>
            {t('frozen.make', { number: latest.number + 1 })}
          </Button>
        )}
        {error && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function DraftLoader(props: {
  activity: ActivityDetail;
  revisionId: string;
  children: (revision: ActivityRevision, reload: () => void) => ReactNode;
}) {
  const { t } = useTranslation('activities');
  const [generation, setGeneration] = useState(0);
  // Always read afresh: an older copy would carry an old lock version.
  const revision = useEndpointQuery(
    getActivityRevision,
    { params: { activityId: props.activity.id, revisionId: props.revisionId } },
    { refetchOnMount: 'always' },
  );
  if (revision.isError)
    return (
      <Alert color="red" variant="light" role="alert" title={errorMessage(revision.error, t('common.loadError'))}>
        <Button size="xs" variant="default" onClick={() => void revision.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  if (!revision.data || !revision.isFetchedAfterMount)
    return (
      <Center py="xl" role="status">
        <Loader size="sm" role="img" aria-label={t('common.loading')} />
      </Center>
    );
  const reload = () => {
    void revision.refetch().then(() => setGeneration((g) => g + 1));
  };
  return <div key={`${revision.data.id}-${generation}`}>{props.children(revision.data, reload)}</div>;
}

export function DraftGate(props: {
  activity: ActivityDetail;
  /** Shown under the frozen notice (the newest revision, read-only). */
  frozen?: ReactNode;
  children: (revision: ActivityRevision, reload: () => void) => ReactNode;
}) {
  const { t } = useTranslation('activities');
  const { activity } = props;
  const latest = activity.revisions[0] ?? activity.latest;
  if (activity.archived)
    return (
      <Alert color="gray" variant="light">
        <Text size="sm">{t('frame.archivedText')}</Text>
      </Alert>
    );
  if (latest.status !== 'DRAFT')
    return (
      <Stack gap="md">
        <FrozenNotice activity={activity} />
        {props.frozen}
      </Stack>
    );
  return (
    <DraftLoader activity={activity} revisionId={latest.id}>
      {props.children}
    </DraftLoader>
  );
}
