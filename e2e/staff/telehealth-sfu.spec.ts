/**
 * The same video visit through the Janus SFU (issue 15; decision F-sfu): Debian's Janus started here, one API process
 * with JANUS_URL on a fresh PostgreSQL database with the demo data set. The coordinator's and the participant's
 * browsers each send their camera to Janus and receive the other from it (the selected candidate pairs end at Janus's
 * media ports); a shared screen reaches the participant through it; the recording (ten seconds), consented in the
 * portal, is written by Janus — the coordinator's tab is closed while it runs, and the recording is still composed by
 * the server's job into an MP4 of the seconds recorded.
 * PostgreSQL on 127.0.0.1:5432 (user postgres); scripts/test.sh installs janus and janus-tools.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type RunningJanus, startJanus } from '../../scripts/janus.mjs';
import { CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from '../chromium';
import { demoDatabase, postgresMissing, probeMp4, psql, startApis, stopAll } from '../own-servers';
import { shot } from '../support';
import { staffApi } from '../telehealth-api';
import { answerFromPortal, bookVideoVisit, callNow, expectPlaying, staffOnAppointments } from '../telehealth-steps';

test.use({ launchOptions: { executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] } });

const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const API_PORT = E2E_PORT + 25;
const JANUS_PORT = E2E_PORT + 26;
const RTP: [number, number] = [20200, 20399];

let apis: ChildProcess[] = [];
let janus: RunningJanus | null = null;
let database = '';
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(180_000);
  test.skip(await postgresMissing(), 'PostgreSQL is not reachable on 127.0.0.1:5432');
  dataDir = mkdtempSync(path.join(tmpdir(), 'trialpath-e2e-sfu-'));
  const recordingsDir = path.join(dataDir, 'janus-recordings');
  janus = await startJanus({ wsPort: JANUS_PORT, rtpPortRange: RTP, recordingsDir });
  const made = demoDatabase(dataDir, {
    JANUS_URL: janus.url,
    JANUS_RECORDINGS_DIR: recordingsDir,
    CALL_REJOIN_GRACE_MS: '2000',
  });
  database = made.database;
  apis = await startApis(made.env, [API_PORT]);
});

test.afterAll(async () => {
  await stopAll(apis);
  await janus?.stop();
  if (database) psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every connection of the page, kept where the test can read which candidates carried the call. */
const KEEP_CONNECTIONS = `{
  const Native = window.RTCPeerConnection;
  window.__connections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(config) {
      super(config);
      window.__connections.push(this);
    }
  };
}`;

/** The ports of the remote candidates of the page's connections' selected pairs that are still open. */
const selectedRemotePorts = (page: Page) =>
  page.evaluate(async () => {
    const ports: number[] = [];
    for (const pc of (window as unknown as { __connections: RTCPeerConnection[] }).__connections) {
      if (pc.connectionState !== 'connected') continue;
      const stats: { id: string; type: string; [k: string]: unknown }[] = [];
      (await pc.getStats()).forEach((s) => {
        stats.push(s);
      });
      const pair = stats.find((s) => s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated);
      const remote = pair && stats.find((s) => s.id === pair.remoteCandidateId);
      if (remote) ports.push(Number(remote.port));
    }
    return ports.sort();
  });

const atJanus = (ports: number[]) => ports.length > 0 && ports.every((p) => p >= RTP[0] && p <= RTP[1]);

test('a video visit through the Janus SFU, recorded by Janus even after the recording person’s tab is gone', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const baseURL = `http://127.0.0.1:${API_PORT}`;
  const { studyId, code, participantId } = await bookVideoVisit(browser, baseURL);
  const crc = await staffOnAppointments(browser, 'crc.demo', studyId, { baseURL, initScript: KEEP_CONNECTIONS });
  const panel = await callNow(crc.page, code);
  await expect(panel.getByText('Waiting for your participant to join')).toBeVisible();
  const { participantContext, participant } = await answerFromPortal(browser, {
    baseURL,
    initScript: KEEP_CONNECTIONS,
  });
  await expectPlaying(participant, 'remote-staff');
  await expectPlaying(crc.page, 'remote-participant');
  // the visit is on call in the list beside the panel as soon as the participant is there
  await expect(crc.page.getByRole('row', { name: new RegExp(code) }).getByText('On call')).toBeVisible();
  // each browser has two connections, both ending at Janus: its own stream going up, the other's coming down
  await expect.poll(() => selectedRemotePorts(crc.page).then((p) => p.length)).toBe(2);
  expect(atJanus(await selectedRemotePorts(crc.page))).toBe(true);
  await expect.poll(() => selectedRemotePorts(participant).then((p) => p.length)).toBe(2);
  expect(atJanus(await selectedRemotePorts(participant))).toBe(true);
  await shot(crc.page, 'staff-telehealth-call-sfu');

  // the shared screen goes through Janus in place of the camera (the same connection, its track replaced)
  await panel.getByRole('button', { name: 'Share screen' }).click();
  await expect(panel.getByRole('button', { name: 'Stop sharing screen' })).toBeVisible();
  const shared = participant.locator('[data-testid="remote-staff"][data-screen="true"] video');
  await expect
    .poll(() => shared.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(1000);
  await panel.getByRole('button', { name: 'Stop sharing screen' }).click();
  // the camera again (at most its 640 × 480)
  await expect
    .poll(() =>
      participant
        .getByTestId('remote-staff')
        .locator('video')
        .evaluate((v: HTMLVideoElement) => v.videoWidth),
    )
    .toBeLessThan(1000);

  // ★ recording by the spec's protocol, written by Janus
  await panel.getByRole('button', { name: 'Record this call (the participant is asked first)' }).click();
  const question = participant.getByRole('alertdialog');
  await expect(question).toContainText('Carlos Coordinator would like to record this video call. Do you agree?');
  await question.getByRole('button', { name: 'Allow recording' }).click();
  await expect(crc.page.getByText('Recording started')).toBeVisible();
  const timer = panel.getByRole('button', { name: /^Recording \d\d:\d\d:\d\d: stop$/ });
  await expect(timer).toHaveAccessibleName(/00:00:1\d/, { timeout: 20_000 });

  // the coordinator's tab goes without stopping: the participant alone is left, the call ends after the grace, and
  // with it the recording, which no browser was making
  const staffToken = await staffApi(participantContext.request, 'crc.demo');
  await crc.context.close();
  await expect(participant.getByText('This meeting has been ended')).toBeVisible({ timeout: 20_000 });

  const list = `${baseURL}/api/v1/studies/${studyId}/telehealth/recordings?participantId=${participantId}`;
  let ready: { id: string; archiveDuration: number } | undefined;
  await expect
    .poll(
      async () => {
        const got = await (await participantContext.request.get(list, { headers: staffToken.headers })).json();
        ready = (got.items as { id: string; mediaState: string; archiveDuration: number }[]).find(
          (r) => r.mediaState === 'READY',
        );
        return Boolean(ready);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  const opened = await participantContext.request.post(
    `${baseURL}/api/v1/studies/${studyId}/telehealth/recordings/${ready!.id}/open`,
    { headers: staffToken.headers, data: { purpose: 'download' } },
  );
  const file = path.join(test.info().outputPath(), 'sfu-recording.mp4');
  writeFileSync(file, await (await participantContext.request.get((await opened.json()).url)).body());
  const probed = probeMp4(file);
  expect(Number(probed.format.duration)).toBeGreaterThan(9);
  expect(probed.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
  expect(probed.streams.some((s) => s.codec_type === 'audio')).toBe(true);
  await participantContext.close();
});
