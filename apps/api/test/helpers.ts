/**
 * What the API tests build on (decision 0017). The run's global setup migrates and seeds ONE template
 * database; each vitest worker works in one copy of it, every test file in a transaction and every
 * test in a savepoint that are rolled back, so a test starts from the demo data and leaves nothing.
 *
 * - `createTestApp(overrides)`: the app on the worker's shared database, rolled back (the default).
 * - `createIsolatedTestApp(overrides)`: the app on a database of its own (a copy of the template, the
 *   real pool or embedded dialect, writes committed) — for real concurrency, the connection's own
 *   behaviour, a client hanging up mid-write. Listed in decision 0017; slower, so only where needed.
 * - `staffAccess(t, username)` / `participantAccess(t, username)`: a demo account's access token,
 *   minted by the token module; `staffLoginTokens` signs in for real (tests of sign-in and sessions).
 */
import type { Endpoint } from '@trialpath/contract';
import { buildPath } from '@trialpath/contract';
import type { FastifyInstance } from 'fastify';
import { Kysely, sql } from 'kysely';
import { buildApp } from '../src/app';
import { type AppConfig, testConfig } from '../src/config';
import type { Db, DbHandle } from '../src/db/database';
import type { Database } from '../src/db/schema';
import type { Platform } from '../src/kernel/context';
import { openSession, participantAccessToken, staffAccessToken } from '../src/modules/auth/session-tokens';
import { participantByUsername } from '../src/modules/participants/participants.service';
import { studyByCode } from '../src/modules/studies/studies.service';
import { generalAuthorities, userByUsername } from '../src/modules/users/users.service';
import { createPlatform } from '../src/platform';
import { DEMO_PASSWORD } from '../src/seed/demo';
import { testDbKind } from './support/databases';
import { RolledBackDialect } from './support/rolled-back-dialect';
import { sharedDatabase } from './support/shared-database';
import { copyOfTemplate, emptyTestDatabase } from './support/test-database';

export { emptyTestDatabase, testDbKind };

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  handle: DbHandle;
  config: AppConfig;
  /** What jobs and services run with outside a request (withSystemContext, the outbox worker). */
  platform: Platform;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * The app on the worker's shared database, inside a transaction rolled back by `close()` (call it in
 * afterAll). Made in `beforeAll`, what `beforeAll` writes lasts for the file; each test's writes are
 * rolled back after the test. Statements run one at a time on one connection.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  const shared = await sharedDatabase();
  const level = await shared.held.openScope();
  const db = new Kysely<Database>({ dialect: new RolledBackDialect(shared.held) });
  const rollback = () => shared.held.rollbackTo(level);
  const config = testConfig(overrides);
  const app = await buildApp({ db, config, logStream });
  return {
    app,
    db,
    handle: {
      db,
      kind: shared.handle.kind,
      exec: async (text) => {
        await sql.raw(text).execute(db);
      },
      close: rollback,
    },
    config,
    platform: createPlatform(db, config),
    kind: shared.handle.kind,
    close: async () => {
      await app.close();
      await rollback();
    },
  };
}

/**
 * The app on a database of its own: a copy of the template (migrated, seeded), with the production
 * pool (PostgreSQL, 5 connections) or embedded dialect (PGlite). Nothing is rolled back; `close()`
 * closes it (the run's end drops it). For tests that need real concurrency or the real connection
 * handling; each costs a copy (PostgreSQL: a fraction of a second; PGlite: seconds), so only those.
 */
