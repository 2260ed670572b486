import '../../feature-styles';
import { Alert, Button, List, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type ApiError, getMyTask, listMyTasks } from '@trialpath/contract';
import {
  type Activity,
  type AnswerMap,
  buildResultPayload,
  localize,
  isMessageKey,
  questionDisplayText,
  translate,
} from '@trialpath/domain';
// The activity messages (validation texts) join the catalogue with the activity screens (decision 0036).
import '@trialpath/domain/activity-messages';
import { ActivityRunner, type RunnerAnswers } from '@trialpath/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../app/router';
import { PAGES, studyPath } from '../../app/routes';
import { queries } from '../../shared/data';
import { failureText } from '../../shared/errors';
import { useDocumentTitle, useLang, useSession } from '../../shared/hooks';
import { deviceId } from '../../shared/portal';
import { useEndpointQuery } from '../../shared/queries';
import type { Study } from '../../shared/data';
import { ErrorAlert, PageTitle, PrimaryButton, TouchLink } from '../layout/parts';
import { useRouteParam } from '../layout/route-params';
import { PageLoader } from '../layout/StudyLayout';
import { useStudy } from '../layout/study-context';
import { loadDraft, saveAnswers, startRun, type TaskDraft, type TaskSnapshot } from './drafts';
import { useOnline } from './hooks';
import { enqueue, listOutbox, newOutboxItem, type OutboxItem, onOutboxChange } from './outbox';
import { OfflineAlert, refusalText } from './parts';
import { sendNow, tasksDb } from './runtime';
import './texts';
import { outboxItemOf } from './view';

type Local = { draft: TaskDraft | undefined; item: OutboxItem | undefined };

const TODAY = { query: { scope: 'today' as const } };

/** A client-made uuid (uuidFromMobile); crypto.randomUUID needs a secure context, getRandomValues does not. */
export function makeUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The study's language id of the participant's language (its culture, else its base language), else the code. */
export function appLanguageIdOf(languages: Study['languages'], lang: string): string {
  const base = (c: string) => c.toLowerCase().split(/[-_]/)[0];
  const exact = languages.find((l) => l.language_culture.toLowerCase() === lang.toLowerCase());
  return (exact ?? languages.find((l) => base(l.language_culture) === base(lang)))?.language_id ?? lang;
}

