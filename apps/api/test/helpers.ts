/**
 * A fresh database per test file: PostgreSQL (TEST_DB=postgres, or unset and 127.0.0.1:5432
 * answers) gets a new `trialpath_test_<random>` database, dropped afterwards; TEST_DB=pglite uses
 * an in-memory PGlite. Either way: migrated, seeded with the demo data, wrapped in buildApp.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { Endpoint } from '@trialpath/contract';
import { buildPath } from '@trialpath/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type AppConfig, testConfig } from '../src/config';
import { connectPglite, connectPostgres, type Db, type DbHandle } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import type { Platform } from '../src/kernel/context';
import { createPlatform } from '../src/platform';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo';

const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

export async function testDbKind(): Promise<'postgres' | 'pglite'> {
  const v = process.env.TEST_DB;
  if (v === 'postgres' || v === 'pglite') return v;
  return (await postgresReachable()) ? 'postgres' : 'pglite';
}

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

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  const kind = await testDbKind();
  let handle: DbHandle;
  let drop = async () => {};
  if (kind === 'postgres') {
    const name = `trialpath_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    handle = connectPostgres(url.toString(), 5);
    drop = async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    handle = await connectPglite();
  }
  await runMigrations(handle);
  const config = testConfig(overrides);
  const platform = createPlatform(handle.db, config);
  await seedDemo(platform);
  const app = await buildApp({ db: handle.db, config, logStream });
  return {
    app,
    db: handle.db,
    handle,
    config,
    platform,
    kind,
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
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
  const json: any = res.body ? JSON.parse(res.body) : null;
  return { status: res.statusCode, json, headers: res.headers };
}

export { DEMO_PASSWORD };

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
