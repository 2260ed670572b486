/**
 * Calls through the Janus SFU (issue 15; decision F-sfu), against Debian's Janus started by the test: the welcome
 * says the media go through the SFU and the call's VideoRoom exists; the participant's consent switches Janus's
 * recording on into the recording's own folder (no browser sends pieces), the stop switches it off and hands it to
 * the job, which composes what Janus wrote (a real recording of two publishers, test/fixtures/janus-recording) into
 * an MP4 and removes Janus's files; the call's end destroys the room. With Janus unreachable, consent is refused
 * with a clear message and nothing is stored, and a browser asking to publish is told why.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  answerMyRecordingRequest,
  endTelehealthCall,
  joinMyTelehealthCall,
  requestCallRecording,
  stopCallRecording,
} from '@trialpath/contract';
import Janode from 'janode';
import VideoRoomPlugin from 'janode/plugins/videoroom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningJanus, startJanus } from '../../../scripts/janus.mjs';
import { videoTools } from '../src/kernel/ffmpeg';
import { roomNumberOf, sfuRecordingDir } from '../src/modules/telehealth/janus-bridge';
import { processRecordings } from '../src/modules/telehealth/recordings.job';
import { openSignal, until } from './call-sockets';
import { auditActions, call, createTestApp, participantAccess, type TestApp } from './helpers';
import { startUnscheduledCall, telehealthWorld } from './telehealth-world';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/janus-recording');

/** A Janus of the file's own, on the first free port of its range (another run of the suite may hold one). */
async function startOwnJanus(recordingsDir: string): Promise<RunningJanus> {
  for (let port = 8390; ; port++) {
    try {
      return await startJanus({ wsPort: port, rtpPortRange: [20400, 20599], recordingsDir });
    } catch (err) {
      if (port >= 8399 || !String((err as Error).message).includes('is in use')) throw err;
    }
  }
}

let janus: RunningJanus;
let dir: string;
let t: TestApp;
let demo: string;
let tokens: Record<string, string> = {};
let base: string;
let me: { accessToken: string; pid: string };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sfu-test-'));
  const recordingsDir = path.join(dir, 'recordings');
  janus = await startOwnJanus(recordingsDir);
  ({ t, demo, tokens } = await telehealthWorld({ janus: { url: janus.url, recordingsDir } }));
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
  me = await participantAccess(t, 'participant.demo');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await janus?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The call's room as Janus lists it (whether it records, and where), asked over a connection of the test's own. */
async function roomOf(callId: string) {
  const connection = await Janode.connect({ address: { url: janus.url } });
  try {
    const session = await connection.create();
    const handle = await session.attach(VideoRoomPlugin);
    return (await handle.list()).list.find((r) => r.room === roomNumberOf(callId)) ?? null;
  } finally {
    await connection.close();
  }
}
const roomExists = async (callId: string) => (await roomOf(callId)) !== null;

async function participantJoins(app: TestApp, wsBase: string, callId: string) {
  const r = await call(app.app, joinMyTelehealthCall, {
    params: { callId },
    body: { offset: 60 },
    token: me.accessToken,
  });
  expect(r.status).toBe(200);
  return openSignal(wsBase, r.json.data.videoToken);
}