export async function createIsolatedTestApp(
  overrides: Partial<AppConfig> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  const handle = await copyOfTemplate('isolated');
  const config = testConfig(overrides);
  const app = await buildApp({ db: handle.db, config, logStream });
  return {
    app,
    db: handle.db,
    handle,
    config,
    platform: createPlatform(handle.db, config),
    kind: handle.kind,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** Call one contract endpoint through app.inject; returns status and parsed JSON. */
export async function call(app: FastifyInstance, endpoint: Endpoint, o: CallOptions = {}) {
  const qs = o.query
    ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : '';
  const res = await app.inject({
    method: endpoint.method,
    url: buildPath(endpoint.path, o.params) + qs,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...o.headers,
    },
    ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the endpoint answered
  const json: any = res.body && /json/.test(String(res.headers['content-type'])) ? JSON.parse(res.body) : null;
  return { status: res.statusCode, json, headers: res.headers, body: res.body };
}

export { DEMO_PASSWORD };

/** Signs in for real (POST /auth/login): a session with a refresh token, audited. */
export async function staffLoginTokens(app: FastifyInstance, username: string, password = DEMO_PASSWORD) {
  const { staffLogin } = await import('@trialpath/contract');
  const r = await call(app, staffLogin, { body: { username, password } });
  if (r.status !== 200 || r.json.nextStep !== 'Tokens')
    throw new Error(`login ${username} failed: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.tokens as { accessToken: string; refreshToken: string; expiresIn: number };
}

export async function idOf(
  db: Db,
  table: 'users' | 'studies' | 'sites' | 'participants',
  where: Record<string, string>,
) {
  const [col, val] = Object.entries(where)[0]!;
  const r = await sql<{ id: string }>`select id from ${sql.table(table)} where ${sql.ref(col)} = ${val}`.execute(db);
  if (!r.rows[0]) throw new Error(`no ${table} with ${col}=${val}`);
  return r.rows[0].id;
}

export async function auditActions(db: Db, entityId?: string): Promise<string[]> {
  let q = db.selectFrom('audit_log').select('action').orderBy('id');
  if (entityId) q = q.where('entity_id', '=', entityId);
  return (await q.execute()).map((r) => r.action);
}

export async function latestOutbox(db: Db, recipient: string) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/**
 * A demo staff account's access token as sign-in would issue it (the token module, the account's
 * authorities and token version), without signing in: no argon2, no audit entry; only its server-side
 * session row is written (the guard checks it). The session has no refresh token: tests of sign-in,
 * refresh or sign-out use staffLoginTokens.
 */
export async function staffAccess(t: Pick<TestApp, 'db' | 'config'>, username: string) {
  const user = await userByUsername(t, username);
  if (!user) throw new Error(`no staff user ${username}`);
  const accessToken = await staffAccessToken(t.config, {
    userId: user.id,
    studyId: null,
    authorities: await generalAuthorities(t, user),
    tokenVersion: user.token_version,
    sessionId: (await openSession(t, { userId: user.id })).id,
  });
  return { accessToken, expiresIn: t.config.accessTokenTtlSeconds };
}

/** The same for a demo participant (DEMO study unless named), in the participant's environment. */
export async function participantAccess(t: Pick<TestApp, 'db' | 'config'>, username: string, studyCode = 'DEMO') {
  const study = await studyByCode(t, studyCode);
  const found =
    study &&
    ((await participantByUsername({ db: t.db, env: 'LIVE' }, study.id, username)) ??
      (await participantByUsername({ db: t.db, env: 'TEST' }, study.id, username)));
  if (!found) throw new Error(`no participant ${username} in ${studyCode}`);
  const accessToken = await participantAccessToken(t.config, {
    participantId: found.id,
    studyId: found.study_id,
    environment: found.environment,
    sessionId: (await openSession(t, { participantId: found.id })).id,
  });
  return { accessToken, pid: found.id, expiresIn: t.config.accessTokenTtlSeconds };
}

/** The id of a study's draft version (a study has at most one). */
export async function draftVersionId(db: Db, studyId: string): Promise<string> {
  const row = await db
    .selectFrom('study_versions')
    .select('id')
    .where('study_id', '=', studyId)
    .where('status', '=', 'DRAFT')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A participant's forgot-password request as the portal sends it (D-085: user type, request kind, country). */
export function forgotPasswordBody(username: string, studyCode = 'DEMO') {
  return {
    studyCode,
    username,
    userType: 'webParticipant' as const,
    requestKind: 'resetLink' as const,
    countryId: 'US',
  };
}
