/**
 * A call across two API servers sharing one database and one Redis (decision F-calls, "Several processes"): the
 * staff member's browser connected to one, the participant's to the other. Each server has its own rooms, bus
 * connections and heartbeat, as two processes would; what crosses between them goes through Redis pub/sub and
 * the presence kept there. Redis: TEST_REDIS_URL (scripts/test.sh starts one when none answers).
 */
import { randomUUID } from 'node:crypto';
import {
  endTelehealthCall,
  getTelehealthCall,
  joinMyTelehealthCall,
  joinTelehealthCall,
  SIGNAL_CLOSE,
} from '@trialpath/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { call, participantAccess, staffAccess, type TestApp } from './helpers';
import { openSignal, until } from './call-sockets';
import { startUnscheduledCall, telehealthWorld } from './telehealth-world';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `trialpath-test-${randomUUID()}`;

let t: TestApp;
let second: FastifyInstance;
let demo: string;
let ids: Record<string, string> = {};
let tokens: Record<string, string> = {};
let one: string;
let two: string;
let me: { accessToken: string; pid: string };
let redis: Redis;

beforeAll(async () => {
  const redisConfig = { url: REDIS_URL, prefix };
  ({ t, demo, ids, tokens } = await telehealthWorld({ redis: redisConfig }));
  // the second server: the same database and Redis, rooms of its own (its own configuration object)
  second = await buildApp({ db: t.db, config: { ...t.config, redis: { ...redisConfig } } });
  one = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
  two = (await second.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
  me = await participantAccess(t, 'participant.demo');
  tokens['pi.demo'] ??= (await staffAccess(t, 'pi.demo')).accessToken;
  redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
  const left = await redis?.keys(`${prefix}:*`);
  if (left?.length) await redis.del(...left);
  await redis?.quit();
});

const start = (memberIds: string[] = []) =>
  startUnscheduledCall(t.app, { studyId: demo, participantId: me.pid, token: tokens['crc.demo']!, memberIds });

async function answerOn(app: FastifyInstance, callId: string) {
  const r = await call(app, joinMyTelehealthCall, { params: { callId }, body: { offset: 60 }, token: me.accessToken });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.videoToken as string;
}

const stateOf = async (callId: string) =>
  (await call(second, getTelehealthCall, { params: { studyId: demo, callId }, token: tokens['crc.demo'] })).json.state;

describe('a call whose people are connected to different API servers', () => {
  it('relays, shares one screen, connects and ends across them', async () => {
    const s = await start([ids['pi.demo']!]);
    const staff = await openSignal(one, s.videoToken);
    expect((await staff.next('welcome')).peers).toEqual([]);

    const participant = await openSignal(two, await answerOn(second, s.call.id));
    expect((await participant.next('welcome')).peers).toEqual([
      { peerId: ids['crc.demo'], kind: 'staff', name: 'Carlos Coordinator' },
    ]);
    expect((await staff.next('peer-joined')).peer).toMatchObject({ peerId: me.pid, kind: 'participant' });
    await until(async () => (await stateOf(s.call.id)) === 'CONNECTED');

    // WebRTC's offer and answer, and the media toggles, cross from one server to the other and back
    staff.send({ type: 'signal', to: me.pid, data: { sdp: 'offer' } });
    expect(await participant.next('signal')).toEqual({ type: 'signal', from: ids['crc.demo'], data: { sdp: 'offer' } });
    participant.send({ type: 'signal', to: ids['crc.demo'], data: { sdp: 'answer' } });
    expect(await staff.next('signal')).toEqual({ type: 'signal', from: me.pid, data: { sdp: 'answer' } });
    participant.send({ type: 'media', camera: false, microphone: true });
    expect(await staff.next('media')).toEqual({ type: 'media', from: me.pid, camera: false, microphone: true });

    // one screen at a time, whichever server each person is on (F-069)
    const pi = await call(second, joinTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['pi.demo'],
    });
    const colleague = await openSignal(two, pi.json.videoToken);
    expect((await colleague.next('welcome')).peers.map((p) => p.peerId).sort()).toEqual(
      [ids['crc.demo'], me.pid].sort(),
    );
    staff.send({ type: 'screen', sharing: true });
    expect(await colleague.next('screen')).toEqual({ type: 'screen', peerId: ids['crc.demo'] });
    colleague.send({ type: 'screen', sharing: true });
    expect(await colleague.next('screen-busy')).toEqual({ type: 'screen-busy', peerId: ids['crc.demo'] });

    // the hang-up, asked of the second server, ends the call for the person on the first
    const end = await call(second, endTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['crc.demo'],
    });
    expect(end.status).toBe(200);
    expect(await staff.next('ended')).toMatchObject({ type: 'ended', reason: 'HANG_UP' });
    expect(await participant.next('ended')).toMatchObject({ type: 'ended', reason: 'HANG_UP' });
    await Promise.all([staff.closing(), participant.closing(), colleague.closing()]);
    expect(await redis.exists(`${prefix}:call:${s.call.id}:seats`)).toBe(0);
  });

  it('the participant leaving on one server ends the call for the staff member on the other (F-066)', async () => {
    const s = await start();
    const staff = await openSignal(one, s.videoToken);
    await staff.next('welcome');
    const participant = await openSignal(two, await answerOn(second, s.call.id));
    await participant.next('welcome');
    await until(async () => (await stateOf(s.call.id)) === 'CONNECTED');
    participant.socket.close();
    expect(await staff.next('peer-left')).toEqual({ type: 'peer-left', peerId: me.pid });
    expect(await staff.next('ended')).toMatchObject({ reason: 'LAST_STREAM_GONE' });
    await staff.closing();
  });

  it('a second connection of the same person on the other server replaces the first', async () => {
    const s = await start();
    const first = await openSignal(one, s.videoToken);
    await first.next('welcome');
    const rejoin = await call(second, joinTelehealthCall, {
      params: { studyId: demo, callId: s.call.id },
      token: tokens['crc.demo'],
    });
    const again = await openSignal(two, rejoin.json.videoToken);
    expect((await again.next('welcome')).peers).toEqual([]);
    expect(await first.closing()).toBe(SIGNAL_CLOSE.replaced);
    const seats = await redis.hgetall(`${prefix}:call:${s.call.id}:seats`);
    expect(Object.keys(seats)).toEqual([ids['crc.demo']]);

    await call(t.app, endTelehealthCall, { params: { studyId: demo, callId: s.call.id }, token: tokens['crc.demo'] });
    await again.closing();
  });

  it('the seats of a server that died are not counted: no ghost in the call, its screen free', async () => {
    const s = await start();
    // a server that seated the participant and then died: its seat stays in Redis, its heartbeat does not
    const dead = randomUUID();
    await redis.hset(
      `${prefix}:call:${s.call.id}:seats`,
      me.pid,
      JSON.stringify({ peer: { peerId: me.pid, kind: 'participant', name: 'Ghost' }, seatId: `${dead}:1` }),
    );
    await redis.set(`${prefix}:call:${s.call.id}:screen`, me.pid);
    const staff = await openSignal(one, s.videoToken);
    const welcome = await staff.next('welcome');
    expect(welcome.peers).toEqual([]);
    expect(welcome.screen).toBeNull();
    staff.send({ type: 'screen', sharing: true });
    expect(await staff.next('screen')).toEqual({ type: 'screen', peerId: ids['crc.demo'] });

    await call(t.app, endTelehealthCall, { params: { studyId: demo, callId: s.call.id }, token: tokens['crc.demo'] });
    await staff.closing();
  });
});
