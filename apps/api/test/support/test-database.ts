/**
 * The databases a test file gets (decision 0017): copies of the run's template made by the global
 * setup (the worker's shared one, see shared-database.ts, and isolated ones), or an empty one.
 * `close()` closes the connections; the global teardown drops the run's PostgreSQL databases.
 */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { connectPostgres, type DbHandle } from '../../src/db/database';
import { createPostgresDatabase, postgresUrl, startPglite, type TestDatabaseRun } from './databases';

function run(): TestDatabaseRun {
  return inject('testDatabaseRun');
}

async function newPostgresDatabase(label: string, poolSize: number, template?: string): Promise<DbHandle> {
  const r = run();
  if (r.kind !== 'postgres') throw new Error('not a PostgreSQL run');
  const name = `${r.prefix}_${label}_${randomBytes(4).toString('hex')}`;
  await createPostgresDatabase(name, template);
  return connectPostgres(postgresUrl(name), poolSize);
}

/**
 * A database of its own, copied from the run's template (migrated and seeded), with the real
 * connection pool or embedded dialect. `label` goes into the PostgreSQL database's name.
 */
export async function copyOfTemplate(label: string, poolSize = 5): Promise<DbHandle> {
  const r = run();
  return r.kind === 'pglite' ? startPglite(r.template, true) : newPostgresDatabase(label, poolSize, r.template);
}

/** An empty database of the run's kind (no migrations, no data): for the migration runner's own tests. */
export async function emptyTestDatabase(): Promise<DbHandle> {
  const r = run();
  return r.kind === 'pglite' ? startPglite(r.empty, false) : newPostgresDatabase('empty', 2);
}
