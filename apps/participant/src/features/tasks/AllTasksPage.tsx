import '../../feature-styles';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { listMyTasks } from '@trialpath/contract';
import { useTranslation } from 'react-i18next';
import { PAGES, studyPath } from '../../app/routes';
import { queries } from '../../shared/data';
import { scheduleFailureText } from './schedule-markers';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { useEndpointQuery } from '../../shared/queries';
import { ErrorAlert, PageTitle, TouchLink } from '../layout/parts';
import { useStudy } from '../layout/study-context';
import { useOutbox } from './hooks';
import { HoldAlert, OfflineAlert, TaskCard } from './parts';
import './texts';
import { groupByDay, shownTasks } from './view';

const ALL = { query: { scope: 'all' as const } };

/** Every task of the participant, by study day (today's marked). */
export default function AllTasksPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const pid = useSession()?.pid ?? null;
  const state = useEndpointQuery(queries, listMyTasks, pid ? ALL : null);
  const outbox = useOutbox(pid) ?? [];
  useDocumentTitle(t('tasks.allTasks'), study.name);

  return (
    <Stack gap="lg">
      <div>
        <PageTitle>{t('tasks.allTasks')}</PageTitle>
        {state.status === 'success' && state.data.participantCurrentDay !== null && (
          <Text c="dimmed">{t('tasks.studyDay', { day: state.data.participantCurrentDay })}</Text>
        )}
      </div>
      <OfflineAlert />
      {state.status === 'loading' && <Loader size="sm" role="img" aria-label={t('app.loading')} />}
      {state.status === 'error' && <ErrorAlert>{scheduleFailureText(state.error, lang)}</ErrorAlert>}
      {state.status === 'success' && (
        <>
          <HoldAlert hold={state.data.hold} />
          {state.data.items.length === 0 && <Text>{t('tasks.emptyAll')}</Text>}
          {groupByDay(shownTasks(state.data.items, outbox)).map(({ day, tasks }) => (
            <Stack gap="sm" key={day}>
              <Title order={2} fz="h4">
                {day === state.data.participantCurrentDay
                  ? t('tasks.dayToday', { day })
                  : t('tasks.dayHeading', { day })}
              </Title>
              {tasks.map((s) => (
                <TaskCard key={s.task.id} shown={s} timeZone={state.data.timeZone} level={3} />
              ))}
            </Stack>
          ))}
        </>
      )}
      <TouchLink to={studyPath(study.studyCode, PAGES.home)}>{t('nav.backToHome')}</TouchLink>
    </Stack>
  );
}
