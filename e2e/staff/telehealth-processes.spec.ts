/**
 * A video visit whose two browsers are connected to two different API processes (issue 15; decision F-calls,
 * "Several processes"): both on one fresh PostgreSQL database with the demo data set, sharing Redis (pub/sub for
 * the call's signalling, the call's presence). The coordinator's browser uses the first process, the participant's
 * the second; each sees the other's camera, and the coordinator's hang-up reaches the participant across them.
 * PostgreSQL on 127.0.0.1:5432 (user postgres); Redis at TEST_REDIS_URL (scripts/test.sh makes sure one answers).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from '../chromium';
import { shot } from '../support';
import { answerFromPortal, bookVideoVisit, callNow, expectPlaying, staffOnAppointments } from '../telehealth-steps';

test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });

const root = path.resolve(import.meta.dirname, '../..');
const PORTS = [Number(process.env.E2E_PORT ?? 3210) + 21, Number(process.env.E2E_PORT ?? 3210) + 22];
const database = `trialpath_e2e_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const psql = (sql: string) =>
  execFileSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', sql]);

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
  });

let servers: ChildProcess[] = [];
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // outside CI a machine without PostgreSQL skips this test, as scripts/test.sh skips the PostgreSQL API run
  test.skip(!process.env.CI && !(await reachable(5432)), 'PostgreSQL is not reachable on 127.0.0.1:5432');
  psql(`CREATE DATABASE ${database}`);
  dataDir = mkdtempSync(path.join(tmpdir(), 'trialpath-e2e-processes-'));
  const env = {
    ...process.env,
    DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `trialpath-e2e-${randomUUID()}`,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    RATE_LIMIT_MAX: '1000',
    LOG_LEVEL: 'warn',
  };
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed-demo.ts'], { cwd: root, env });
  servers = PORTS.map((port) =>
    spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  for (const port of PORTS)
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
});

test.afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) => {
          if (server.exitCode !== null) return resolve(null);
          server.once('exit', resolve);
          server.kill('SIGTERM');
        }),
    ),
  );
  if (dataDir) {
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a video visit whose coordinator and participant are connected to two different API processes', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [one, two] = PORTS.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const { studyId, code } = await bookVideoVisit(browser, one);

  const crc = await staffOnAppointments(browser, 'crc.demo', studyId, undefined, one);
  const panel = await callNow(crc.page, code);
  await expect(panel.getByText('Waiting for your participant to join')).toBeVisible();

  // the participant's portal is served, and their call signalled, by the second process
  const { participantContext, participant } = await answerFromPortal(browser, two);
  expect(new URL(participant.url()).port).toBe(String(PORTS[1]));
  await expectPlaying(participant, 'remote-staff');
  await expectPlaying(crc.page, 'remote-participant');
  await shot(crc.page, 'staff-telehealth-call-process-one');
  await shot(participant, 'participant-telehealth-call-process-two');

  // the coordinator's hang-up on the first process ends the meeting for the participant on the second
  await panel.getByRole('button', { name: 'Leave meeting' }).click();
  await crc.page.getByRole('dialog', { name: 'Leave meeting' }).getByRole('button', { name: 'End call' }).click();
  await expect(participant.getByText('This meeting has been ended')).toBeVisible();
  await Promise.all([crc.context.close(), participantContext.close()]);
});
