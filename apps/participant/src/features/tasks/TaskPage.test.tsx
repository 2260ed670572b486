// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getMyTask, listMyTasks } from '@trialpath/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { DEVICE_ID_KEY } from '../../shared/storage';
import { demoSession } from '../../shared/test-session';
import { DRAFTS, OUTBOX } from './db';
import { loadDraft } from './drafts';
import { listOutbox } from './outbox';
import { tasksDb } from './runtime';
import TaskPage from './TaskPage';
import {
  fakeServer,
  json,
  myTask,
  networkDown,
  renderInStudy,
  stored,
  TASK_ID,
  taskList,
  taskResponse,
} from './test-kit';

const DEVICE = '0b9e7c4e-5d7a-4f1e-9a51-6d1c6b1f2a33';
const GET_TASK = `GET /api/v1/participant/tasks/${TASK_ID}`;
const GET_TODAY = 'GET /api/v1/participant/tasks?scope=today';
const POST_RESULT = 'POST /api/v1/participant/activities/act-1/results';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const REFUSED = {
  code: 'VALIDATION_FAILED',
  message: 'Some fields are not valid. Please check them and try again.',
  messageKey: 'errors.validationFailed',
  fieldErrors: { slept: ['Please select an answer'] },
  fieldErrorKeys: { slept: [{ key: 'activity.required' }] },
};

