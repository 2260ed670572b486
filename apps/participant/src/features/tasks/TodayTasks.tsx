import { Loader, Stack, Text, Title } from '@mantine/core';
import { listMyTasks } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { queries } from '../../shared/data';
import { scheduleFailureText } from './schedule-markers';
import { useLang, useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { ErrorAlert, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { useOutbox } from './hooks';
import { HoldAlert, LocalResultCard, OfflineAlert, TaskCard } from './parts';
import './texts';
import { groupByView, shownTasks } from './view';

const TODAY = { query: { scope: 'today' as const } };

/**
 * Home: today's tasks grouped by status (to do, waiting to send, done, expired, …), the day of study,
 * why tasks are held, results of other days still on this device, and the way to all tasks.
 */
export function TodayTasks() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const pid = useSession()?.pid ?? null;
  const state = useEndpointQuery(queries, listMyTasks, pid ? TODAY : null);
  const outbox = useOutbox(pid) ?? [];
  const listed = state.status === 'success' ? new Set(state.data.items.map((i) => i.id)) : null;
  const otherDays = listed ? outbox.filter((i) => !listed.has(i.taskId)) : [];

  return (
    <Stack gap="md" component="section" aria-labelledby="today-tasks">
      <div>
        <Title order={2} fz="h3" id="today-tasks">
          {t('tasks.today')}
        </Title>
        {state.status === 'success' && state.data.participantCurrentDay !== null && (
          <Text c="dimmed" data-testid="study-day">
            {t('tasks.studyDay', { day: state.data.participantCurrentDay })}
          </Text>
        )}
      </div>
      <OfflineAlert />
      {state.status === 'loading' && <Loader size="sm" role="img" aria-label={t('app.loading')} />}
      {state.status === 'error' && <ErrorAlert>{scheduleFailureText(state.error, lang)}</ErrorAlert>}
      {state.status === 'success' && (
        <>
          <HoldAlert hold={state.data.hold} />
          {state.data.items.length === 0 && <Text>{t('tasks.empty')}</Text>}
          {groupByView(shownTasks(state.data.items, outbox)).map(({ group, tasks }) => (
            <Stack gap="sm" key={group}>
              <Title order={3} fz="h5">
                {t(`tasks.group.${group}`)}
              </Title>
              {tasks.map((s) => (
                <TaskCard key={s.task.id} shown={s} timeZone={state.data.timeZone} level={4} />
              ))}
            </Stack>
          ))}
          {otherDays.length > 0 && (
            <Stack gap="sm">
              <Title order={3} fz="h5">
                {t('tasks.group.otherDays')}
              </Title>
              {otherDays.map((item) => (
                <LocalResultCard key={item.uuid} item={item} level={4} />
              ))}
            </Stack>
          )}
        </>
      )}
      <TouchLink to={studyPath(study.studyCode, PAGES.tasks)}>{t('tasks.allTasks')}</TouchLink>
    </Stack>
  );
}
