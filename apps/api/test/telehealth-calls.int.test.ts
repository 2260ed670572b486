/**
 * Video calls (issue 15; decision F-calls): started from a participant by the site's telehealth team, answered
 * or declined by the participant, colleagues invited, signalling over a real WebSocket of the listening server,
 * and every way a call ends (hang-up, the last stream gone, nobody answering an unscheduled call, declined).
 */
import {
  addTelehealthCallMembers,
  bookAppointment,
  type Call,
  declineMyTelehealthCall,
  endTelehealthCall,
  getMyTelehealthCall,
  getTelehealthCall,
  joinMyTelehealthCall,
  joinTelehealthCall,
  listMyTelehealthCalls,
  listTelehealthTeam,
  notifyTelehealthCallParticipant,
  saveTelehealthAvailability,
  startTelehealthCall,
} from '@trialpath/contract';
import { NO_PARTICIPANT_CHECK_MS, NO_PARTICIPANT_END_MS } from '@trialpath/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { endAbandonedCalls, endUnansweredCalls, startCallWorker } from '../src/modules/telehealth/calls.job';
import { auditActions, call, participantAccess, type TestApp } from './helpers';
import { openSignal, until } from './call-sockets';
import { addStaff, telehealthWorld } from './telehealth-world';

let t: TestApp;
let demo: string;
let boston: string;
let ids: Record<string, string> = {};
let tokens: Record<string, string> = {};
let base: string;
let me: { accessToken: string; pid: string };

beforeAll(async () => {
  ({ t, demo, boston, ids, tokens } = await telehealthWorld());
  ids['rater.boston'] = await addStaff(t, { username: 'rater.boston', role: 'Rater', studyId: demo, siteId: boston });
  for (const u of ['crc.two', 'crc.three', 'crc.four'])
    ids[u] = await addStaff(t, { username: u, role: 'StudyCoordinator', studyId: demo, siteId: boston });
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
  me = await participantAccess(t, 'participant.demo');
});
afterAll(() => t?.close());

const P = () => ({ studyId: demo, participantId: me.pid });