async function clearDb() {
  const db = await tasksDb();
  for (const d of await db.all<{ pid: string; taskId: string }>(DRAFTS)) await db.delete(DRAFTS, [d.pid, d.taskId]);
  for (const i of await db.all<{ uuid: string }>(OUTBOX)) await db.delete(OUTBOX, i.uuid);
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  window.localStorage.setItem(DEVICE_ID_KEY, DEVICE);
  session.set(demoSession);
  queries.remove(getMyTask, listMyTasks);
  await clearDb();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const openTask = () => renderInStudy(<TaskPage />, { taskId: TASK_ID });
const answerYes = async () => fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
const bodyOf = (c: { body: unknown }) => c.body as Record<string, unknown>;

describe('task page', () => {
  it("sends the result built from the task: the task's id, a client uuid, the stored device id; then says done", async () => {
    const server = fakeServer({
      [GET_TASK]: json(200, taskResponse()),
      [GET_TODAY]: json(200, taskList([myTask()])),
      [POST_RESULT]: json(200, stored),
    });
    vi.stubGlobal('fetch', server.fetch);
    openTask();
    expect(await screen.findByText('Did you sleep well?')).toBeTruthy();
    await answerYes();
    submit();

    expect(await screen.findByText('Your answers have been sent.')).toBeTruthy();
    const [post] = server.posts();
    expect(bodyOf(post!)).toMatchObject({
      taskInstanceId: TASK_ID,
      deviceId: DEVICE,
      studyId: 's-1',
      participantId: 'DEMO-US001-0001',
      studyVersionId: 'v-1',
      deviceType: 'Web',
      results: [
        expect.objectContaining({
          questionId: 'slept',
          optionId: 'true',
          displayLanguage: 'en',
          appLanguageId: 'lang-en',
        }),
      ],
    });
    expect(bodyOf(post!).uuidFromMobile).toMatch(UUID);
    // the tasks are read again, the result and the answers in progress are gone from the device
    await waitFor(() => expect(server.calls.filter((c) => `GET ${c.url}` === GET_TODAY).length).toBe(2));
    const db = await tasksDb();
    expect(await listOutbox(db, 'p-1')).toEqual([]);
    expect(await loadDraft(db, 'p-1', TASK_ID)).toBeUndefined();
  });

  it('a 422 shows each question with its message, keeps the answers, and the corrected result goes with the same uuid', async () => {
    const server = fakeServer({
      [GET_TASK]: json(200, taskResponse()),
      [GET_TODAY]: json(200, taskList([myTask()])),
      [POST_RESULT]: [json(422, REFUSED), json(200, stored)],
    });
    vi.stubGlobal('fetch', server.fetch);
    openTask();
    await answerYes();
    submit();

    const alert = await screen.findByTestId('field-errors');
    expect(alert.textContent).toBe('Please check these answers:Did you sleep well?: Please select an answer');
    // the runner's own notice by the Submit button says what to do
    expect(screen.getByText('Some answers were not accepted. Correct them and submit again.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);

    submit();
    expect(await screen.findByText('Your answers have been sent.')).toBeTruthy();
    const [first, second] = server.posts();
    expect(bodyOf(second!).uuidFromMobile).toBe(bodyOf(first!).uuidFromMobile);
  });

  it('no answer from the server keeps the result on the device; "Send now" sends it again with the same uuid', async () => {
    const server = fakeServer({
      [GET_TASK]: json(200, taskResponse()),
      [GET_TODAY]: json(200, taskList([myTask()])),
      [POST_RESULT]: [networkDown, json(200, stored)],
    });
    vi.stubGlobal('fetch', server.fetch);
    openTask();
    await answerYes();
    submit();

    expect(await screen.findByTestId('queued')).toBeTruthy();
    const [waiting] = await listOutbox(await tasksDb(), 'p-1');
    expect(waiting).toMatchObject({ state: 'pending', taskId: TASK_ID });

    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('Your answers have been sent.')).toBeTruthy();
    const [first, second] = server.posts();
    expect(bodyOf(first!).uuidFromMobile).toBe(waiting?.uuid);
    expect(bodyOf(second!).uuidFromMobile).toBe(waiting?.uuid);
    expect(await listOutbox(await tasksDb(), 'p-1')).toEqual([]);
  });

  it('offline: nothing is sent, the result waits in the outbox and the page says so with the offline text', async () => {
    const server = fakeServer({
      [GET_TASK]: json(200, taskResponse()),
      [GET_TODAY]: json(200, taskList([myTask()])),
      [POST_RESULT]: json(200, stored),
    });
    vi.stubGlobal('fetch', server.fetch);
    openTask();
    await answerYes();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    submit();

    expect(await screen.findByTestId('queued')).toBeTruthy();
    expect(screen.getByTestId('offline').textContent).toBe(
      'No internet connection detected. Please try again after a connection is established.',
    );
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
    expect(server.posts()).toEqual([]);
    const [waiting] = await listOutbox(await tasksDb(), 'p-1');
    expect(waiting?.payload).toMatchObject({ taskInstanceId: TASK_ID, uuidFromMobile: waiting?.uuid });
  });

  it('keeps the answers on every change and restores them when the task is opened again; the run keeps its uuid', async () => {
    const server = fakeServer({
      [GET_TASK]: json(200, taskResponse()),
      [GET_TODAY]: json(200, taskList([myTask()])),
      [POST_RESULT]: json(200, stored),
    });
    vi.stubGlobal('fetch', server.fetch);
    const first = openTask();
    await answerYes();
    const db = await tasksDb();
    await waitFor(async () =>
      expect((await loadDraft(db, 'p-1', TASK_ID))?.answers).toEqual({
        slept: expect.objectContaining({ optionId: 'true' }),
      }),
    );
    const { uuid } = (await loadDraft(db, 'p-1', TASK_ID))!;
    first.unmount();

    openTask();
    expect(await screen.findByText('Your earlier answers have been restored.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
    submit();
    expect(await screen.findByText('Your answers have been sent.')).toBeTruthy();
    expect(bodyOf(server.posts()[0]!).uuidFromMobile).toBe(uuid);
  });

  it('opened again without a connection, runs from the copy kept with the answers', async () => {
    const online = fakeServer({
      [GET_TASK]: json(200, taskResponse()),
      [GET_TODAY]: json(200, taskList([myTask()])),
    });
    vi.stubGlobal('fetch', online.fetch);
    const first = openTask();
    await answerYes();
    const db = await tasksDb();
    await waitFor(async () =>
      expect((await loadDraft(db, 'p-1', TASK_ID))?.snapshot?.timeZone).toBe('America/New_York'),
    );
    await waitFor(async () => expect((await loadDraft(db, 'p-1', TASK_ID))?.answers.slept).toBeDefined());
    first.unmount();
    queries.remove(getMyTask, listMyTasks);

    vi.stubGlobal(
      'fetch',
      fakeServer({}).fetch.mockImplementation(async () => networkDown()),
    );
    openTask();
    expect(await screen.findByText('Did you sleep well?')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a task that cannot be answered (done) shows no questions', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer({
        [GET_TASK]: json(200, taskResponse(myTask({ status: 'COMPLETED', canAnswer: false }))),
        [GET_TODAY]: json(200, taskList([])),
      }).fetch,
    );
    openTask();
    expect(await screen.findByText('This task cannot be answered now.')).toBeTruthy();
    expect(screen.queryByText('Did you sleep well?')).toBeNull();
    expect(await loadDraft(await tasksDb(), 'p-1', TASK_ID)).toBeUndefined();
  });
});
