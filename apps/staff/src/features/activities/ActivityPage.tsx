/**
 * One activity's screens (C-031; C-013…C-018, C-032, C-033): the frame — the way back to its list, its
 * title, kind and newest revision — and the tabs details, questions (the form builder), review, export,
 * advanced scoring and preview. One component for every route that opens an activity.
 */
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ApiRequestError, type ActivityDetail, getActivity } from '@trialpath/contract';
import { PageNotFound } from '@trialpath/ui';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { errorMessage } from '../../shared/api';
import { useEndpointQuery } from '../../shared/queries';
import { BuilderForm } from './builder/BuilderForm';
import { DraftGate } from './builder/DraftGate';
import { ScoringForm } from './builder/ScoringForm';
import { DetailsTab } from './DetailsTab';
import { ExportTab } from './ExportTab';
import { ACTIVITY_TABS, type ActivityPlace, type ActivityTab, activityPlace, listPath, scopeOf } from './paths';
import { PreviewTab } from './PreviewTab';
import { LatestReview, ReviewTab } from './ReviewTab';
import { KindBadge, RevisionBadge, useTitleOf } from './ui';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function Tabs({ place, tab }: { place: ActivityPlace; tab: ActivityTab }) {
  const { t } = useTranslation('activities');
  return (
    <Group
      component="nav"
      aria-label={t('frame.tabs')}
      gap={4}
      wrap="wrap"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-4)', paddingBottom: 6 }}
    >
      {ACTIVITY_TABS.map((id) => (
        <Anchor
          key={id}
          component={Link}
          to={place.tabPath(id)}
          size="sm"
          className="tp-nav-link"
          aria-current={id === tab ? 'page' : undefined}
          data-active={id === tab || undefined}
        >
          {t(`frame.tab.${id}`)}
        </Anchor>
      ))}
    </Group>
  );
}

function TabContent({ activity, place, tab }: { activity: ActivityDetail; place: ActivityPlace; tab: ActivityTab }) {
  switch (tab) {
    case 'details':
      return <DetailsTab activity={activity} base={place.tabPath('details').replace(/\/details$/, '')} />;
    case 'questions':
      return (
        <DraftGate activity={activity} frozen={<LatestReview activity={activity} />}>
          {(revision, reload) => <BuilderForm activity={activity} revision={revision} reload={reload} />}
        </DraftGate>
      );
    case 'review':
      return <ReviewTab activity={activity} />;
    case 'export':
      return <ExportTab activity={activity} />;
    case 'advanced-scoring':
      return (
        <DraftGate activity={activity}>
          {(revision, reload) => <ScoringForm activity={activity} revision={revision} reload={reload} />}
        </DraftGate>
      );
    case 'preview':
      return <PreviewTab activity={activity} />;
  }
}

function ActivityFrame({ place, tab }: { place: ActivityPlace; tab: ActivityTab }) {
  const { t } = useTranslation('activities');
  const titleOf = useTitleOf();
  const query = useEndpointQuery(getActivity, { params: { activityId: place.activityId } });
  const activity = query.data;
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404)
      return <PageNotFound homeHref="#/activity-library/home" />;
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={errorMessage(query.error, t('common.loadError'))}
        maw={1200}
        mx="auto"
      >
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (!activity)
    return (
      <Center py="xl" role="status">
        <Loader size="sm" role="img" aria-label={t('common.loading')} />
      </Center>
    );
  // An address naming another study (or the library) than the activity's is not this activity's.
  if ((place.studyId ?? null) !== activity.studyId) return <PageNotFound homeHref="#/activity-library/home" />;
  const scope = scopeOf(activity);
  return (
    <Stack gap="md" maw={1280} mx="auto">
      <Anchor component={Link} to={listPath(scope)} size="sm">
        ← {t(`frame.back_${scope.kind}`)}
      </Anchor>
      <div>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} fz={26}>
            {titleOf(activity)}
          </Title>
          <KindBadge kind={activity.kind} />
          <RevisionBadge revision={activity.latest} />
          {activity.archived && (
            <Badge color="gray.8" radius="sm" tt="none">
              {t('frame.archived')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" mt={4}>
          {t('frame.identifier', { identifier: activity.identifier })}
        </Text>
      </div>
      <Tabs place={place} tab={tab} />
      <TabContent activity={activity} place={place} tab={tab} />
    </Stack>
  );
}

export function ActivityPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const place = activityPlace(params, pathname);
  if (!place.tab || !UUID.test(place.activityId)) return <PageNotFound homeHref="#/activity-library/home" />;
  return <ActivityFrame key={place.activityId} place={place} tab={place.tab} />;
}
