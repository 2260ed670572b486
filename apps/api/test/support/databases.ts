/**
 * Which database the API tests run on, and the run's template (decision 0017). The global setup
 * (global-setup.ts) migrates and seeds one template per run; every test database is a copy of it:
 * - PostgreSQL: a database `trialpath_test_<run>_template`, copied with `create database … template …`;
 * - PGlite: the template's data directory dumped to a tarball (`dumpDataDir`), started with `loadDataDir`.
 * This file runs in the global setup's process too, so it does not call into vitest.
 */
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { testConfig } from '../../src/config';
import { type DbHandle, pgliteHandle } from '../../src/db/database';
import { runMigrations } from '../../src/db/migrate';
import { createPlatform } from '../../src/platform';
import { seedDemo } from '../../src/seed/demo';
import { INSTALL_TEST_CLOCK, TEST_CLOCK_SEARCH_PATH, USE_TEST_CLOCK } from './test-clock';

export type TestDbKind = 'postgres' | 'pglite';

/** What the global setup made for this run (vitest `provide` → `inject`). */
export type TestDatabaseRun =
  | { kind: 'postgres'; prefix: string; template: string }
  | { kind: 'pglite'; template: string; empty: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseRun: TestDatabaseRun;
  }
}

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function postgresReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port: 5432 });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(500, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

export async function testDbKind(): Promise<TestDbKind> {
  const v = process.env.TEST_DB;
  if (v === 'postgres' || v === 'pglite') return v;
  return (await postgresReachable()) ? 'postgres' : 'pglite';
}

export function postgresUrl(database: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Names are ours (run prefix + hex), never user input, so they are written into the SQL as they are. */
export async function createPostgresDatabase(name: string, template?: string): Promise<void> {
  const text = template ? `create database ${name} template ${template}` : `create database ${name}`;
  await asAdmin(async (client) => {
    await createWithRetry(client, text);
    // A copy's own setting (settings are not copied): every session of it uses the test clock.
    if (template) await client.query(`alter database ${name} set search_path = ${TEST_CLOCK_SEARCH_PATH}`);
  });
}

/**
 * Two workers copying the template at the same moment: PostgreSQL may answer "being accessed by
 * other users" (55006) to one of them; it succeeds a moment later.
 */
async function createWithRetry(client: pg.Client, text: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(text);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt === 20) throw e;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

/**
 * Every database this run made (the template, the workers' copies, the isolated and empty ones), at
 * the end of the run. Dropped all at once: each DROP DATABASE waits for a checkpoint, and concurrent
 * ones share it (one by one they took seconds each on a busy machine).
 */
export async function dropPostgresDatabasesOfRun(prefix: string): Promise<void> {
  const names = await asAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1)',
      [`${prefix}_`],
    );
    return rows.map((r) => r.datname);
  });
  // Eight at a time: other test runs share the server's connections.
  for (let i = 0; i < names.length; i += 8) {
    await Promise.all(
      names.slice(i, i + 8).map((name) =>
        asAdmin(async (client) => {
          await client.query(`drop database if exists ${name} with (force)`);
        }),
      ),
    );
  }
}

/**
 * The template's content: the test clock (test-clock.ts), every migration, then the demo data set
 * (the same as `npm start` writes). `handle` must have one session (a pool of one, or PGlite).
 */
export async function migrateAndSeed(handle: DbHandle): Promise<void> {
  await handle.exec(INSTALL_TEST_CLOCK);
  await runMigrations(handle);
  await seedDemo(createPlatform(handle.db, testConfig()));
}

/**
 * A PGlite started from a dumped data directory (no initdb, no migrations: much faster than new).
 * `clock`: the template's copies use the test clock (an empty cluster has none).
 */
export async function startPglite(tarball: string, clock: boolean): Promise<DbHandle> {
  const data = await readFile(tarball);
  const handle = await pgliteHandle(new PGlite('memory://', { loadDataDir: new Blob([data]) }));
  if (clock) await handle.exec(USE_TEST_CLOCK);
  return handle;
}
