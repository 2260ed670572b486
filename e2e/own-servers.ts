/**
 * API processes of a test's own (issue 15's several-process and SFU calls): a fresh PostgreSQL database with the
 * demo data set, servers started on it and waited for, stopped and dropped again; and the MP4 a recording became.
 * PostgreSQL on 127.0.0.1:5432 (user postgres).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createConnection } from 'node:net';
import path from 'node:path';
import { expect } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');

export const psql = (sql: string, db = 'postgres') =>
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', db, '-v', 'ON_ERROR_STOP=1', '-c', sql]);

export const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
  });

/** Outside CI a machine without PostgreSQL skips these tests, as scripts/test.sh skips the PostgreSQL API run. */
export async function postgresMissing(): Promise<boolean> {
  return !process.env.CI && !(await reachable(5432));
}

/** A new database's name and the environment of servers on it, the demo data set written into it. */
export function demoDatabase(dataDir: string, extra: Record<string, string> = {}) {
  const database = `trialpath_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  psql(`CREATE DATABASE ${database}`);
  const env = {
    ...process.env,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'warn',
    ...extra,
  };
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed-demo.ts'], { cwd: root, env });
  return { database, env };
}

/** API processes on these ports, each answering /readyz before this resolves. */
export async function startApis(env: NodeJS.ProcessEnv, ports: number[]): Promise<ChildProcess[]> {
  const apis = ports.map((port) =>
    spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  for (const port of ports)
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
  return apis;
}

/** SIGTERM to each, waiting for its end. */
export async function stopAll(processes: ChildProcess[]) {
  await Promise.all(
    processes.map(
      (p) =>
        new Promise((resolve) => {
          if (p.exitCode !== null) return resolve(null);
          p.once('exit', resolve);
          p.kill('SIGTERM');
        }),
    ),
  );
}

/** What ffprobe says of an MP4: its length in seconds, its streams. */
export function probeMp4(file: string) {
  return JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
      encoding: 'utf8',
    }),
  ) as { format: { duration: string }; streams: { codec_type: string; width?: number; height?: number }[] };
}