async function start(
  by = 'crc.demo',
  memberIds: string[] = [],
  appointmentId: string | null = null,
  participantId = me.pid,
) {
  const r = await call(t.app, startTelehealthCall, {
    params: { studyId: demo, participantId },
    body: { appointmentId, memberIds },
    token: tokens[by],
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as { call: Call; videoToken: string };
}

const appointmentState = async (id: string) =>
  (await t.db.selectFrom('appointments').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

const connect = (token?: string) => openSignal(base, token);

const callState = async (id: string) =>
  (await call(t.app, getTelehealthCall, { params: { studyId: demo, callId: id }, token: tokens['crc.demo'] })).json;

describe('starting a call (F-031…F-033, F-063)', () => {
  it('unscheduled: an appointment is made for now, ringing; colleagues invited; the participant sees the incoming call', async () => {
    const s = await start('crc.demo', [ids['pi.demo']!]);
    expect(s.call).toMatchObject({ type: 'UNSCHEDULED', state: 'INITIATED', participantId: me.pid, connectedAt: null });
    expect(s.call.members.map((m) => m.peerId)).toEqual([me.pid, ids['crc.demo'], ids['pi.demo']]);
    expect(s.videoToken).toMatch(/^ey/);
    expect(await appointmentState(s.call.appointmentId)).toBe('RINGING');
    expect(await auditActions(t.db, s.call.id)).toContain('telehealth.call.start');

    const mine = await call(t.app, getMyTelehealthCall, { token: me.accessToken });
    expect(mine.json.call).toMatchObject({ id: s.call.id, state: 'INITIATED', caller: 'Carlos Coordinator' });
    expect(mine.json.call.message).toBe('Your study team is video calling you. Tap to join call.');
    // the colleague sees the call they are invited to
    const theirs = await call(t.app, listMyTelehealthCalls, { params: { studyId: demo }, token: tokens['pi.demo'] });
    expect(theirs.json.items.map((c: { id: string }) => c.id)).toEqual([s.call.id]);

    const again = await call(t.app, startTelehealthCall, {
      params: P(),
      body: { appointmentId: null, memberIds: [] },
      token: tokens['pi.demo'],
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('A call with this participant is already running.');
  });

  it('is held only by the site’s telehealth team; a rater is never invited', async () => {
    for (const who of ['cra.demo', 'studyadmin']) {
      const r = await call(t.app, startTelehealthCall, {
        params: P(),
        body: { appointmentId: null, memberIds: [] },
        token: tokens[who],
      });
      expect(r.status, who).toBe(403);
    }
    const rater = await call(t.app, startTelehealthCall, {
      params: P(),
      body: { appointmentId: null, memberIds: [ids['rater.boston']!] },
      token: tokens['crc.demo'],
    });
    expect(rater.status).toBe(400);
    expect(rater.json.fieldErrors.memberIds).toEqual(['This person is not a telehealth member of this site’s team.']);
  });

  it('not with a participant who left the study (F-128): the spec’s words, and no call made', async () => {
    await t.db.updateTable('participants').set({ status: 'WITHDRAWSTUDY' }).where('id', '=', me.pid).execute();
    const r = await call(t.app, startTelehealthCall, {
      params: P(),
      body: { appointmentId: null, memberIds: [] },
      token: tokens['crc.demo'],
    });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('This participant is no longer using the app. This call is not possible.');
    expect(
      await t.db.selectFrom('telehealth_calls').select('id').where('participant_id', '=', me.pid).execute(),
    ).toEqual([]);
  });

  it('for a booked video appointment: scheduled, and only a video visit', async () => {
    const startsAt = new Date(Date.now() + 2 * 3600_000);
    startsAt.setUTCMinutes(0, 0, 0);
    await call(t.app, saveTelehealthAvailability, {
      params: { studyId: demo, siteId: boston, userId: ids['crc.demo']! },
      body: {
        timeZone: 'UTC',
        windows: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '00:00', end: '23:30' })),
      },
      token: tokens['crc.demo'],
    });
    const book = (visitType: string, at: Date) =>
      call(t.app, bookAppointment, {
        params: { studyId: demo },
        body: { participantId: me.pid, hostId: ids['crc.demo'], visitType, startsAt: at.toISOString(), minutes: 30 },
        token: tokens['crc.demo'],
      });
    const office = await book('officevisit', startsAt);
    const video = await book('telehealth', new Date(startsAt.getTime() + 3600_000));
    expect([office.status, video.status]).toEqual([200, 200]);
    const refused = await call(t.app, startTelehealthCall, {
      params: P(),
      body: { appointmentId: office.json.id, memberIds: [] },
      token: tokens['crc.demo'],
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('This appointment is not a video visit: it cannot be held as a call.');
    const s = await start('crc.demo', [], video.json.id);
    // booked outside the schedule (no telehealth task): the call is unscheduled as its appointment is
    expect(s.call).toMatchObject({ appointmentId: video.json.id, type: 'UNSCHEDULED', state: 'INITIATED' });
    expect(await appointmentState(video.json.id)).toBe('RINGING');
  });
});

describe('signalling and the ways a call ends (F-064…F-067)', () => {
  it('relays between the people of the call; the participant’s arrival connects it; their going ends it', async () => {
    const s = await start('crc.demo');
    const staff = await connect(s.videoToken);
    const welcome = await staff.next('welcome');
    expect(welcome).toMatchObject({ me: { peerId: ids['crc.demo'], kind: 'staff' }, peers: [], callId: s.call.id });

    const joined = await call(t.app, joinMyTelehealthCall, {
      params: { callId: s.call.id },
      body: { offset: -300 },
      token: me.accessToken,
    });
    expect(joined.status).toBe(200);
    expect(await appointmentState(s.call.appointmentId)).toBe('ARRIVED');
    // 001 §7: the device's time-zone offset is kept with the call
    const offset = await t.db
      .selectFrom('telehealth_calls')
      .select('participant_offset')
      .where('id', '=', s.call.id)
      .executeTakeFirstOrThrow();
    expect(offset.participant_offset).toBe(-300);
    const participant = await connect(joined.json.data.videoToken);
    expect((await participant.next('welcome')).peers).toEqual([
      { peerId: ids['crc.demo'], kind: 'staff', name: 'Carlos Coordinator' },
    ]);
    expect((await staff.next('peer-joined')).peer).toMatchObject({ peerId: me.pid, kind: 'participant' });
    await until(async () => (await callState(s.call.id)).state === 'CONNECTED');
    expect((await callState(s.call.id)).connectedAt).not.toBeNull();
    expect(await appointmentState(s.call.appointmentId)).toBe('ON_CALL');

    participant.send({ type: 'signal', to: ids['crc.demo'], data: { sdp: 'offer-from-participant' } });
    expect(await staff.next('signal')).toEqual({
      type: 'signal',
      from: me.pid,
      data: { sdp: 'offer-from-participant' },
    });
    staff.send({ type: 'media', camera: false, microphone: true });
    expect(await participant.next('media')).toEqual({
      type: 'media',
      from: ids['crc.demo'],
      camera: false,
      microphone: true,
    });

    participant.socket.close();
    expect((await staff.next('peer-left')).peerId).toBe(me.pid);
    const ended = await staff.next('ended');
    expect(ended).toEqual({ type: 'ended', reason: 'LAST_STREAM_GONE', message: 'This meeting has been ended' });
    await staff.closing();
    expect((await callState(s.call.id)).state).toBe('ENDED');
    expect(await appointmentState(s.call.appointmentId)).toBe('COMPLETE');
    const actions = await auditActions(t.db, s.call.id);
    expect(actions).toEqual(
      expect.arrayContaining([
        'telehealth.call.answer',
        'telehealth.call.join',
        'telehealth.call.leave',
        'telehealth.call.end',
      ]),
    );
  });

  it('hang-up ends it for everyone; the appointment is a no-show when the participant never came', async () => {
    const s = await start('crc.demo', [ids['pi.demo']!]);
    const staff = await connect(s.videoToken);
    await staff.next('welcome');
    const pi = await call(t.app, joinTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['pi.demo'],
    });
    const colleague = await connect(pi.json.videoToken);
    expect((await colleague.next('welcome')).peers.map((p) => p.peerId)).toEqual([ids['crc.demo']]);

    const end = await call(t.app, endTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['pi.demo'],
    });
    expect(end.status).toBe(200);
    expect(end.json).toMatchObject({ state: 'ENDED', endReason: 'HANG_UP' });
    expect((await staff.next('ended')).reason).toBe('HANG_UP');
    expect((await colleague.next('ended')).message).toBe('This meeting has been ended');
    await Promise.all([staff.closing(), colleague.closing()]);
    expect(await appointmentState(s.call.appointmentId)).toBe('NO_SHOW');
    const over = await call(t.app, endTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['pi.demo'],
    });
    expect(over.status).toBe(409);
    expect(over.json.message).toBe('This call has ended.');
  });

  it('an unscheduled call nobody answers ends five minutes after it started, not before (F-067)', async () => {
    const s = await start('crc.demo');
    const staff = await connect(s.videoToken);
    await staff.next('welcome');
    const startedAt = new Date((await callState(s.call.id)).startedAt).getTime();
    expect(await endUnansweredCalls(t.platform, new Date(startedAt + NO_PARTICIPANT_END_MS - 1000))).toBe(0);
    expect(await endUnansweredCalls(t.platform, new Date(startedAt + NO_PARTICIPANT_END_MS))).toBe(1);
    expect((await staff.next('ended')).reason).toBe('NO_PARTICIPANT');
    await staff.closing();
    expect((await callState(s.call.id)).endReason).toBe('NO_PARTICIPANT');
  });

  it('the server’s no-participant check runs every three seconds (F-068)', async () => {
    const overdue = async () => {
      const s = await start('crc.demo');
      await t.db
        .updateTable('telehealth_calls')
        .set({ started_at: new Date(Date.now() - NO_PARTICIPANT_END_MS - 60_000) })
        .where('id', '=', s.call.id)
        .execute();
      return s.call.id;
    };
    const stateOf = async (id: string) =>
      (await t.db.selectFrom('telehealth_calls').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
    // the database's own waiting is real; only the worker's clock is the test's
    const settled = async (id: string) => {
      for (let i = 0; i < 400 && (await stateOf(id)) !== 'ENDED'; i++) await new Promise((r) => setImmediate(r));
      return stateOf(id);
    };
    const first = await overdue();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const worker = startCallWorker(t.platform, { error: () => {}, warn: () => {} });
    try {
      await vi.advanceTimersByTimeAsync(NO_PARTICIPANT_CHECK_MS - 1);
      expect(await stateOf(first)).toBe('INITIATED');
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(first)).toBe('ENDED');
      // and again three seconds after that pass
      const second = await overdue();
      await vi.advanceTimersByTimeAsync(NO_PARTICIPANT_CHECK_MS - 1);
      expect(await stateOf(second)).toBe('INITIATED');
      await vi.advanceTimersByTimeAsync(1);
      expect(await settled(second)).toBe('ENDED');
    } finally {
      vi.useRealTimers();
      await worker.stop();
    }
  });

  it('a connected call nobody is in any more (its server died) ends once the rejoin grace has passed', async () => {
    const s = await start('crc.demo');
    const staff = await connect(s.videoToken);
    await staff.next('welcome');
    const joined = await call(t.app, joinMyTelehealthCall, {
      params: { callId: s.call.id },
      body: { offset: 0 },
      token: me.accessToken,
    });
    const participant = await connect(joined.json.data.videoToken);
    await participant.next('welcome');
    await until(async () => (await callState(s.call.id)).state === 'CONNECTED');
    // people in it: never ended, however long
    const emptySince = new Map<string, number>();
    const now = Date.now();
    expect(await endAbandonedCalls(t.platform, emptySince, now)).toBe(0);
    expect(await endAbandonedCalls(t.platform, emptySince, now + 3_600_000)).toBe(0);

    // as after a crash: the call is connected in the database, nobody is seated anywhere
    const other = await t.db
      .selectFrom('participants')
      .select('id')
      .where('study_id', '=', demo)
      .where('site_id', '=', boston)
      .where('id', '!=', me.pid)
      .where('status', 'not in', ['WITHDRAWN', 'DISCONTINUED'])
      .executeTakeFirstOrThrow();
    const orphan = await start('crc.demo', [], null, other.id);
    await t.db.updateTable('telehealth_calls').set({ state: 'CONNECTED' }).where('id', '=', orphan.call.id).execute();
    expect(await endAbandonedCalls(t.platform, emptySince, now)).toBe(0);
    expect(await endAbandonedCalls(t.platform, emptySince, now + t.config.calls.rejoinGraceMs - 1)).toBe(0);
    expect(await endAbandonedCalls(t.platform, emptySince, now + t.config.calls.rejoinGraceMs)).toBe(1);
    const ended = await call(t.app, getTelehealthCall, {
      params: { studyId: demo, callId: orphan.call.id },
      token: tokens['crc.demo'],
    });
    expect(ended.json).toMatchObject({ state: 'ENDED', endReason: 'LAST_STREAM_GONE' });
    expect((await callState(s.call.id)).state).toBe('CONNECTED');

    await call(t.app, endTelehealthCall, { params: { studyId: demo, callId: s.call.id }, token: tokens['crc.demo'] });
    await Promise.all([staff.closing(), participant.closing()]);
  });

  it('the participant declines: the call ends and the visit is left without being seen', async () => {
    const s = await start('crc.demo');
    const staff = await connect(s.videoToken);
    await staff.next('welcome');
    const r = await call(t.app, declineMyTelehealthCall, { params: { callId: s.call.id }, token: me.accessToken });
    expect(r.status).toBe(200);
    expect((await staff.next('ended')).reason).toBe('DECLINED');
    await staff.closing();
    expect(await appointmentState(s.call.appointmentId)).toBe('LWBS');
    expect((await call(t.app, getMyTelehealthCall, { token: me.accessToken })).json.call).toBeNull();
  });
});

/** A web-push device of participant.demo, registered. */
const registerDevice = (deviceId: string, endpoint: string) =>
  t.db
    .insertInto('participant_devices')
    .values({
      participant_id: me.pid,
      study_id: demo,
      device_id: deviceId,
      pd_device_token: JSON.stringify({ endpoint, keys: { p256dh: 'x', auth: 'y' } }) as never,
      pd_registration_status: 'Registered',
      device_name: null,
      device_model: null,
      os_version: null,
      app_version: null,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

describe('the participant is told by push (F-106)', () => {
  it("queues 'Your study team is video calling you. Tap to join call.' to each registered device, for two minutes", async () => {
    const device = await registerDevice('call-test-device', 'https://push.example/abc');
    const before = Date.now();
    const s = await start('crc.demo');
    const pushes = await t.db.selectFrom('push_messages').selectAll().where('device_id', '=', device.id).execute();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.kind).toBe('call');
    expect(pushes[0]!.payload).toEqual({
      title: 'Video call',
      body: 'Your study team is video calling you. Tap to join call.',
      url: '#/participants/web/DEMO/appointments',
      tag: `trialpath-call-${s.call.id}`,
    });
    const lifetime = new Date(pushes[0]!.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(110_000);
    expect(lifetime).toBeLessThan(130_000);
    // the study team turned the participant's notifications off: the call still rings in the portal, no push
    await call(t.app, endTelehealthCall, { params: { studyId: demo, callId: s.call.id }, token: tokens['crc.demo'] });
    await t.db.updateTable('participants').set({ notifications_disabled: true }).where('id', '=', me.pid).execute();
    await start('crc.demo');
    expect(
      await t.db.selectFrom('push_messages').select('id').where('device_id', '=', device.id).execute(),
    ).toHaveLength(1);
  });
});

describe('the participant notified again (F-107, F-108)', () => {
  it('rings their devices once more while the call waits; nothing to ring is a 406 with the server’s words', async () => {
    await t.db.updateTable('participants').set({ notifications_disabled: false }).where('id', '=', me.pid).execute();
    const device = await registerDevice('notify-again-device', 'https://push.example/again');
    const s = await start('crc.demo');
    const notify = (body: Record<string, unknown> = {}, who = 'crc.demo', callId = s.call.id) =>
      call(t.app, notifyTelehealthCallParticipant, { params: { studyId: demo, callId }, body, token: tokens[who] });
    const again = await notify({ appointmentId: s.call.appointmentId });
    expect(again.status).toBe(200);
    expect(again.json.devices).toBeGreaterThanOrEqual(1);
    const custom = await notify({ message: 'Dr Coordinator is waiting for you in the video visit.' });
    expect(custom.status).toBe(200);
    const bodies = (
      await t.db
        .selectFrom('push_messages')
        .select('payload')
        .where('device_id', '=', device.id)
        .orderBy('id')
        .execute()
    ).map((m) => (m.payload as { body: string }).body);
    // (their ids say nothing of their order)
    expect(bodies.sort()).toEqual([
      'Dr Coordinator is waiting for you in the video visit.',
      'Your study team is video calling you. Tap to join call.',
      'Your study team is video calling you. Tap to join call.',
    ]);
    expect(await auditActions(t.db, s.call.id)).toContain('telehealth.call.notify');
    // another appointment named, someone not in the call
    expect((await notify({ appointmentId: '00000000-0000-4000-8000-000000000000' })).status).toBe(400);
    expect((await notify({}, 'pi.demo')).status).toBe(403);
    // F-107: the participant's notifications off: nothing to ring
    await t.db.updateTable('participants').set({ notifications_disabled: true }).where('id', '=', me.pid).execute();
    const none = await notify();
    expect(none.status).toBe(406);
    expect(none.json.message).toBe(
      'This participant has no phone or browser to notify. They see the call when they open the portal.',
    );
    await t.db.updateTable('participants').set({ notifications_disabled: false }).where('id', '=', me.pid).execute();
    // the participant is in the call, or the call is over: refused
    await t.db.updateTable('telehealth_calls').set({ state: 'CONNECTED' }).where('id', '=', s.call.id).execute();
    const inCall = await notify();
    expect(inCall.status).toBe(409);
    expect(inCall.json.message).toBe('The participant is already in the call.');
    await call(t.app, endTelehealthCall, { params: { studyId: demo, callId: s.call.id }, token: tokens['crc.demo'] });
    expect((await notify()).json.message).toBe('This call has ended.');
  });
});

describe('who is in the call, as the team list says it (F-030, F-103)', () => {
  it('marks those in the running call of the appointment asked about, and nobody once it ended', async () => {
    const s = await start('crc.demo', [ids['pi.demo']!]);
    const team = async (appointmentId?: string) => {
      const r = await call(t.app, listTelehealthTeam, {
        params: { studyId: demo },
        query: { siteId: boston, ...(appointmentId ? { appointmentId } : {}) },
        token: tokens['crc.demo'],
      });
      expect(r.status).toBe(200);
      return Object.fromEntries(
        (r.json.items as { id: string; invitedInTelehealthVisit: boolean }[]).map((m) => [
          m.id,
          m.invitedInTelehealthVisit,
        ]),
      );
    };
    const inCall = await team(s.call.appointmentId);
    expect(inCall[ids['crc.demo']!]).toBe(true);
    expect(inCall[ids['pi.demo']!]).toBe(true);
    expect(inCall[ids['crc.two']!]).toBe(false);
    const added = await call(t.app, addTelehealthCallMembers, {
      params: { studyId: demo, callId: s.call.id },
      body: { memberIds: [ids['crc.two']!] },
      token: tokens['crc.demo'],
    });
    expect(added.status).toBe(200);
    expect((await team(s.call.appointmentId))[ids['crc.two']!]).toBe(true);
    // without an appointment nobody is marked
    expect(Object.values(await team()).every((v) => v === false)).toBe(true);
    await call(t.app, endTelehealthCall, { params: { studyId: demo, callId: s.call.id }, token: tokens['crc.demo'] });
    expect(Object.values(await team(s.call.appointmentId)).every((v) => v === false)).toBe(true);
  });
});

describe('screen sharing (F-058, F-069)', () => {
  it('one person at a time: a second start is refused until the first stops or leaves; a newcomer is told who shares', async () => {
    const s = await start('crc.demo', [ids['pi.demo']!]);
    const crc = await connect(s.videoToken);
    await crc.next('welcome');
    const pi = await call(t.app, joinTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: await tokenOf('pi.demo'),
    });
    const colleague = await connect(pi.json.videoToken);
    expect((await colleague.next('welcome')).screen).toBeNull();

    crc.send({ type: 'screen', sharing: true });
    expect(await crc.next('screen')).toEqual({ type: 'screen', peerId: ids['crc.demo'] });
    expect(await colleague.next('screen')).toEqual({ type: 'screen', peerId: ids['crc.demo'] });
    // the second attempt: refused, and nobody else is told anything
    colleague.send({ type: 'screen', sharing: true });
    expect(await colleague.next('screen-busy')).toEqual({ type: 'screen-busy', peerId: ids['crc.demo'] });
    // someone who is not sharing cannot end another's sharing
    colleague.send({ type: 'screen', sharing: false });

    const joined = await call(t.app, joinMyTelehealthCall, {
      params: { callId: s.call.id },
      body: { offset: 0 },
      token: me.accessToken,
    });
    const participant = await connect(joined.json.data.videoToken);
    expect((await participant.next('welcome')).screen).toBe(ids['crc.demo']);

    crc.send({ type: 'screen', sharing: false });
    expect(await colleague.next('screen')).toEqual({ type: 'screen', peerId: null });
    colleague.send({ type: 'screen', sharing: true });
    expect(await participant.next('screen')).toEqual({ type: 'screen', peerId: null });
    expect(await participant.next('screen')).toEqual({ type: 'screen', peerId: ids['pi.demo'] });
    // the sharer leaves: the screen is free again
    colleague.socket.close();
    expect(await crc.next('peer-left')).toEqual({ type: 'peer-left', peerId: ids['pi.demo'] });
    expect(await crc.next('screen')).toEqual({ type: 'screen', peerId: null }); // its own stop
    expect(await crc.next('screen')).toEqual({ type: 'screen', peerId: ids['pi.demo'] });
    expect(await crc.next('screen')).toEqual({ type: 'screen', peerId: null });

    await call(t.app, endTelehealthCall, { params: { studyId: demo, callId: s.call.id }, token: tokens['crc.demo'] });
    await Promise.all([crc.closing(), participant.closing()]);
  });
});

describe('who may connect, and how many (A-149)', () => {
  it('refuses an access token, a token of another call’s person, and a fifth person', async () => {
    const s = await start('crc.demo', [ids['pi.demo']!, ids['crc.two']!, ids['crc.three']!, ids['crc.four']!]);
    const refusedWith = async (token: string) => {
      const c = await connect(token);
      const m = await c.next('refused');
      expect(await c.closing()).toBe(4001);
      return m.message;
    };
    expect(await refusedWith(tokens['crc.demo']!)).toBe('You are not invited to this call.');
    expect(await refusedWith('not-a-token')).toBe('You are not invited to this call.');
    // the video token opens the call's signalling and nothing else: no HTTP endpoint takes it
    const asBearer = await call(t.app, getTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: s.videoToken,
    });
    expect(asBearer.status).toBe(401);

    const seated = [await connect(s.videoToken)];
    for (const u of ['pi.demo', 'crc.two', 'crc.three']) {
      const j = await call(t.app, joinTelehealthCall, {
        params: { studyId: demo, callId: s.call.id },
        token: tokens[u] ?? (await tokenOf(u)),
      });
      expect(j.status, u).toBe(200);
      seated.push(await connect(j.json.videoToken));
      await seated.at(-1)!.next('welcome');
    }
    const fifth = await call(t.app, joinTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: await tokenOf('crc.four'),
    });
    expect(await refusedWith(fifth.json.videoToken)).toBe('This call already has 4 people, the most a call can hold.');

    // F-043: inviting only people already in the call is refused with the spec's words
    const none = await call(t.app, addTelehealthCallMembers, {
      params: { studyId: demo, callId: s.call.id },
      body: { memberIds: [ids['pi.demo']!] },
      token: tokens['crc.demo'],
    });
    expect(none.status).toBe(400);
    expect(none.json.fieldErrors.memberIds).toEqual(['Please that is: Please select members to add to this call.']);

    await call(t.app, endTelehealthCall, { params: { studyId: demo, callId: s.call.id }, token: tokens['crc.demo'] });
    await Promise.all(seated.map((c) => c.closing()));
  });
});

async function tokenOf(username: string) {
  const { staffAccess } = await import('./helpers');
  tokens[username] ??= (await staffAccess(t, username)).accessToken;
  return tokens[username]!;
}
