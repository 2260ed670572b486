// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { getMyTask, getParticipantProfile, listMyTasks } from '@trialpath/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../i18n';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { demoSession } from '../../shared/test-session';
import HomePage from '../home/HomePage';
import AllTasksPage from './AllTasksPage';
import { OUTBOX } from './db';
import { enqueue, newOutboxItem } from './outbox';
import { tasksDb } from './local-db';
import { fakeServer, json, myTask, renderInStudy, TASK_ID, taskList } from './test-kit';

const GET_TODAY = 'GET /api/v1/participant/tasks?scope=today';
const GET_ALL = 'GET /api/v1/participant/tasks?scope=all';
const PROFILE = {
  pid: 'p-1',
  participantId: 'DEMO-US001-0001',
  username: 'participant.demo',
  email: null,
  studyId: 's-1',
  siteId: 'site-1',
  languageId: 'lang-en',
  status: 'ACTIVE',
};
const DONE_ID = '7a2b3c4d-0000-4000-8000-000000000002';
const EXPIRED_ID = '7a2b3c4d-0000-4000-8000-000000000003';

const open = myTask();
const done = myTask({
  id: DONE_ID,
  title: { en: 'Pain scale', es: 'Escala de dolor' },
  status: 'COMPLETED',
  canAnswer: false,
  answeredAt: '2026-03-05T09:10:00.000Z',
});
const expired = myTask({
  id: EXPIRED_ID,
  title: { en: 'Morning check-in' },
  status: 'EXPIRED',
  canAnswer: false,
  opensAt: '2026-03-05T06:00:00.000Z',
  closesAt: null,
});

function serve(list: unknown, routes: Record<string, Response> = {}) {
  const server = fakeServer({
    'GET /api/v1/participant/me': json(200, PROFILE),
    [GET_TODAY]: json(200, list),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const group = (name: string) => {
  const heading = screen.getByRole('heading', { level: 3, name });
  return within(heading.parentElement as HTMLElement);
};

async function clearOutbox() {
  const db = await tasksDb();
  for (const i of await db.all<{ uuid: string }>(OUTBOX)) await db.delete(OUTBOX, i.uuid);
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  session.set(demoSession);
  queries.remove(listMyTasks, getMyTask, getParticipantProfile);
  await clearOutbox();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe("home: today's tasks", () => {
  it('groups the tasks by status, with window in the participant’s zone and a button only where one may answer', async () => {
    serve(taskList([done, expired, open]));
    renderInStudy(<HomePage />);
    expect(await screen.findByRole('heading', { level: 2, name: "Today's tasks" })).toBeTruthy();
    expect(await screen.findByText('Day 3 of the study')).toBeTruthy();

    const todo = group('To do');
    expect(todo.getByRole('heading', { level: 4, name: 'Sleep diary' })).toBeTruthy();
    expect(todo.getByText('Open')).toBeTruthy();
    // 08:00 UTC is 03:00 in New York (the participant's zone), not the machine's
    expect(todo.getByText('Opens Mar 5, 2026, 03:00 AM EST')).toBeTruthy();
    expect(todo.getByText('Closes Mar 5, 2026, 03:00 PM EST')).toBeTruthy();
    const answer = todo.getByRole('link', { name: 'Answer: Sleep diary' });
    expect(answer.getAttribute('href')).toBe(`#/participants/web/DEMO/tasks/${TASK_ID}`);

    const doneGroup = group('Done');
    expect(doneGroup.getByText('Pain scale')).toBeTruthy();
    expect(doneGroup.queryByRole('link')).toBeNull();
    const expiredGroup = group('Expired');
    expect(expiredGroup.getByText('No closing time')).toBeTruthy();
    expect(expiredGroup.queryByRole('link')).toBeNull();

    expect(screen.getByRole('link', { name: 'All tasks' }).getAttribute('href')).toBe('#/participants/web/DEMO/tasks');
  });

  it("shows titles and texts in the participant's language", async () => {
    await changeLanguage('es');
    serve(taskList([open, done]));
    renderInStudy(<HomePage />, {}, 'es');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tareas de hoy' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 4, name: 'Diario de sueño' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Escala de dolor' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Responder: Diario de sueño' })).toBeTruthy();
  });

  it.each([
    ['consentRequired', 'A consent is waiting for your signature. Your activities are paused until you sign it.'],
    ['activitiesDisabled', 'Your study team has paused your activities for now.'],
  ] as const)('says why tasks are held: %s', async (hold, text) => {
    serve(taskList([myTask({ canAnswer: false })], { hold }));
    renderInStudy(<HomePage />);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Answer/ })).toBeNull();
  });

  it('says there is nothing to do today when there are no tasks', async () => {
    serve(taskList([]));
    renderInStudy(<HomePage />);
    expect(await screen.findByText('There is nothing to do today.')).toBeTruthy();
  });

  it('shows a task whose result waits on this device as "waiting to send", without a button to answer again', async () => {
    const db = await tasksDb();
    await enqueue(db, waitingItem('u-1', TASK_ID));
    serve(taskList([open]));
    renderInStudy(<HomePage />);
    const waiting = await waitFor(() => group('Waiting to send'));
    expect(waiting.getByText('Sleep diary')).toBeTruthy();
    expect(waiting.getByText('Waiting to send', { selector: 'span' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Answer/ })).toBeNull();
  });

  it("shows a refused result with the server's reason and a button to correct it", async () => {
    const db = await tasksDb();
    const item = waitingItem('u-1', TASK_ID);
    await enqueue(db, {
      ...item,
      state: 'failed',
      refusal: { status: 409, body: { code: 'CONFLICT', message: 'x', messageKey: 'errors.notFound' } },
    });
    serve(taskList([open]));
    renderInStudy(<HomePage />);
    expect(await screen.findByText('Your answers were not accepted: The requested item was not found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Correct and send again: Sleep diary' })).toBeTruthy();
  });
});

describe('all tasks', () => {
  it("lists every task by study day, today's day marked", async () => {
    const day5 = myTask({
      id: '7a2b3c4d-0000-4000-8000-000000000005',
      startDay: 5,
      endDay: 5,
      status: 'SCHEDULED',
      canAnswer: false,
      title: { en: 'Week review' },
    });
    serve(taskList([day5, open, myTask({ ...done, startDay: 1 })]), {
      [GET_ALL]: json(200, taskList([day5, open, myTask({ ...done, startDay: 1 })])),
    });
    renderInStudy(<AllTasksPage />);
    await screen.findByRole('heading', { level: 2, name: 'Day 3 (today)' });
    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days).toEqual(['Day 1', 'Day 3 (today)', 'Day 5']);
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Pain scale', 'Sleep diary', 'Week review']);
    expect(screen.getByText('Upcoming')).toBeTruthy();
  });
});

function waitingItem(uuid: string, taskId: string) {
  return newOutboxItem({
    pid: 'p-1',
    taskId,
    activityId: 'act-1',
    title: { en: 'Sleep diary' },
    payload: { uuidFromMobile: uuid } as never,
  });
}
