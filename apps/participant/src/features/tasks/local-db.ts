/**
 * The portal's one connection to the tasks database (in memory where IndexedDB cannot be opened), and
 * the task reads kept apart per participant. Kept free of the activity model so the home page's chunk
 * stays small: the task page's own read is named by its id here (reads.test.ts checks it).
 */
import { type getMyTask, listMyTasks } from '@trialpath/contract';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { memoryTasksDb, openTasksDb, type TasksDb } from './db';

let db: Promise<TasksDb> | null = null;

export function tasksDb(): Promise<TasksDb> {
  db ??= Promise.resolve()
    .then(() => openTasksDb())
    .catch(() => memoryTasksDb());
  return db;
}

/** getMyTask by its id alone (its response schema, the activity model, belongs to the task page's chunk). */
export const MY_TASK_READ: Pick<typeof getMyTask, 'id'> = { id: 'getMyTask' };

/** After a result was stored: the lists are read again, a task's own read afresh (it is no longer open). */
export function refreshTaskReads(): void {
  queries.remove(MY_TASK_READ);
  void queries.invalidate(listMyTasks);
}

// Another participant (or nobody) signed in: the tasks read for the one before are not kept.
let signedInPid = session.get()?.pid ?? null;
session.subscribe(() => {
  const pid = session.get()?.pid ?? null;
  if (pid === signedInPid) return;
  signedInPid = pid;
  queries.remove(listMyTasks, MY_TASK_READ);
});
