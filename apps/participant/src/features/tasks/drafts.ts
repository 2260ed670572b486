/**
 * The answers in progress of a task, kept on the device on every change (spec 001: nothing is lost): a
 * task page opened again — also after the tab was closed — starts from them. A run's uuidFromMobile is
 * made once, when the run starts, and kept with the answers: every send of this run's result (the
 * first, a retry, a corrected one after a refusal) carries the same id, so the server stores it once.
 */
import type { getMyTask, ResponseOf } from '@trialpath/contract';
import type { AnswerMap } from '@trialpath/domain';
import { DRAFTS, OUTBOX, type TasksDb } from './db';

/** What the task page needs to show a task without the server (opened again while offline). */
export interface TaskSnapshot {
  task: ResponseOf<typeof getMyTask>;
  /** The participant's IANA time zone, as the server gave it with their tasks (null: not known yet). */
  timeZone: string | null;
}

export interface TaskDraft {
  pid: string;
  taskId: string;
  /** uuidFromMobile of this run. */
  uuid: string;
  answers: AnswerMap;
  snapshot: TaskSnapshot | null;
  startedAt: string;
  updatedAt: string;
}

export function loadDraft(db: TasksDb, pid: string, taskId: string): Promise<TaskDraft | undefined> {
  return db.get<TaskDraft>(DRAFTS, [pid, taskId]);
}

/**
 * The run of a task: the stored one, or a new one with a new uuid, stored before it is returned. Its
 * snapshot is brought up to date when one is given.
 */
export async function startRun(
  db: TasksDb,
  pid: string,
  taskId: string,
  makeUuid: () => string,
  snapshot: TaskSnapshot | null = null,
  now: () => Date = () => new Date(),
): Promise<TaskDraft> {
  let out: TaskDraft | undefined;
  await db.update<TaskDraft>(DRAFTS, [pid, taskId], (current) => {
    const at = now().toISOString();
    out = current
      ? { ...current, snapshot: snapshot ?? current.snapshot }
      : { pid, taskId, uuid: makeUuid(), answers: {}, snapshot, startedAt: at, updatedAt: at };
    return out;
  });
  return out as TaskDraft;
}

/** Keep the answers of a run (never its uuid; a run that has ended — sent — is not brought back). */
export function saveAnswers(
  db: TasksDb,
  pid: string,
  taskId: string,
  answers: AnswerMap,
  now: () => Date = () => new Date(),
): Promise<void> {
  return db.update<TaskDraft>(DRAFTS, [pid, taskId], (current) =>
    current ? { ...current, answers, updatedAt: now().toISOString() } : undefined,
  );
}

/** End a run whose result the server has stored: only the run of that uuid (a newer run stays). */
export function endRun(db: TasksDb, pid: string, taskId: string, uuid: string): Promise<void> {
  return db.update<TaskDraft>(DRAFTS, [pid, taskId], (current) => (current?.uuid === uuid ? null : undefined));
}

/**
 * A deliberate sign-out leaves none of the participant's answers in progress on the device (a shared phone;
 * decision D-139). A run whose result waits in the outbox keeps its draft: its uuid must stay the one the
 * result carries, so that opening the task again cannot make a second submission of it.
 */
export async function forgetDrafts(db: TasksDb, pid: string): Promise<void> {
  const waiting = new Set((await db.all<{ uuid: string }>(OUTBOX)).map((item) => item.uuid));
  const drafts = await db.all<TaskDraft>(DRAFTS);
  await Promise.all(
    drafts.filter((d) => d.pid === pid && !waiting.has(d.uuid)).map((d) => db.delete(DRAFTS, [d.pid, d.taskId])),
  );
}
