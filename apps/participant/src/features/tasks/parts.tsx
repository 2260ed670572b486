import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { listMyTasks, ResponseOf } from '@trialpath/contract';
import { localize, serverMessageText, translate } from '@trialpath/domain';
import { useTranslation } from 'react-i18next';
import { PAGES, studyHref } from '../../app/routes';
import { useLang } from '../../shared/hooks';
import { useStudy } from '../layout/study-context';
import { useOnline } from './hooks';
import type { OutboxItem } from './outbox';
import './texts';
import { canOpen, formatInZone, type ShownTask, type TaskView } from './view';

const BADGE_COLOR: Record<TaskView, string> = {
  open: 'blue',
  done: 'green',
  expired: 'gray',
  upcoming: 'gray',
  notSentYet: 'gray',
  withdrawn: 'gray',
  waiting: 'orange',
  failed: 'red',
};

/** `#/participants/web/{code}/tasks/{taskId}`: the task page. */
export function taskHref(studyCode: string, taskId: string): string {
  return studyHref(studyCode, PAGES.tasks, taskId);
}

/** The server's reason for refusing a result, in the participant's language. */
export function refusalText(item: OutboxItem, lang: string): string {
  const status = item.refusal?.status;
  const fallback = status === 404 ? 'errors.notFound' : status === 409 ? 'errors.conflict' : 'errors.validationFailed';
  return serverMessageText(item.refusal?.body ?? null, lang) ?? translate(fallback, undefined, lang);
}

function CardHeader({ title, view, level }: { title: string; view: TaskView; level: 3 | 4 }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Title order={level} fz="h4">
        {title}
      </Title>
      <Badge variant="light" color={BADGE_COLOR[view]} c="dark.7" style={{ flex: 'none' }}>
        {t(`tasks.status.${view}`)}
      </Badge>
    </Group>
  );
}

/** One task: title, window in the participant's zone, status, and the button to answer it. */
export function TaskCard({ shown, timeZone, level }: { shown: ShownTask; timeZone: string; level: 3 | 4 }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const { task, view, local } = shown;
  const title = localize(task.title, lang);
  const closes = formatInZone(task.closesAt, timeZone, lang);
  return (
    <Paper withBorder p="md" radius="md" component="article" data-testid={`task-${task.id}`}>
      <Stack gap={6}>
        <CardHeader title={title} view={view} level={level} />
        <Text size="sm">{t('tasks.opens', { at: formatInZone(task.opensAt, timeZone, lang) })}</Text>
        <Text size="sm">{closes ? t('tasks.closes', { at: closes }) : t('tasks.noClose')}</Text>
        {view === 'failed' && local && (
          <Text size="sm" c="red.9">
            {t('tasks.refused', { message: refusalText(local, lang) })}
          </Text>
        )}
        {canOpen(task, view) && (
          <Button
            component="a"
            href={taskHref(study.studyCode, task.id)}
            size="md"
            mt={4}
            aria-label={`${view === 'failed' ? t('tasks.correct') : t('tasks.answer')}: ${title}`}
          >
            {view === 'failed' ? t('tasks.correct') : t('tasks.answer')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * A result on this device whose task is not in the list shown (its day has passed): it is still
 * waiting to be sent, or was refused, and the participant sees so.
 */
export function LocalResultCard({ item, level }: { item: OutboxItem; level: 3 | 4 }) {
  const { t } = useTranslation();
  const lang = useLang();
  const view: TaskView = item.state === 'pending' ? 'waiting' : 'failed';
  return (
    <Paper withBorder p="md" radius="md" component="article" data-testid={`result-${item.uuid}`}>
      <Stack gap={6}>
        <CardHeader title={localize(item.title, lang)} view={view} level={level} />
        {view === 'failed' && (
          <Text size="sm" c="red.9">
            {t('tasks.refused', { message: refusalText(item, lang) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Why the participant cannot start tasks now (spec: a consent to sign, or activities paused by staff). */
export function HoldAlert({ hold }: { hold: ResponseOf<typeof listMyTasks>['hold'] }) {
  const { t } = useTranslation();
  if (!hold) return null;
  return (
    <Alert color="yellow" variant="light" role="status" styles={{ message: { color: 'var(--mantine-color-dark-8)' } }}>
      {hold === 'consentRequired' ? t('tasks.holdConsent') : t('tasks.holdDisabled')}
    </Alert>
  );
}

/** While the browser is offline: the portal's offline text (the same as its connectivity toast). */
export function OfflineAlert() {
  const online = useOnline();
  const lang = useLang();
  if (online) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      role="status"
      data-testid="offline"
      styles={{ message: { color: 'var(--mantine-color-dark-8)' } }}
    >
      {translate('network.offlineParticipant', undefined, lang)}
    </Alert>
  );
}
