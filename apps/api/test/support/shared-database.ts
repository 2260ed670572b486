/**
 * The worker's shared database (decision 0017): one copy of the run's template per vitest worker,
 * reached through one held connection on which every test file and every test runs inside a
 * transaction that is rolled back (rolled-back-dialect.ts). Workers are reused across files
 * (`isolate: false`), so the copy is made once per worker, not once per file.
 */
import type { Kysely } from 'kysely';
import type { DbHandle } from '../../src/db/database';
import type { Database } from '../../src/db/schema';
import { HeldTransaction } from './rolled-back-dialect';
import { copyOfTemplate } from './test-database';

export interface SharedDatabase {
  handle: DbHandle;
  held: HeldTransaction;
}

let opening: Promise<SharedDatabase> | undefined;
let opened: SharedDatabase | undefined;

/** Holds one connection of `handle` for the worker's life and runs every statement on it. */
async function holdOneConnection(handle: DbHandle): Promise<HeldTransaction> {
  const bound = await new Promise<Kysely<Database>>((resolve, reject) => {
    handle.db
      .connection()
      .execute((connection) => {
        resolve(connection);
        // Never released: the worker process ends with the connection (its database is dropped then).
        return new Promise<void>(() => {});
      })
      .catch(reject);
  });
  const held = new HeldTransaction((query) => bound.executeQuery(query));
  // Outside any transaction, so it holds for the session: statements on it read the test clock.
  await held.raw("select set_config('test_clock.held', 'on', false)");
  return held;
}

export function sharedDatabase(): Promise<SharedDatabase> {
  opening ??= (async () => {
    const handle = await copyOfTemplate('shared', 1);
    const held = await holdOneConnection(handle);
    opened = { handle, held };
    return opened;
  })();
  return opening;
}

/** The shared database when this worker has opened it (the per-test hooks must not open it themselves). */
export function sharedDatabaseIfOpen(): SharedDatabase | undefined {
  return opened;
}