describe('a call through the SFU', () => {
  it('is told as such, has its room while it runs, and is recorded by Janus from consent to stop', async () => {
    const s = await startUnscheduledCall(t.app, { studyId: demo, participantId: me.pid, token: tokens['crc.demo']! });
    const staff = await openSignal(base, s.videoToken);
    expect((await staff.next('welcome')).media).toBe('sfu');
    await until(() => roomExists(s.call.id));
    const participant = await participantJoins(t, base, s.call.id);
    expect((await participant.next('welcome')).media).toBe('sfu');

    const asked = await call(t.app, requestCallRecording, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['crc.demo'],
    });
    expect(asked.status).toBe(200);
    const id = asked.json.id as string;
    const granted = await call(t.app, answerMyRecordingRequest, {
      params: { recordingId: id },
      body: { granted: true },
      token: me.accessToken,
    });
    expect(granted.status).toBe(200);
    const row = () =>
      t.db
        .selectFrom('telehealth_recordings')
        .select(['state', 'media_state', 'media_source'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await row()).toEqual({ state: 'RECORDING', media_state: 'RECEIVING', media_source: 'sfu' });
    // Janus records the room, into the recording's own folder
    expect(await roomOf(s.call.id)).toMatchObject({ record: true, rec_dir: sfuRecordingDir(t.config, id) });
    expect(existsSync(sfuRecordingDir(t.config, id))).toBe(true);

    const stopped = await call(t.app, stopCallRecording, {
      params: { studyId: demo, recordingId: id },
      token: tokens['crc.demo'],
    });
    expect(stopped.status).toBe(200);
    expect(await row()).toEqual({ state: 'STOPPED', media_state: 'PROCESSING', media_source: 'sfu' });
    expect(await roomOf(s.call.id)).toMatchObject({ record: false });
    for (;;) if ((await staff.next('recording')).signal === 'recording_stopped') break;

    // what Janus wrote for two people (no media were sent here: a real recording of Janus 1.1.2 stands in)
    cpSync(FIXTURE, sfuRecordingDir(t.config, id), { recursive: true });
    const tools = videoTools();
    expect(await processRecordings(t.platform, { tools })).toBe(1);
    const done = await t.db
      .selectFrom('telehealth_recordings')
      .select(['media_state', 'content_type', 'duration_seconds'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ media_state: 'READY', content_type: 'video/mp4' });
    expect(done.duration_seconds).toBeGreaterThan(2);
    await until(async () => !existsSync(sfuRecordingDir(t.config, id)));
    expect(await auditActions(t.db, id)).toEqual([
      'telehealth.recording.request',
      'telehealth.recording.consent',
      'telehealth.recording.stop',
      'telehealth.recording.store',
    ]);

    const ended = await call(t.app, endTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['crc.demo'],
    });
    expect(ended.status).toBe(200);
    await until(async () => !(await roomExists(s.call.id)));
    staff.socket.close();
    participant.socket.close();
  });

  it('a recording running when the call ends is stopped by Janus and handed to the job', async () => {
    const s = await startUnscheduledCall(t.app, { studyId: demo, participantId: me.pid, token: tokens['crc.demo']! });
    const staff = await openSignal(base, s.videoToken);
    await staff.next('welcome');
    const participant = await participantJoins(t, base, s.call.id);
    await participant.next('welcome');
    const asked = await call(t.app, requestCallRecording, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['crc.demo'],
    });
    await call(t.app, answerMyRecordingRequest, {
      params: { recordingId: asked.json.id },
      body: { granted: true },
      token: me.accessToken,
    });
    await call(t.app, endTelehealthCall, { params: { studyId: demo, callId: s.call.id }, token: tokens['crc.demo'] });
    const rec = await t.db
      .selectFrom('telehealth_recordings')
      .select(['state', 'media_state'])
      .where('id', '=', asked.json.id)
      .executeTakeFirstOrThrow();
    expect(rec).toEqual({ state: 'STOPPED', media_state: 'PROCESSING' });
    staff.socket.close();
    participant.socket.close();
  });
});

describe('with Janus out of reach', () => {
  let down: TestApp;
  let downBase: string;
  beforeAll(async () => {
    // a port nothing listens on
    down = await createTestApp({ janus: { url: 'ws://127.0.0.1:9', recordingsDir: path.join(dir, 'down') } });
    downBase = (await down.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
  });
  afterAll(() => down?.close());

  it('refuses the consent with a clear message and keeps the request open; a browser asking to publish is told', async () => {
    const s = await startUnscheduledCall(down.app, {
      studyId: demo,
      participantId: me.pid,
      token: tokens['crc.demo']!,
    });
    const staff = await openSignal(downBase, s.videoToken);
    expect((await staff.next('welcome')).media).toBe('sfu');
    staff.send({ type: 'sfu', data: { op: 'publish', sdp: 'v=0\r\n' } });
    expect((await staff.next('sfu')).data).toEqual({
      op: 'failed',
      message: 'The video service cannot be reached. Try again in a moment.',
    });
    const participant = await participantJoins(down, downBase, s.call.id);
    await participant.next('welcome');
    const asked = await call(down.app, requestCallRecording, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['crc.demo'],
    });
    const refused = await call(down.app, answerMyRecordingRequest, {
      params: { recordingId: asked.json.id },
      body: { granted: true },
      token: me.accessToken,
    });
    expect(refused.status).toBe(503);
    expect(refused.json.message).toBe('The video service cannot be reached. Try again in a moment.');
    const rec = await down.db
      .selectFrom('telehealth_recordings')
      .select(['state', 'permission_granted'])
      .where('id', '=', asked.json.id)
      .executeTakeFirstOrThrow();
    expect(rec).toEqual({ state: 'REQUESTED', permission_granted: null });
    expect(readdirSync(dir)).not.toContain('down');
    staff.socket.close();
    participant.socket.close();
  });
});
