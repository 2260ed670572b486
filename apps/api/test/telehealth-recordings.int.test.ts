/**
 * Recording a video call with the participant's consent (issue 15; decision F-recording): the request waits for
 * the participant, their answer (accepted, denied, none in five minutes — the clock given to the job), one open
 * recording per call in the hands of its holder, the pieces sent in order and put together into an MP4 by the job
 * (ffmpeg), played and downloaded through a signed address; every step told over the signalling and audited.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  answerMyRecordingRequest,
  buildPath,
  endTelehealthCall,
  getTelehealthRecording,
  getCallRecordingOptions,
  joinMyTelehealthCall,
  listTelehealthRecordings,
  openTelehealthRecording,
  type Recording,
  requestCallRecording,
  stopCallRecording,
  uploadRecordingChunk,
} from '@trialpath/contract';
import { RECORDING_CONSENT_WAIT_MS } from '@trialpath/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireRecordingRequests } from '../src/modules/telehealth/recording-news';
import { processRecordings } from '../src/modules/telehealth/recordings.job';
import { videoTools } from '../src/kernel/ffmpeg';
import { openSignal } from './call-sockets';
import { auditActions, call, participantAccess, type TestApp } from './helpers';
import { startUnscheduledCall, telehealthWorld } from './telehealth-world';

let t: TestApp;
let demo: string;
let ids: Record<string, string> = {};
let tokens: Record<string, string> = {};
let base: string;
let me: { accessToken: string; pid: string };
let dir: string;
let webm: Buffer;
const tools = videoTools();

beforeAll(async () => {
  if (!tools.ffmpeg || !tools.ffprobe) throw new Error('these tests need ffmpeg and ffprobe (apt-get install ffmpeg)');
  dir = mkdtempSync(path.join(tmpdir(), 'recordings-test-'));
  // what a browser's MediaRecorder makes: VP8 and Opus in WebM, here 3 seconds of it
  execFileSync(tools.ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=duration=3', '-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus', '-shortest'],
    path.join(dir, 'call.webm'),
  ]);
  webm = readFileSync(path.join(dir, 'call.webm'));
  ({ t, demo, ids, tokens } = await telehealthWorld());
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
  me = await participantAccess(t, 'participant.demo');
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const startCall = (memberIds: string[] = []) =>
  startUnscheduledCall(t.app, { studyId: demo, participantId: me.pid, token: tokens['crc.demo']!, memberIds });

/** The panel is told recording is not allowed, and a request is refused with the words it shows (F-073). */
async function expectRecordingNotAllowed(callId: string) {
  const options = await call(t.app, getCallRecordingOptions, {
    params: { studyId: demo, callId },
    token: tokens['crc.demo'],
  });
  expect(options.json.allowed).toBe(false);
  const refused = await ask(callId);
  expect(refused.status).toBe(403);
  expect(refused.json.message).toBe('Recording not allowed');
}

async function participantJoins(callId: string) {
  const r = await call(t.app, joinMyTelehealthCall, {
    params: { callId },
    body: { offset: 60 },
    token: me.accessToken,
  });
  expect(r.status).toBe(200);
  return openSignal(base, r.json.data.videoToken);
}

const ask = (callId: string, who = 'crc.demo') =>
  call(t.app, requestCallRecording, { params: { studyId: demo, callId }, token: tokens[who] });
const answer = (recordingId: string, granted: boolean) =>
  call(t.app, answerMyRecordingRequest, { params: { recordingId }, body: { granted }, token: me.accessToken });
const stop = (recordingId: string, who = 'crc.demo') =>
  call(t.app, stopCallRecording, { params: { studyId: demo, recordingId }, token: tokens[who] });
const end = (callId: string) =>
  call(t.app, endTelehealthCall, { params: { studyId: demo, callId }, token: tokens['crc.demo'] });

async function upload(recordingId: string, seq: number, data: Buffer, opts: { last?: boolean; who?: string } = {}) {
  const res = await t.app.inject({
    method: 'PUT',
    url:
      buildPath(uploadRecordingChunk.path, { studyId: demo, recordingId, seq: String(seq) }) +
      (opts.last ? '?last=1' : ''),
    headers: {
      authorization: `Bearer ${tokens[opts.who ?? 'crc.demo']}`,
      'content-type': 'video/webm;codecs=vp8,opus',
    },
    payload: data,
  });
  return { status: res.statusCode, json: JSON.parse(res.body) };
}

/** Reads the connection's recording news up to the one with this signal. */
async function untilSignal(socket: Awaited<ReturnType<typeof openSignal>>, signal: string) {
  for (;;) {
    const news = await socket.next('recording');
    if (news.signal === signal) return news;
  }
}

