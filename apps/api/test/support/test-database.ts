/**
 * The databases a test file gets (decision 0017), all copies of the run's template made by the
 * global setup: the worker's shared one (see shared-database.ts), an isolated copy, or an empty one.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { connectPostgres, type DbHandle } from '../../src/db/database';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  postgresUrl,
  startPglite,
  type TestDatabaseRun,
  type TestDbKind,
} from './databases';

function run(): TestDatabaseRun {
  return inject('testDatabaseRun');
}

/**
 * A database of its own, copied from the run's template (migrated and seeded), with the real
 * connection pool or embedded dialect; `close()` drops it. `label` goes into the PostgreSQL name.
 */
export async function copyOfTemplate(label: string, poolSize = 5): Promise<DbHandle> {
  const r = run();
  if (r.kind === 'pglite') return startPglite(r.template, true);
  const name = `${r.prefix}_${label}_${randomBytes(4).toString('hex')}`;
  await createPostgresDatabase(name, r.template);
  const handle = connectPostgres(postgresUrl(name), poolSize);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropPostgresDatabase(name);
    },
  };
}

/** An empty database of the run's kind (no migrations, no data): for the migration runner's own tests. */
export async function emptyTestDatabase(): Promise<DbHandle> {
  const r = run();
  if (r.kind === 'pglite') return startPglite(r.empty, false);
  const name = `${r.prefix}_empty_${randomBytes(4).toString('hex')}`;
  await createPostgresDatabase(name);
  const handle = connectPostgres(postgresUrl(name), 2);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropPostgresDatabase(name);
    },
  };
}

export function testDatabaseKind(): TestDbKind {
  return run().kind;
}