/** The browser's zone, when the participant's is not known yet (no task list read). */
function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * One task: its activity run page by page (the shared ActivityRunner, every rule the domain's), the
 * answers kept on this device on every change, and the result sent — or kept in the outbox until the
 * connection returns. Route #/participants/web/{studyCode}/tasks/{taskId}.
 */
export default function TaskPage() {
  const taskId = useRouteParam('taskId');
  const pid = useSession()?.pid ?? null;
  if (!pid) return null;
  return <TaskScreen key={`${pid}/${taskId}`} pid={pid} taskId={taskId} />;
}

function TaskScreen({ pid, taskId }: { pid: string; taskId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { study } = useStudy();
  const input = { params: { taskId } };
  const remote = useEndpointQuery(queries, getMyTask, input);
  const today = useEndpointQuery(queries, listMyTasks, TODAY);
  const [local, setLocal] = useState<Local | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  /** The uuid of a result of this task seen waiting: once it has left the outbox, the server has it. */
  const seenWaiting = useRef<string | null>(null);
  /** Whether the run was taken up again with answers from before (said once, above the questions). */
  const restored = useRef<boolean | null>(null);

  // What this device holds for the task: the run in progress and a result waiting or refused.
  useEffect(() => {
    let live = true;
    const read = async () => {
      const db = await tasksDb();
      const [draft, items] = await Promise.all([loadDraft(db, pid, taskId), listOutbox(db, pid)]);
      if (!live) return;
      const item = outboxItemOf(taskId, items);
      if (seenWaiting.current && !items.some((i) => i.uuid === seenWaiting.current)) setSent(true);
      seenWaiting.current = item?.state === 'pending' ? item.uuid : null;
      setLocal({ draft, item });
    };
    void read();
    const off = onOutboxChange(() => void read());
    return () => {
      live = false;
      off();
    };
  }, [pid, taskId]);

  const timeZone = today.status === 'success' ? today.data.timeZone : (local?.draft?.snapshot?.timeZone ?? null);
  // The server's task when it answered; otherwise (offline) the copy kept with the answers.
  const snapshot: TaskSnapshot | null =
    remote.status === 'success'
      ? { task: remote.data, timeZone }
      : remote.status === 'error'
        ? (local?.draft?.snapshot ?? null)
        : null;
  const data = snapshot?.task ?? null;
  const answerable = data?.task.canAnswer === true;
  const waiting = local?.item?.state === 'pending' && !submitting;

  // The run starts (its uuid is made) once the task can be answered; the kept copy follows the server's.
  const runReady = local !== null && answerable && !waiting && !sent;
  const remoteData = remote.status === 'success' ? remote.data : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once ready, the copy refreshed with the server's task
  useEffect(() => {
    if (!runReady || !snapshot) return;
    let live = true;
    void tasksDb()
      .then((db) => startRun(db, pid, taskId, makeUuid, snapshot))
      .then((draft) => {
        if (live) setLocal((l) => (l && !l.draft ? { ...l, draft } : l));
      });
    return () => {
      live = false;
    };
  }, [runReady, remoteData, timeZone]);

  useDocumentTitle(data ? localize(data.task.title, lang) : t('app.loading'), study.name);
  const home = studyPath(study.studyCode, PAGES.home);
  const backHome = <TouchLink to={home}>{t('nav.backToHome')}</TouchLink>;

  if (sent) {
    return (
      <Stack gap="md">
        <PageTitle>{t('tasks.sentTitle')}</PageTitle>
        <Alert color="teal" variant="light" role="status">
          {t('tasks.sentText')}
        </Alert>
        <PrimaryButton type="button" onClick={() => navigate(home)}>
          {t('nav.backToHome')}
        </PrimaryButton>
      </Stack>
    );
  }
  if (local === null || (remote.status === 'loading' && !waiting)) return <PageLoader />;
  if (waiting && local.item) return <QueuedScreen item={local.item} backHome={backHome} onSent={() => setSent(true)} />;
  if (!data) {
    return (
      <Stack gap="md">
        <PageTitle>{t('tasks.task')}</PageTitle>
        <ErrorAlert>
          {failureText(remote.status === 'error' ? remote.error : null, lang, 'data.syncFailed', navigator.onLine)}
        </ErrorAlert>
        <Button size="lg" onClick={() => void queries.reload(getMyTask, input)}>
          {t('app.retry')}
        </Button>
        {backHome}
      </Stack>
    );
  }
  const refused = local.item?.state === 'failed' ? local.item : undefined;
  if (!answerable) {
    return (
      <Stack gap="md">
        <PageTitle>{localize(data.task.title, lang)}</PageTitle>
        {refused && <ErrorAlert>{t('tasks.refused', { message: refusalText(refused, lang) })}</ErrorAlert>}
        <Text>{t('tasks.notAnswerable')}</Text>
        {backHome}
      </Stack>
    );
  }
  if (!local.draft) return <PageLoader />;

  const draft = local.draft;
  restored.current ??= Object.keys(draft.answers).length > 0;
  const submit = async (answers: RunnerAnswers) => {
    setSubmitting(true);
    try {
      const payload = buildResultPayload(data.activity, answers as AnswerMap, {
        studyId: data.studyId,
        participantId: data.participantId,
        siteId: data.siteId,
        studyVersionId: data.studyVersionId,
        deviceId: deviceId(),
        uuidFromMobile: draft.uuid,
        taskInstanceId: data.task.id,
        appLanguageId: appLanguageIdOf(study.languages, lang),
        displayLanguage: lang,
        timeZone: timeZone ?? browserZone(),
      });
      const item = newOutboxItem({ pid, taskId, activityId: data.task.activityId, title: data.task.title, payload });
      // Kept on the device before it is sent: a closed tab or a lost answer loses nothing.
      await enqueue(await tasksDb(), item);
      setLocal((l) => l && { ...l, item });
      if (!navigator.onLine) return;
      const result = await sendNow(item);
      if (result.kind === 'sent') setSent(true);
      if (result.kind === 'failed') {
        setLocal(
          (l) =>
            l && { ...l, item: { ...item, state: 'failed', refusal: { status: result.status, body: result.body } } },
        );
        // The runner keeps the last page and the answers and says so; the reasons are listed above it.
        throw new Error('refused');
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="md">
      {/* The screen's h1; the runner shows the activity's title as its visible heading. */}
      <VisuallyHidden>
        <PageTitle>{localize(data.task.title, lang)}</PageTitle>
      </VisuallyHidden>
      <OfflineAlert />
      {restored.current && !refused && <Text c="dimmed">{t('tasks.restored')}</Text>}
      {refused && <Refusal item={refused} activity={data.activity} />}
      <ActivityRunner
        key={draft.uuid}
        activity={data.activity}
        language={lang}
        mode="participant"
        showScores={false}
        ruleContext={{ timeZone: timeZone ?? browserZone() }}
        initialAnswers={draft.answers}
        labels={refused ? { submitFailed: refusedLabel(refused, lang, t('tasks.fieldErrors')) } : undefined}
        onAnswersChange={(answers) => {
          void tasksDb().then((db) => saveAnswers(db, pid, taskId, answers as AnswerMap));
        }}
        onSubmit={submit}
      />
      {backHome}
    </Stack>
  );
}

/**
 * The per-question messages of a refusal (keyed by question identifier, decision B-091) in the
 * participant's language: from their catalogue keys, else the server's English texts.
 */
export function fieldMessages(body: ApiError | null, lang: string): [string, string[]][] {
  if (!body) return [];
  const english = body.fieldErrors ?? {};
  const keyed = body.fieldErrorKeys;
  if (!keyed) return Object.entries(english);
  return Object.entries(keyed).map(([field, refs]) => [
    field,
    refs.map((r, i) => (isMessageKey(r.key) ? translate(r.key, r.params, lang) : (english[field]?.[i] ?? ''))),
  ]);
}

function refusedLabel(item: OutboxItem, lang: string, fieldErrorsText: string): string {
  return item.refusal?.body?.fieldErrors || item.refusal?.body?.fieldErrorKeys
    ? fieldErrorsText
    : refusalText(item, lang);
}

/** Why the server refused the result: its message, and each question's messages in the participant's language. */
function Refusal({ item, activity }: { item: OutboxItem; activity: Activity }) {
  const { t } = useTranslation();
  const lang = useLang();
  const entries = fieldMessages(item.refusal?.body ?? null, lang);
  if (entries.length === 0) {
    return <ErrorAlert>{t('tasks.refused', { message: refusalText(item, lang) })}</ErrorAlert>;
  }
  const questionText = (key: string) => {
    const q = activity.questions.find((x) => x.identifier === key);
    return q ? questionDisplayText(q, lang) : '';
  };
  return (
    <Alert color="red" variant="light" role="alert" data-testid="field-errors">
      <Stack gap="xs">
        <Text fw={600}>{t('tasks.checkAnswers')}</Text>
        <List spacing={4}>
          {entries.map(([key, messages]) => (
            <List.Item key={key}>
              {questionText(key) && <Text span fw={600}>{`${questionText(key)}: `}</Text>}
              {messages.join(' ')}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

/** The result is kept on this device and waits for the connection (or the server) to take it. */
function QueuedScreen({ item, backHome, onSent }: { item: OutboxItem; backHome: ReactNode; onSent: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  return (
    <Stack gap="md">
      <PageTitle>{t('tasks.queuedTitle')}</PageTitle>
      <OfflineAlert />
      <Alert color="blue" variant="light" role="status" data-testid="queued">
        {t('tasks.queuedText')}
      </Alert>
      {tried && <Text>{t('tasks.stillWaiting')}</Text>}
      {online && (
        <PrimaryButton
          type="button"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void sendNow(item)
              .then((r) => {
                if (r.kind === 'sent') onSent();
                else setTried(r.kind === 'kept');
              })
              .finally(() => setBusy(false));
          }}
        >
          {t('tasks.sendNow')}
        </PrimaryButton>
      )}
      {backHome}
    </Stack>
  );
}
