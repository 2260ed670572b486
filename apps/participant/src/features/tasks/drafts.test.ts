import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX, openTasksDb, type TasksDb } from './db';
import { endRun, forgetDrafts, loadDraft, saveAnswers, startRun } from './drafts';

// Each test has its own browser profile: a fresh IndexedDB factory.
let factory: IDBFactory;
let db: TasksDb;
beforeEach(async () => {
  factory = new IDBFactory();
  db = await openTasksDb(factory);
});
/** The same database opened again, as a new tab (or the page after a reload) would. */
const reopen = () => openTasksDb(factory);

const uuids = (...ids: string[]) => {
  const make = vi.fn<() => string>();
  for (const id of ids) make.mockReturnValueOnce(id);
  return make;
};

describe('answers in progress (IndexedDB)', () => {
  it('keeps the answers of a run and restores them, with the same uuid, after the tab was closed', async () => {
    const run = await startRun(db, 'p-1', 't-1', uuids('u-1'));
    await saveAnswers(db, 'p-1', 't-1', { mood: { optionId: 'yes' } });
    await saveAnswers(db, 'p-1', 't-1', { mood: { optionId: 'no' }, notes: { answer: 'slept badly' } });

    const again = await loadDraft(await reopen(), 'p-1', 't-1');
    expect(again?.uuid).toBe('u-1');
    expect(run.uuid).toBe('u-1');
    expect(again?.answers).toEqual({ mood: { optionId: 'no' }, notes: { answer: 'slept badly' } });
  });

  it('makes the uuid once: opening the task again takes up the stored run and makes no new id', async () => {
    await startRun(db, 'p-1', 't-1', uuids('u-1'));
    await saveAnswers(db, 'p-1', 't-1', { mood: { optionId: 'yes' } });
    const make = uuids('u-2');
    const again = await startRun(await reopen(), 'p-1', 't-1', make);
    expect(make).not.toHaveBeenCalled();
    expect(again).toMatchObject({ uuid: 'u-1', answers: { mood: { optionId: 'yes' } } });
  });

  it('keeps each participant and task apart', async () => {
    await startRun(db, 'p-1', 't-1', uuids('u-1'));
    await startRun(db, 'p-2', 't-1', uuids('u-2'));
    await startRun(db, 'p-1', 't-2', uuids('u-3'));
    await saveAnswers(db, 'p-2', 't-1', { mood: { optionId: 'no' } });
    expect((await loadDraft(db, 'p-1', 't-1'))?.answers).toEqual({});
    expect((await loadDraft(db, 'p-2', 't-1'))?.answers).toEqual({ mood: { optionId: 'no' } });
    expect((await loadDraft(db, 'p-1', 't-2'))?.uuid).toBe('u-3');
  });

  it('updates the kept copy of the task without touching the answers or the uuid', async () => {
    await startRun(db, 'p-1', 't-1', uuids('u-1'));
    await saveAnswers(db, 'p-1', 't-1', { mood: { optionId: 'yes' } });
    const snapshot = { task: { studyId: 's-1' } as never, timeZone: 'Europe/Madrid' };
    await startRun(db, 'p-1', 't-1', uuids('u-9'), snapshot);
    expect(await loadDraft(db, 'p-1', 't-1')).toMatchObject({
      uuid: 'u-1',
      answers: { mood: { optionId: 'yes' } },
      snapshot: { timeZone: 'Europe/Madrid' },
    });
  });

  it('ends only the run of the uuid the server stored, and a late save does not bring it back', async () => {
    await startRun(db, 'p-1', 't-1', uuids('u-1'));
    await endRun(db, 'p-1', 't-1', 'u-other');
    expect(await loadDraft(db, 'p-1', 't-1')).toBeDefined();
    await endRun(db, 'p-1', 't-1', 'u-1');
    await saveAnswers(db, 'p-1', 't-1', { mood: { optionId: 'yes' } });
    expect(await loadDraft(db, 'p-1', 't-1')).toBeUndefined();
    // the next run of the task is a new submission: a new uuid
    expect((await startRun(db, 'p-1', 't-1', uuids('u-2'))).uuid).toBe('u-2');
  });
});

describe('sign-out (decision D-139)', () => {
  it('removes the participant’s answers in progress, keeps another participant’s and a run whose result waits', async () => {
    await startRun(db, 'p-1', 't-1', uuids('u-1'));
    await saveAnswers(db, 'p-1', 't-1', { mood: { optionId: 'yes' } });
    await startRun(db, 'p-1', 't-2', uuids('u-2'));
    await startRun(db, 'p-2', 't-1', uuids('u-3'));
    await db.put(OUTBOX, { uuid: 'u-2', pid: 'p-1', taskId: 't-2' });

    await forgetDrafts(db, 'p-1');
    const again = await reopen();
    expect(await loadDraft(again, 'p-1', 't-1')).toBeUndefined();
    expect((await loadDraft(again, 'p-1', 't-2'))?.uuid).toBe('u-2');
    expect((await loadDraft(again, 'p-2', 't-1'))?.uuid).toBe('u-3');
  });
});
