import { ApiRequestError } from '@trialpath/contract';
import { buildResultPayload, parseActivity } from '@trialpath/domain';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX, openTasksDb, type TasksDb } from './db';
import { loadDraft, startRun } from './drafts';
import {
  enqueue,
  flushOutbox,
  isFinalRefusal,
  listOutbox,
  newOutboxItem,
  type OutboxItem,
  onOutboxChange,
  sendItem,
} from './outbox';

const activity = parseActivity({
  id: 'act-1',
  activityId: 'A-1',
  identifier: 'diary',
  revisionId: '1',
  type: 'epro',
  title: { en: 'Daily diary', es: 'Diario' },
  questions: [{ id: 'q1', identifier: 'mood', type: 'Boolean', body: { en: 'Did you sleep well?' } }],
});

function item(uuid: string, over: Partial<Pick<OutboxItem, 'pid' | 'taskId'>> = {}, at = new Date()): OutboxItem {
  const payload = buildResultPayload(
    activity,
    { mood: { optionId: 'true' } },
    {
      studyId: 's-1',
      participantId: 'DEMO-US001-0001',
      deviceId: 'd-1',
      uuidFromMobile: uuid,
      taskInstanceId: over.taskId ?? 't-1',
      studyVersionId: 'v-1',
      siteId: 'site-1',
      appLanguageId: 'l-en',
      displayLanguage: 'en',
    },
  );
  return newOutboxItem(
    { pid: over.pid ?? 'p-1', taskId: over.taskId ?? 't-1', activityId: 'act-1', title: activity.title, payload },
    at,
  );
}

const answered = (status: 'stored' | 'duplicate') => async (_item?: OutboxItem) => ({
  responseId: 'r-1',
  status,
  score: null,
  dataChecks: [],
  warnings: {},
});
const refusedWith =
  (status: number, body: ApiRequestError['body'] = null) =>
  async () => {
    throw new ApiRequestError(status, body, 'submitActivityResult');
  };
const UNPROCESSABLE = {
  code: 'VALIDATION_FAILED',
  message: 'Some fields are not valid.',
  messageKey: 'errors.validationFailed',
  fieldErrors: { mood: ['Please select an answer'] },
  fieldErrorKeys: { mood: [{ key: 'activity.required' }] },
};

let factory: IDBFactory;
let db: TasksDb;
beforeEach(async () => {
  factory = new IDBFactory();
  db = await openTasksDb(factory);
});

