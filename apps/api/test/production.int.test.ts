/**
 * Production start (issue 2, "a DATABASE_URL given"): nothing is seeded, `npm run create-admin` makes the
 * first administrator (INVITED, audited, invitation queued) and prints the create-password link; that
 * person sets a password and signs in. Run as separate processes, exactly as an operator would. On
 * PostgreSQL the server itself is started in production mode; on PGlite the command runs against an
 * embedded data directory.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPassword, listStudies, staffLogin } from '@trialpath/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { connectPglite, connectPostgres, type DbHandle } from '../src/db/database';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { call, testDbKind } from './helpers';

const API_DIR = path.resolve(import.meta.dirname, '..');
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = 'production-test-secret-0123456789-abcdefghij';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}
function runCli(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/create-admin.ts', ...args], {
      cwd: API_DIR,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts src/server.ts; resolves with its address once it listens. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', ...env },
  });
  let text = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${text}`)), 30_000);
    const read = (c: Buffer) => {
      text += c;
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => text });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', () => reject(new Error(`server exited:\n${text}`)));
  });
}

async function freshPostgresUrl(): Promise<string> {
  const name = `trialpath_prod_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('production start and the first administrator', () => {
  it('seeds nothing; create-admin invites the first admin, who sets a password and signs in', async () => {
    const kind = await testDbKind();
    let env: Record<string, string>;
    let open: () => Promise<DbHandle>;
    if (kind === 'postgres') {
      const url = await freshPostgresUrl();
      env = { DATABASE_URL: url, JWT_SECRET, PUBLIC_URL: 'https://trials.example.org' };
      open = async () => connectPostgres(url, 2);
    } else {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'trialpath-prod-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir, JWT_SECRET, PUBLIC_URL: 'https://trials.example.org' };
      open = () => connectPglite(path.join(dataDir, 'pgdata'));
    }

    if (kind === 'postgres') {
      // the server in production mode migrates and seeds nothing: no demo account, no demo mailbox
      const server = await startServer(env);
      try {
        expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
        expect((await fetch(`${server.url}/api/v1/dev/mailbox`)).status).toBe(404);
        const demo = await fetch(`${server.url}/api/v1/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'Trialpath#1' }),
        });
        expect(demo.status).toBe(401);
        expect(((await demo.json()) as { message: string }).message).toBe('Username not found.');
      } finally {
        server.child.kill('SIGTERM');
        await new Promise((r) => server.child.once('exit', r));
      }
      expect(server.output()).not.toContain('demo data set written');
    }

    const usage = await runCli(['--username', 'jane.doe'], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run create-admin');

    const made = await runCli(['--username', 'Jane.Doe', '--email', 'jane@example.org'], env);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const link = /https:\/\/trials\.example\.org\/#\/create-password\/([A-Za-z0-9_-]+)/.exec(made.stdout);
    expect(link).not.toBeNull();
    const again = await runCli(['--username', 'jane.doe', '--email', 'jane@example.org'], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('A user named "jane.doe" already exists.');

    const handle = await open();
    cleanups.push(() => handle.close());
    const db = handle.db;
    const users = await db.selectFrom('users').select(['username', 'status', 'platform_role', 'email']).execute();
    expect(users).toEqual([
      { username: 'jane.doe', status: 'INVITED', platform_role: 'SystemAdmin', email: 'jane@example.org' },
    ]);
    expect(await db.selectFrom('studies').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('participants').select('id').execute()).toEqual([]);
    const mail = await db.selectFrom('outbox').select(['recipient', 'body']).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.recipient).toBe('jane@example.org');
    expect(mail[0]!.body).toContain(link![0]);
    expect((await verifyAuditChain(db)).ok).toBe(true);
    expect((await db.selectFrom('audit_log').select(['action', 'actor_id']).execute()).at(-1)).toEqual({
      action: 'user.invite',
      actor_id: 'create-admin',
    });

    // the invited administrator follows the link, chooses a password and signs in
    const app = await buildApp({ db, config: testConfig({ demoMode: false }) });
    cleanups.push(() => app.close());
    const created = await call(app, createPassword, { body: { token: link![1]!, password: 'First#admin1' } });
    expect(created.status).toBe(200);
    const signIn = await call(app, staffLogin, { body: { username: 'Jane.Doe', password: 'First#admin1' } });
    expect(signIn.status).toBe(200);
    expect(signIn.json.user).toMatchObject({ username: 'jane.doe', userRole: 'SystemAdmin', status: 'ACTIVE' });
    const studies = await call(app, listStudies, { token: signIn.json.tokens.accessToken, query: { page: 1 } });
    expect(studies.json).toMatchObject({ items: [], total: 0 });
  }, 120_000);
});