const stateOf = async (id: string) =>
  (
    await t.db
      .selectFrom('telehealth_recordings')
      .select(['state', 'media_state'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).state;

describe('the consent protocol (F-071 … F-087)', () => {
  it('waits for the participant, who accepts; one recording at a time, held by who asked; stopped by them alone', async () => {
    const s = await startCall([ids['pi.demo']!]);
    const staff = await openSignal(base, s.videoToken);
    await staff.next('welcome');
    const options = await call(t.app, getCallRecordingOptions, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['crc.demo'],
    });
    expect(options.json).toEqual({ allowed: true, open: null });

    // F-074: asked before the participant joined: Pending, sent when they come
    const asked = await ask(s.call.id);
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    const rec = asked.json as Recording;
    expect(rec).toMatchObject({ state: 'PENDING', recordingPermissionRequestedTime: null, isCaptured: false });
    expect((await staff.next('recording')).signal).toBe('recording_requested');

    // F-079, F-080
    expect((await ask(s.call.id)).json.message).toBe('This session is already being recorded.');
    expect((await ask(s.call.id, 'pi.demo')).json.message).toBe(
      'This session recording is in control of Carlos Coordinator.',
    );

    const participant = await participantJoins(s.call.id);
    const welcome = await participant.next('welcome');
    expect(welcome.recording?.id).toBe(rec.id);
    const request = await participant.next('recording');
    expect(request).toMatchObject({ signal: 'recording_requested', recording: { id: rec.id, state: 'REQUESTED' } });
    expect(request.recording.recordingPermissionRequestedTime).not.toBeNull();

    // F-075: accepted, the recording starts
    expect((await answer(rec.id, true)).json).toEqual({ state: 'RECORDING' });
    await staff.next('recording'); // the request sent on the participant's arrival
    expect((await staff.next('recording')).signal).toBe('recording_accepted');
    const started = await staff.next('recording');
    expect(started).toMatchObject({ signal: 'recording_start', recording: { state: 'RECORDING' } });
    expect(started.recording.isRecordingPermissionGranted).toBe(true);
    expect((await answer(rec.id, false)).status).toBe(409);

    // the pieces: in order from 0, a piece sent again taken once, a gap refused, only from the holder
    const pieces = [webm.subarray(0, 20_000), webm.subarray(20_000, 60_000), webm.subarray(60_000)];
    expect((await upload(rec.id, 0, pieces[0]!)).json).toEqual({ chunkCount: 1, byteSize: 20_000 });
    expect((await upload(rec.id, 0, pieces[0]!)).json).toEqual({ chunkCount: 1, byteSize: 20_000 });
    const gap = await upload(rec.id, 2, pieces[2]!);
    expect(gap.status).toBe(409);
    expect(gap.json.message).toBe('Piece 2 of the recording arrived out of order: piece 1 was expected.');
    const other = await upload(rec.id, 1, pieces[1]!, { who: 'pi.demo' });
    expect(other.status).toBe(403);
    expect(other.json.message).toBe('Only Carlos Coordinator, who started this recording, can stop it or send it.');
    expect((await upload(rec.id, 1, pieces[1]!)).status).toBe(200);
    expect((await stop(rec.id, 'pi.demo')).status).toBe(403);

    // F-078: stopped by its holder; the last piece follows, then it is put together
    const stopped = await stop(rec.id);
    expect(stopped.json).toMatchObject({ state: 'STOPPED', stoppedBy: ids['crc.demo'] });
    expect((await untilSignal(participant, 'recording_stop_requested')).recording.state).toBe('STOPPED');
    expect((await upload(rec.id, 2, pieces[2]!, { last: true })).json.chunkCount).toBe(3);
    expect((await participant.next('recording')).signal).toBe('recording_stopped');
    expect((await stop(rec.id)).json.message).toBe('This recording is no longer open.');

    expect(await processRecordings(t.platform, { tools })).toBe(1);
    const listed = await call(t.app, listTelehealthRecordings, {
      params: { studyId: demo },
      query: { participantId: me.pid },
      token: tokens['crc.demo'],
    });
    const ready = (listed.json.items as Recording[]).find((r) => r.id === rec.id)!;
    expect(ready).toMatchObject({ mediaState: 'READY', isCaptured: true, appointmentId: s.call.appointmentId });
    expect(ready.archiveDuration).toBeGreaterThan(2.5);
    expect(ready.archiveDuration).toBeLessThan(3.5);

    expect(await auditActions(t.db, rec.id)).toEqual([
      'telehealth.recording.request',
      'telehealth.recording.request',
      'telehealth.recording.consent',
      'telehealth.recording.stop',
      'telehealth.recording.stop',
      'telehealth.recording.store',
    ]);
    expect((await end(s.call.id)).status).toBe(200);
  });

  it('denied: the request ends with the participant’s refusal and a new one may be asked', async () => {
    const s = await startCall();
    const staff = await openSignal(base, s.videoToken);
    const participant = await participantJoins(s.call.id);
    await participant.next('welcome');
    const rec = (await ask(s.call.id)).json as Recording;
    expect(rec.state).toBe('REQUESTED');
    expect((await answer(rec.id, false)).json).toEqual({ state: 'DENIED' });
    expect((await untilSignal(staff, 'recording_denied')).recording).toMatchObject({
      state: 'DENIED',
      isRecordingPermissionGranted: false,
    });
    expect((await ask(s.call.id)).json.state).toBe('REQUESTED');
    await end(s.call.id);
  });

  it('no answer in five minutes: the request times out, not a moment before (F-077)', async () => {
    const s = await startCall();
    const staff = await openSignal(base, s.videoToken);
    const participant = await participantJoins(s.call.id);
    await participant.next('welcome');
    const rec = (await ask(s.call.id)).json as Recording;
    const askedAt = Date.parse(rec.recordingPermissionRequestedTime!);
    expect(await expireRecordingRequests(t.platform, new Date(askedAt + RECORDING_CONSENT_WAIT_MS - 1000))).toBe(0);
    expect(await expireRecordingRequests(t.platform, new Date(askedAt + RECORDING_CONSENT_WAIT_MS))).toBe(1);
    expect((await untilSignal(staff, 'recording_timeout')).recording.state).toBe('TIMED_OUT');
    expect(await stateOf(rec.id)).toBe('TIMED_OUT');
    expect((await answer(rec.id, true)).status).toBe(409);
    expect(await auditActions(t.db, rec.id)).toContain('telehealth.recording.timeout');
    await end(s.call.id);
  });

  it('the call’s end stops a recording (its last piece still taken) and cancels an unanswered request', async () => {
    const s = await startCall();
    const participant = await participantJoins(s.call.id);
    await participant.next('welcome');
    const rec = (await ask(s.call.id)).json as Recording;
    await answer(rec.id, true);
    expect((await upload(rec.id, 0, webm)).status).toBe(200);
    await end(s.call.id);
    expect(await stateOf(rec.id)).toBe('STOPPED');
    expect((await upload(rec.id, 1, Buffer.alloc(0), { last: true })).json.chunkCount).toBe(1);
    expect(await processRecordings(t.platform, { tools })).toBe(1);
    const kept = await t.db
      .selectFrom('telehealth_recordings')
      .select(['media_state', 'error_detail'])
      .where('id', '=', rec.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ media_state: 'READY', error_detail: null });

    const s2 = await startCall();
    const pending = (await ask(s2.call.id)).json as Recording;
    await end(s2.call.id);
    expect(await stateOf(pending.id)).toBe('CANCELLED');
  });
});