describe('outbox (IndexedDB)', () => {
  it('keeps a submission made offline until it is sent, also after the tab was closed', async () => {
    await enqueue(db, item('u-1'));
    const again = await listOutbox(await openTasksDb(factory), 'p-1');
    expect(again.map((i) => [i.uuid, i.state, i.payload.uuidFromMobile, i.payload.taskInstanceId])).toEqual([
      ['u-1', 'pending', 'u-1', 't-1'],
    ]);
  });

  it.each(['stored', 'duplicate'] as const)(
    'removes the item (and its run) once the server answered 2xx: %s',
    async (status) => {
      await startRun(db, 'p-1', 't-1', () => 'u-1');
      await enqueue(db, item('u-1'));
      const send = vi.fn(answered(status));
      const report = await flushOutbox(db, 'p-1', send);
      expect(send).toHaveBeenCalledTimes(1);
      expect(report.sent.map((i) => i.uuid)).toEqual(['u-1']);
      expect(await listOutbox(db, 'p-1')).toEqual([]);
      expect(await loadDraft(db, 'p-1', 't-1')).toBeUndefined();
    },
  );

  it.each([
    ['no answer (network error)', 0],
    ['a server error', 500],
    ['a gateway error', 503],
    ['an ended session', 401],
    ['an expired session', 419],
    ['a rate limit', 429],
  ])('keeps the item pending after %s, with the same uuid, for the next try', async (_, status) => {
    await startRun(db, 'p-1', 't-1', () => 'u-1');
    await enqueue(db, item('u-1'));
    await flushOutbox(db, 'p-1', refusedWith(status));
    const [kept] = await listOutbox(db, 'p-1');
    expect(kept).toMatchObject({ uuid: 'u-1', state: 'pending', attempts: 1, refusal: null });
    expect(kept?.payload.uuidFromMobile).toBe('u-1');
    // the run's answers stay too
    expect(await loadDraft(db, 'p-1', 't-1')).toBeDefined();
  });

  it('marks the item failed on a final 4xx (422 with per-question messages) and does not send it again', async () => {
    await startRun(db, 'p-1', 't-1', () => 'u-1');
    await enqueue(db, item('u-1'));
    const report = await flushOutbox(db, 'p-1', refusedWith(422, UNPROCESSABLE));
    expect(report.failed.map((i) => i.uuid)).toEqual(['u-1']);
    const [failed] = await listOutbox(db, 'p-1');
    expect(failed).toMatchObject({ state: 'failed', refusal: { status: 422, body: UNPROCESSABLE } });
    expect(await loadDraft(db, 'p-1', 't-1')).toBeDefined();

    const send = vi.fn(answered('stored'));
    await flushOutbox(db, 'p-1', send);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the same uuid on every retry, and a corrected result replaces the refused one under it', async () => {
    const sent: string[] = [];
    const outcomes = [refusedWith(0), refusedWith(502), refusedWith(422, UNPROCESSABLE), answered('stored')];
    const send = vi.fn(async (i: OutboxItem) => {
      sent.push(`${i.uuid}/${i.payload.uuidFromMobile}`);
      return (outcomes.shift() as () => Promise<unknown>)();
    });
    await enqueue(db, item('u-1'));
    await flushOutbox(db, 'p-1', send);
    await flushOutbox(db, 'p-1', send);
    await flushOutbox(db, 'p-1', send);
    expect((await listOutbox(db, 'p-1'))[0]?.state).toBe('failed');
    // corrected on the task page: the same run, the same uuid
    await enqueue(db, item('u-1'));
    expect((await listOutbox(db, 'p-1')).map((i) => [i.uuid, i.state])).toEqual([['u-1', 'pending']]);
    await flushOutbox(db, 'p-1', send);
    expect(sent).toEqual(['u-1/u-1', 'u-1/u-1', 'u-1/u-1', 'u-1/u-1']);
    expect(await listOutbox(db, 'p-1')).toEqual([]);
  });

  it('stops a round at the first network error and keeps the rest', async () => {
    await enqueue(db, item('u-1', { taskId: 't-1' }, new Date('2026-03-01T08:00:00Z')));
    await enqueue(db, item('u-2', { taskId: 't-2' }, new Date('2026-03-01T09:00:00Z')));
    const send = vi.fn<(i: OutboxItem) => Promise<unknown>>(refusedWith(0));
    const report = await flushOutbox(db, 'p-1', send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]?.uuid).toBe('u-1');
    expect(report.kept.map((i) => i.uuid)).toEqual(['u-1', 'u-2']);
    expect((await listOutbox(db, 'p-1')).map((i) => i.uuid)).toEqual(['u-1', 'u-2']);
  });

  it("sends only the signed-in participant's items", async () => {
    await enqueue(db, item('u-1', { pid: 'p-1' }));
    await enqueue(db, item('u-2', { pid: 'p-2' }));
    const send = vi.fn(answered('stored'));
    await flushOutbox(db, 'p-2', send);
    expect(send.mock.calls.map(([i]) => i?.uuid)).toEqual(['u-2']);
    expect((await listOutbox(db, 'p-1')).map((i) => i.uuid)).toEqual(['u-1']);
  });

  it('does not bring back an item that was sent meanwhile (another tab) when this send fails', async () => {
    const it1 = item('u-1');
    await enqueue(db, it1);
    await sendItem(db, it1, async () => {
      await db.delete(OUTBOX, 'u-1'); // the other tab's success lands first
      throw new ApiRequestError(0, null, 'submitActivityResult');
    });
    expect(await listOutbox(db, 'p-1')).toEqual([]);
  });

  it('tells listeners about every change', async () => {
    const heard = vi.fn();
    const off = onOutboxChange(heard);
    await enqueue(db, item('u-1'));
    await flushOutbox(db, 'p-1', answered('stored'));
    off();
    await enqueue(db, item('u-2'));
    expect(heard).toHaveBeenCalledTimes(2);
  });
});

describe('which failures are final', () => {
  it.each([
    [0, false],
    [400, true],
    [401, false],
    [403, true],
    [404, true],
    [408, false],
    [409, true],
    [419, false],
    [422, true],
    [429, false],
    [500, false],
    [503, false],
  ])('status %i → final %s', (status, final) => expect(isFinalRefusal(status)).toBe(final));
});
