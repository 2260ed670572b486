/**
 * A video visit whose two browsers are connected to two different API processes (issue 15; decision F-calls,
 * "Several processes"): both on one fresh PostgreSQL database with the demo data set, sharing Redis (pub/sub for
 * the call's signalling, the call's presence). The coordinator's browser uses the first process, the participant's
 * the second; each sees the other's camera, and the coordinator's hang-up reaches the participant across them.
 * Midway a recording request nobody answers times out (its clock moved back in the database, F-077).
 * The servers hand out TURN credentials for a real coturn (Debian's, started here with the same secret): a call
 * whose browsers may only relay through it connects, proving the credentials (coturn's REST API scheme) good.
 * PostgreSQL on 127.0.0.1:5432 (user postgres); Redis at TEST_REDIS_URL (scripts/test.sh makes sure one answers,
 * and installs coturn).
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from '../chromium';
import { demoDatabase, postgresMissing, psql, startApis, stopAll } from '../own-servers';
import { shot } from '../support';
import { answerFromPortal, bookVideoVisit, callNow, expectPlaying, staffOnAppointments } from '../telehealth-steps';

test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });

const PORTS = [Number(process.env.E2E_PORT ?? 3210) + 21, Number(process.env.E2E_PORT ?? 3210) + 22];

const servers: ChildProcess[] = [];
const TURN_PORT = Number(process.env.E2E_PORT ?? 3210) + 24;
const TURN_SECRET = randomBytes(24).toString('hex');
let database = '';
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  test.skip(await postgresMissing(), 'PostgreSQL is not reachable on 127.0.0.1:5432');
  dataDir = mkdtempSync(path.join(tmpdir(), 'trialpath-e2e-processes-'));
  servers.push(
    spawn(
      'turnserver',
      [
        '-n',
        '--listening-ip=127.0.0.1',
        `--listening-port=${TURN_PORT}`,
        '--relay-ip=127.0.0.1',
        '--min-port=49200',
        '--max-port=49400',
        '--use-auth-secret',
        `--static-auth-secret=${TURN_SECRET}`,
        '--realm=trialpath.test',
        '--allow-loopback-peers',
        '--no-tls',
        '--no-dtls',
        '--no-cli',
        '--fingerprint',
        `--pidfile=${path.join(dataDir, 'turnserver.pid')}`,
      ],
      { stdio: 'ignore' },
    ),
  );
  const made = demoDatabase(dataDir, {
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `trialpath-e2e-${randomUUID()}`,
    TURN_URLS: `turn:127.0.0.1:${TURN_PORT}?transport=udp`,
    TURN_SECRET,
  });
  database = made.database;
  servers.push(...(await startApis(made.env, PORTS)));
});

test.afterAll(async () => {
  await stopAll(servers);
  if (database) psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a video visit whose coordinator and participant are connected to two different API processes', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [one, two] = PORTS.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const { studyId, code } = await bookVideoVisit(browser, one);

  const crc = await staffOnAppointments(browser, 'crc.demo', studyId, { baseURL: one });
  const panel = await callNow(crc.page, code);
  await expect(panel.getByText('Waiting for your participant to join')).toBeVisible();

  // the participant's portal is served, and their call signalled, by the second process
  const { participantContext, participant } = await answerFromPortal(browser, { baseURL: two });
  expect(new URL(participant.url()).port).toBe(String(PORTS[1]));
  await expectPlaying(participant, 'remote-staff');
  await expectPlaying(crc.page, 'remote-participant');
  await shot(crc.page, 'staff-telehealth-call-process-one');
  await shot(participant, 'participant-telehealth-call-process-two');

  // ★ F-077: a recording request the participant leaves unanswered times out after five minutes — the request's
  // clock moved back five minutes in the database, the three-second job of either process does the rest
  const record = panel.getByRole('button', { name: 'Record this call (the participant is asked first)' });
  await record.click();
  const question = participant.getByRole('alertdialog');
  await expect(question).toContainText('Carlos Coordinator would like to record this video call. Do you agree?');
  psql(
    `UPDATE telehealth_recordings SET permission_requested_at = permission_requested_at - interval '5 minutes' WHERE state = 'REQUESTED'`,
    database,
  );
  await expect(
    crc.page.getByText('The participant did not answer the recording request within 5 minutes.'),
  ).toBeVisible();
  await expect(question).toHaveCount(0);
  await expect(record).toBeVisible();

  // the coordinator's hang-up on the first process ends the meeting for the participant on the second
  await panel.getByRole('button', { name: 'Leave meeting' }).click();
  await crc.page.getByRole('dialog', { name: 'Leave meeting' }).getByRole('button', { name: 'End call' }).click();
  await expect(participant.getByText('This meeting has been ended')).toBeVisible();
  await Promise.all([crc.context.close(), participantContext.close()]);
});

/**
 * Every connection of the page may only use relayed candidates (TURN), and is kept where the test can read which
 * candidates carried the call.
 */
const RELAY_ONLY = `{
  const Native = window.RTCPeerConnection;
  window.__connections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(config) {
      super({ ...config, iceTransportPolicy: 'relay' });
      window.__connections.push(this);
    }
  };
}`;

/** The kinds of local candidate of the page's connections' selected pairs. */
const selectedCandidateTypes = (page: Page) =>
  page.evaluate(async () => {
    const types: string[] = [];
    for (const pc of (window as unknown as { __connections: RTCPeerConnection[] }).__connections) {
      const stats: { id: string; type: string; [k: string]: unknown }[] = [];
      (await pc.getStats()).forEach((s) => {
        stats.push(s);
      });
      const pair = stats.find((s) => s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated);
      const local = pair && stats.find((s) => s.id === pair.localCandidateId);
      if (local) types.push(String(local.candidateType));
    }
    return types;
  });

test('an unscheduled call from the participant’s profile, relayed through TURN only: coturn accepts the credentials the server hands out', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [one, two] = PORTS.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const { studyId, code, participantId } = await bookVideoVisit(browser, one);
  const crc = await staffOnAppointments(browser, 'crc.demo', studyId, { baseURL: one, initScript: RELAY_ONLY });
  // an unscheduled call, from the participant's profile
  await crc.page.goto(`/#/studies/${studyId}/participants/${participantId}`);
  await crc.page.getByRole('button', { name: 'Video call' }).click();
  await crc.page
    .getByRole('dialog', { name: `Video call with ${code}` })
    .getByRole('button', { name: 'Call Now' })
    .click();
  const panel = crc.page.getByRole('complementary', { name: `Video call with ${code}` });
  await expect(panel.getByText('Waiting for your participant to join')).toBeVisible();
  await shot(crc.page, 'staff-telehealth-call-from-profile');
  const { participantContext, participant } = await answerFromPortal(browser, { baseURL: two, initScript: RELAY_ONLY });
  await expectPlaying(participant, 'remote-staff');
  await expectPlaying(crc.page, 'remote-participant');
  await expect.poll(() => selectedCandidateTypes(crc.page)).toEqual(['relay']);
  await expect.poll(() => selectedCandidateTypes(participant)).toEqual(['relay']);

  await panel.getByRole('button', { name: 'Leave meeting' }).click();
  await crc.page.getByRole('dialog', { name: 'Leave meeting' }).getByRole('button', { name: 'End call' }).click();
  await expect(participant.getByText('This meeting has been ended')).toBeVisible();
  await Promise.all([crc.context.close(), participantContext.close()]);
});