describe('who may record, play and download', () => {
  it('not where the study or the country does not allow it (F-036, F-073)', async () => {
    const s = await startCall();
    const features = await t.db
      .selectFrom('studies')
      .select('features')
      .where('id', '=', demo)
      .executeTakeFirstOrThrow();
    const before = features.features as Record<string, unknown>;
    try {
      await t.db
        .updateTable('studies')
        .set({ features: JSON.stringify({ ...before, 'telehealthRecording:US': false }) })
        .where('id', '=', demo)
        .execute();
      await expectRecordingNotAllowed(s.call.id);
    } finally {
      await t.db
        .updateTable('studies')
        .set({ features: JSON.stringify(before) })
        .where('id', '=', demo)
        .execute();
      await end(s.call.id);
    }
  });

  it('not in a visit booked as one not to be recorded (F-037)', async () => {
    const s = await startCall();
    await t.db
      .updateTable('appointments')
      .set({ allow_recording: false })
      .where('id', '=', s.call.appointmentId)
      .execute();
    try {
      await expectRecordingNotAllowed(s.call.id);
    } finally {
      await end(s.call.id);
    }
  });

  it('plays and downloads through a signed address, each audited; others are kept out', async () => {
    // a recording made and put together (each test starts from the demo data)
    const s = await startCall();
    const participant = await participantJoins(s.call.id);
    await participant.next('welcome');
    const made = (await ask(s.call.id)).json as Recording;
    await answer(made.id, true);
    expect((await upload(made.id, 0, webm, { last: true })).status).toBe(200);
    expect(await processRecordings(t.platform, { tools })).toBe(1);
    await end(s.call.id);

    const listed = await call(t.app, listTelehealthRecordings, {
      params: { studyId: demo },
      query: { participantId: me.pid },
      token: tokens['crc.demo'],
    });
    const ready = (listed.json.items as Recording[]).find((r) => r.mediaState === 'READY')!;
    const play = await call(t.app, openTelehealthRecording, {
      params: { studyId: demo, recordingId: ready.id },
      body: { purpose: 'play' },
      token: tokens['crc.demo'],
    });
    expect(play.status).toBe(200);
    const media = await t.app.inject({ method: 'GET', url: play.json.url });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
    expect(String(media.headers['content-disposition'])).toMatch(/^inline/);
    const mp4 = path.join(dir, 'played.mp4');
    writeFileSync(mp4, media.rawPayload);
    const probed = JSON.parse(
      execFileSync(tools.ffprobe!, ['-v', 'error', '-print_format', 'json', '-show_format', mp4], { encoding: 'utf8' }),
    ) as { format: { duration: string } };
    expect(Number(probed.format.duration)).toBeGreaterThan(2.5);
    // a player seeking asks for a byte range (F-093)
    const part = await t.app.inject({ method: 'GET', url: play.json.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${media.rawPayload.length}`);
    expect(part.rawPayload).toEqual(media.rawPayload.subarray(100, 200));
    expect(media.headers['accept-ranges']).toBe('bytes');

    const download = await call(t.app, openTelehealthRecording, {
      params: { studyId: demo, recordingId: ready.id },
      body: { purpose: 'download' },
      token: tokens['crc.demo'],
    });
    const file = await t.app.inject({ method: 'GET', url: download.json.url });
    expect(String(file.headers['content-disposition'])).toMatch(/^attachment/);
    expect(download.json.fileName).toMatch(/\.mp4$/);
    const actions = await auditActions(t.db, ready.id);
    expect(actions).toContain('telehealth.recording.play');
    expect(actions).toContain('telehealth.recording.download');

    const forged = await t.app.inject({ method: 'GET', url: play.json.url.replace(/\/media\/.{4}/, '/media/AAAA') });
    expect(forged.statusCode).toBe(404);
    expect(JSON.parse(forged.body).message).toBe('This recording link has expired. Open the recording again.');
    // a monitor holds no telehealth permission; Madrid's coordinator does not see Boston's participant
    const cra = await call(t.app, listTelehealthRecordings, { params: { studyId: demo }, token: tokens['cra.demo'] });
    expect(cra.status).toBe(403);
    const madrid = await call(t.app, listTelehealthRecordings, {
      params: { studyId: demo },
      query: { participantId: me.pid },
      token: tokens['crc.madrid'],
    });
    expect(madrid.json.items).toEqual([]);
    const notTheirs = await call(t.app, openTelehealthRecording, {
      params: { studyId: demo, recordingId: ready.id },
      body: { purpose: 'play' },
      token: tokens['crc.madrid'],
    });
    expect(notTheirs.status).toBe(403);
    // F-152: the study switches its video recording off: no more downloads, said so; playing still works
    const features = await t.db
      .selectFrom('studies')
      .select('features')
      .where('id', '=', demo)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('studies')
      .set({ features: JSON.stringify({ ...(features.features as object), telehealthRecording: false }) })
      .where('id', '=', demo)
      .execute();
    const off = await call(t.app, openTelehealthRecording, {
      params: { studyId: demo, recordingId: ready.id },
      body: { purpose: 'download' },
      token: tokens['crc.demo'],
    });
    expect(off.status).toBe(409);
    expect(off.json.message).toBe('This feature is not enabled.');
    const stillPlays = await call(t.app, openTelehealthRecording, {
      params: { studyId: demo, recordingId: ready.id },
      body: { purpose: 'play' },
      token: tokens['crc.demo'],
    });
    expect(stillPlays.status).toBe(200);
    // F-005: one recording by its id, as the page that opens it asks; the same walls
    const one = await call(t.app, getTelehealthRecording, {
      params: { studyId: demo, recordingId: ready.id },
      token: tokens['crc.demo'],
    });
    expect(one.status).toBe(200);
    expect(one.json).toEqual(ready);
    const oneNotTheirs = await call(t.app, getTelehealthRecording, {
      params: { studyId: demo, recordingId: ready.id },
      token: tokens['crc.madrid'],
    });
    expect(oneNotTheirs.status).toBe(403);
    const unknown = await call(t.app, getTelehealthRecording, {
      params: { studyId: demo, recordingId: '00000000-0000-4000-8000-000000000000' },
      token: tokens['crc.demo'],
    });
    expect(unknown.status).toBe(403);
  });
});
