/**
 * Web Push for participants (decision D-092; D-040, D-052, D-088…D-091, D-118): the VAPID key pair made once
 * on the first start and kept sealed; a participant's device registration with the spec's payload (validated,
 * for themself only, upserted); its refusal; a test push sent by the push job with `web-push` to a real push
 * service on loopback (HTTPS), which checks the VAPID signature and decrypts the payload with the browser's
 * keys; a subscription the push service calls gone ends the registration. Every write audited.
 */
import { createECDH } from 'node:crypto';
import {
  getParticipantDevice,
  participantLogin,
  participantLogout,
  getPushPublicKey,
  registerParticipantDevice,
  sendParticipantTestPush,
  unregisterParticipantDevice,
} from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { deliverDuePushes, ensurePushKeys, MAX_PUSH_ATTEMPTS, pushRetryDelayMs } from '../src/modules/push/push.job';
import { TEST_PUSH_LIFETIME_MS } from '../src/modules/push/push.service';
import { unsealPrivateKey } from '../src/modules/push/push.sender';
import { createPlatform } from '../src/platform';
import {
  auditActions,
  call,
  DEMO_PASSWORD,
  createIsolatedTestApp,
  createTestApp,
  idOf,
  participantAccess,
  staffAccess,
  type TestApp,
} from './helpers';
import { browserSubscription, type LocalPushService, startLocalPushService, verifyVapid } from './push-service';

let t: TestApp;
let pushService: LocalPushService;
let demo: string;
let publicKey: string;
beforeAll(async () => {
  pushService = await startLocalPushService();
  t = await createTestApp({ pushServiceHosts: [pushService.host] });
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  // As the server's start does (server.ts).
  publicKey = (await ensurePushKeys(t.platform)).publicKey;
});
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});
afterEach(() => {
  pushService.received.length = 0;
});

const DEVICE = '0b5c4f3e-8d1a-4c2b-9e7f-1a2b3c4d5e6f';

async function signedIn(username = 'participant.demo') {
  const { accessToken, pid } = await participantAccess(t, username);
  return { token: accessToken, pid };
}

/** The spec's device registration payload (001 §3) for a subscription at the local push service. */
function payload(pid: string, subscription: { json: unknown }, extra: Record<string, unknown> = {}) {
  return {
    participantId: pid,
    studyId: demo,
    pdDeviceToken: subscription.json,
    pdDevicePlatform: 'Web',
    pdRegistrationStatus: 'Registered',
    deviceId: DEVICE,
    appType: 'StudyApp',
    ...extra,
  };
}

const deviceRows = (participantId: string) =>
  t.db.selectFrom('participant_devices').selectAll().where('participant_id', '=', participantId).execute();

describe('the VAPID key pair', () => {
  it('is made once on the first start, also by two processes at once, and stays across calls and restarts', async () => {
    // A database of its own: two "processes" start together on it (real sessions on PostgreSQL).
    const own = await createIsolatedTestApp();
    try {
      expect(await own.db.selectFrom('push_vapid_keys').selectAll().execute()).toEqual([]);
      const [a, b] = await Promise.all([ensurePushKeys(own.platform), ensurePushKeys(own.platform)]);
      expect(a.publicKey).toBe(b.publicKey);
      expect(a.readable).toBe(true);
      const token = (await participantAccess(own, 'participant.demo')).accessToken;
      const first = await call(own.app, getPushPublicKey, { token });
      const again = await call(own.app, getPushPublicKey, { token });
      expect(first.status).toBe(200);
      expect(first.json.publicKey).toBe(a.publicKey);
      expect(again.json.publicKey).toBe(a.publicKey);

      // A restart: a new app and platform on the same database, started as server.ts does.
      const config = testConfig();
      const restarted = await buildApp({ db: own.db, config });
      try {
        expect((await ensurePushKeys(createPlatform(own.db, config))).publicKey).toBe(a.publicKey);
        expect((await call(restarted, getPushPublicKey, { token })).json.publicKey).toBe(a.publicKey);
      } finally {
        await restarted.close();
      }
      expect(await own.db.selectFrom('push_vapid_keys').selectAll().execute()).toHaveLength(1);
      const made = await own.db.selectFrom('audit_log').selectAll().where('action', '=', 'push.keys.create').execute();
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ actor_type: 'system', actor_id: 'push', entity_type: 'push_key' });
    } finally {
      await own.close();
    }
  });

  it('keeps the private key sealed: only the server secret opens it, and it is the public key’s pair', async () => {
    const row = await t.db.selectFrom('push_vapid_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.public_key).toBe(publicKey);
    expect(row.private_key_sealed).toMatch(/^v1\./);
    // Another server secret (a copy of the database elsewhere) cannot read it.
    expect(unsealPrivateKey(row.public_key, row.private_key_sealed, new TextEncoder().encode('x'.repeat(48)))).toBe(
      null,
    );
    // Nor can the sealed key be paired with another public key.
    expect(unsealPrivateKey(`${row.public_key.slice(0, -2)}AA`, row.private_key_sealed, t.config.jwtSecret)).toBe(null);
    const privateKey = unsealPrivateKey(row.public_key, row.private_key_sealed, t.config.jwtSecret)!;
    expect(row.private_key_sealed).not.toContain(privateKey);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(publicKey);
  });

  it('is given to participants only: a staff token or none is refused', async () => {
    const staff = (await staffAccess(t, 'studyadmin')).accessToken;
    expect((await call(t.app, getPushPublicKey, { token: staff })).status).toBe(401);
    expect((await call(t.app, getPushPublicKey)).status).toBe(401);
    const { token } = await signedIn();
    expect((await call(t.app, getPushPublicKey, { token })).json).toEqual({ publicKey });
  });
});

describe('device registration (D-052, D-088)', () => {
  it('registers the device with the spec’s payload, and registering again updates the same row', async () => {
    const { token, pid } = await signedIn();
    const before = await call(t.app, getParticipantDevice, { token, params: { deviceId: DEVICE } });
    expect(before.json).toEqual({ registration: null });

    const first = browserSubscription(`${pushService.origin}/push/first`);
    const r = await call(t.app, registerParticipantDevice, {
      token,
      body: payload(pid, first, { id: '', deviceName: '', deviceModel: null }),
    });
    expect({ status: r.status, json: r.status === 200 ? null : r.json }).toEqual({ status: 200, json: null });
    expect(r.json).toMatchObject({
      participantId: pid,
      studyId: demo,
      pdDeviceToken: { endpoint: first.json.endpoint },
      pdDevicePlatform: 'Web',
      pdRegistrationStatus: 'Registered',
      deviceId: DEVICE,
      appType: 'StudyApp',
      deviceName: null,
      deviceModel: null,
      osVersion: null,
      appVersion: null,
    });
    // The keys stay with the server.
    expect(JSON.stringify(r.json)).not.toContain(first.json.keys.auth);

    const second = browserSubscription(`${pushService.origin}/push/second`);
    const again = await call(t.app, registerParticipantDevice, {
      token,
      body: payload(pid, second, { id: r.json.id }),
    });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(r.json.id);
    expect(again.json.pdDeviceToken).toEqual({ endpoint: second.json.endpoint });

    const rows = await deviceRows(pid);
    expect(rows).toHaveLength(1);
    const stored =
      typeof rows[0]!.pd_device_token === 'string' ? JSON.parse(rows[0]!.pd_device_token) : rows[0]!.pd_device_token;
    expect(stored).toEqual(second.json);
    expect(
      (await call(t.app, getParticipantDevice, { token, params: { deviceId: DEVICE } })).json.registration,
    ).toEqual(again.json);

    expect(await auditActions(t.db, r.json.id)).toEqual(['participant.device.register', 'participant.device.register']);
    const trail = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', r.json.id)
      .orderBy('id')
      .execute();
    expect(trail[1]).toMatchObject({ actor_type: 'participant', actor_id: pid, entity_type: 'participant_device' });
    expect(trail[1]!.after).toMatchObject({ status: 'Registered', deviceId: DEVICE, pushService: pushService.origin });
    // The subscription's secrets are not written to the audit trail.
    expect(JSON.stringify(trail)).not.toContain(second.json.keys.auth);
    expect(JSON.stringify(trail)).not.toContain(second.json.keys.p256dh);
  });

  const good = () => browserSubscription('https://fcm.googleapis.com/fcm/send/abc123');
  const withKeys = (keys: Record<string, string>) => {
    const s = good();
    return { json: { ...s.json, keys: { ...s.json.keys, ...keys } } };
  };
  // 65 bytes starting 0x04 but not a point of the curve
  const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
  it.each([
    [
      'an http endpoint',
      { pdDeviceToken: { ...good().json, endpoint: 'http://fcm.googleapis.com/fcm/send/abc' } },
      'pdDeviceToken.endpoint',
      'The push subscription must have an https endpoint.',
    ],
    [
      'an endpoint that is not a push service',
      { pdDeviceToken: { ...good().json, endpoint: 'https://intranet.example/admin' } },
      'pdDeviceToken.endpoint',
      'This push service is not one the server sends notifications through.',
    ],
    [
      'a p256dh key of the wrong length',
      { pdDeviceToken: withKeys({ p256dh: Buffer.alloc(33, 4).toString('base64url') }).json },
      'pdDeviceToken.keys.p256dh',
      'The subscription key (p256dh) is not a P-256 public key.',
    ],
    [
      'a p256dh key off the curve',
      { pdDeviceToken: withKeys({ p256dh: offCurve }).json },
      'pdDeviceToken.keys.p256dh',
      'The subscription key (p256dh) is not a P-256 public key.',
    ],
    [
      'an auth secret of the wrong length',
      { pdDeviceToken: withKeys({ auth: Buffer.alloc(8).toString('base64url') }).json },
      'pdDeviceToken.keys.auth',
      'The subscription secret (auth) must be 16 bytes in base64url.',
    ],
    ['no token', { pdDeviceToken: undefined }, 'pdDeviceToken', 'This field is required.'],
    ['another platform', { pdDevicePlatform: 'iOS' }, 'pdDevicePlatform', 'This value is not valid.'],
    ['another app type', { appType: 'SiteApp' }, 'appType', 'This value is not valid.'],
    [
      'a device field that is not blank',
      { osVersion: '17.1' },
      'osVersion',
      'Leave this field empty for a web device.',
    ],
    [
      'a status other than Registered',
      { pdRegistrationStatus: 'Gone' },
      'pdRegistrationStatus',
      'This value is not valid.',
    ],
    [
      'an id that is not this device’s registration',
      { id: '5d7e1c1a-0f4e-4a57-9a43-3c5b2f1e0a11' },
      'id',
      'This registration is not the one of this device.',
    ],
  ])('refuses %s with a 400 naming the field', async (_name, change, field, message) => {
    const { token, pid } = await signedIn();
    const r = await call(t.app, registerParticipantDevice, { token, body: payload(pid, good(), change) });
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors[field]).toEqual([message]);
    expect(await deviceRows(pid)).toEqual([]);
  });

  it('refuses another participant’s id or another study’s id (403), and staff tokens', async () => {
    const { token, pid } = await signedIn();
    const other = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0002' });
    const otherStudy = await idOf(t.db, 'studies', { code: 'SLEEP' });
    const asOther = await call(t.app, registerParticipantDevice, { token, body: payload(other, good()) });
    expect(asOther.status).toBe(403);
    expect(asOther.json.message).toBe('You can register a device only for yourself, in your own study.');
    expect(asOther.json.fieldErrors.participantId).toEqual([asOther.json.message]);
    const inOtherStudy = await call(t.app, registerParticipantDevice, {
      token,
      body: { ...payload(pid, good()), studyId: otherStudy },
    });
    expect(inOtherStudy.status).toBe(403);
    expect(inOtherStudy.json.fieldErrors.studyId).toBeDefined();

    const staff = (await staffAccess(t, 'studyadmin')).accessToken;
    for (const [endpoint, input] of [
      [registerParticipantDevice, { body: payload(pid, good()) }],
      [getParticipantDevice, { params: { deviceId: DEVICE } }],
      [unregisterParticipantDevice, { params: { deviceId: DEVICE } }],
      [sendParticipantTestPush, { body: {} }],
    ] as const)
      expect((await call(t.app, endpoint, { token: staff, ...input })).status).toBe(401);
    expect(await deviceRows(pid)).toEqual([]);
    expect(await deviceRows(other)).toEqual([]);
  });

  it('refusing records the choice: the registration is kept as Refused, without its token', async () => {
    const { token, pid } = await signedIn();
    // Not now, on a device that never registered: the refusal is recorded too.
    const never = await call(t.app, unregisterParticipantDevice, { token, params: { deviceId: 'other-device-1' } });
    expect(never.status).toBe(200);
    expect(never.json).toMatchObject({
      pdRegistrationStatus: 'Refused',
      pdDeviceToken: null,
      deviceId: 'other-device-1',
    });

    const s = browserSubscription(`${pushService.origin}/push/refuse`);
    const r = await call(t.app, registerParticipantDevice, { token, body: payload(pid, s) });
    const off = await call(t.app, unregisterParticipantDevice, { token, params: { deviceId: DEVICE } });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ id: r.json.id, pdRegistrationStatus: 'Refused', pdDeviceToken: null });
    const row = (await deviceRows(pid)).find((d) => d.device_id === DEVICE)!;
    expect(row.pd_device_token).toBe(null);
    expect(await auditActions(t.db, r.json.id)).toEqual(['participant.device.register', 'participant.device.refuse']);
    // Nothing is sent to a refused device.
    const test = await call(t.app, sendParticipantTestPush, { token, body: {} });
    expect(test.status).toBe(409);
    expect(test.json.message).toBe('No device of yours is registered for notifications. Allow notifications first.');
  });

  it('signing out on the device ends its registration: a shared device gets none of this person’s notifications', async () => {
    const login = await call(t.app, participantLogin, {
      body: { studyCode: 'DEMO', username: 'participant.demo', password: DEMO_PASSWORD, deviceId: DEVICE },
    });
    expect(login.status).toBe(200);
    const { accessToken: token, pid } = login.json.tokens;
    // another device of the same person, registered in another sign-in, keeps its registration
    const other = await signedIn();
    const elsewhere = browserSubscription(`${pushService.origin}/push/other-phone`);
    await call(t.app, registerParticipantDevice, {
      token: other.token,
      body: payload(pid, elsewhere, { deviceId: 'other-phone' }),
    });
    const r = await call(t.app, registerParticipantDevice, {
      token,
      body: payload(pid, browserSubscription(`${pushService.origin}/push/shared-phone`)),
    });
    expect(r.status).toBe(200);

    const out = await call(t.app, participantLogout, { token, body: { refreshToken: login.json.tokens.refreshToken } });
    expect(out.status).toBe(200);
    const rows = await deviceRows(pid);
    expect(rows.find((d) => d.device_id === DEVICE)).toMatchObject({
      pd_registration_status: 'SignedOut',
      pd_device_token: null,
    });
    expect(rows.find((d) => d.device_id === 'other-phone')).toMatchObject({ pd_registration_status: 'Registered' });
    expect(await auditActions(t.db, r.json.id)).toEqual([
      'participant.device.register',
      'participant.device.signedOut',
    ]);
    // the test push reaches the other phone only
    expect((await call(t.app, sendParticipantTestPush, { token: other.token, body: {} })).json).toEqual({ queued: 1 });
  });

  it('one browser subscription reaches one sign-in: registering it for another participant replaces the first', async () => {
    const a = await signedIn('participant.demo');
    const b = await signedIn('participant.us2');
    const shared = browserSubscription(`${pushService.origin}/push/shared-browser`);
    const first = await call(t.app, registerParticipantDevice, { token: a.token, body: payload(a.pid, shared) });
    const second = await call(t.app, registerParticipantDevice, { token: b.token, body: payload(b.pid, shared) });
    expect(second.status).toBe(200);
    const [rowA] = await deviceRows(a.pid);
    expect(rowA).toMatchObject({ id: first.json.id, pd_registration_status: 'Replaced', pd_device_token: null });
    expect(await auditActions(t.db, first.json.id)).toEqual([
      'participant.device.register',
      'participant.device.replaced',
    ]);
    expect((await call(t.app, sendParticipantTestPush, { token: a.token, body: {} })).status).toBe(409);
  });
});

describe('the test push', () => {
  async function registered(username: string, path: string) {
    const { token, pid } = await signedIn(username);
    const subscription = browserSubscription(`${pushService.origin}${path}`);
    const r = await call(t.app, registerParticipantDevice, { token, body: payload(pid, subscription) });
    expect({ status: r.status, json: r.status === 200 ? null : r.json }).toEqual({ status: 200, json: null });
    return { token, pid, subscription, registrationId: r.json.id as string };
  }

  it.each([
    ['participant.demo', 'en'],
    ['participante.es1', 'es'],
  ])(
    'reaches the push service: a POST signed with the VAPID key, whose body decrypts to the text in the participant’s language (%s)',
    async (username, lang) => {
      const { token, pid, subscription } = await registered(username, `/push/${lang}`);
      const queued = await call(t.app, sendParticipantTestPush, { token, body: {} });
      expect(queued.status).toBe(200);
      expect(queued.json).toEqual({ queued: 1 });
      expect(pushService.received).toEqual([]); // sent by the job, not in the request

      expect(await deliverDuePushes(t.platform)).toEqual({ sent: 1, gone: 0, retrying: 0, failed: 0 });
      expect(pushService.received).toHaveLength(1);
      const got = pushService.received[0]!;
      expect(got.method).toBe('POST');
      expect(got.path).toBe(`/push/${lang}`);
      expect(got.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(got.headers.ttl)).toBeGreaterThan(0);
      expect(Number(got.headers.ttl)).toBeLessThanOrEqual(600);
      const vapid = await verifyVapid(got.headers.authorization, pushService.origin);
      expect(vapid.k).toBe(publicKey);
      expect(vapid.claims.sub).toMatch(/^(mailto:|https:)/);
      expect(vapid.claims.exp! * 1000).toBeGreaterThan(Date.now());
      // Encrypted: the text is not readable on the wire, only with the browser's keys.
      const text = translate('push.testBody', { study: 'DEMO' }, lang);
      expect(got.body.toString('utf8')).not.toContain(text);
      expect(JSON.parse(subscription.decrypt(got.body))).toEqual({
        title: translate('push.testTitle', undefined, lang),
        body: text,
        url: '#/participants/web/DEMO/notifications',
        tag: 'trialpath-test',
      });

      const [message] = await t.db.selectFrom('push_messages').selectAll().where('participant_id', '=', pid).execute();
      expect(message).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(await auditActions(t.db, pid)).toContain('participant.push.test');
      expect(await auditActions(t.db, message!.id)).toEqual(['push.sent']);
      // Nothing is left to send.
      expect(await deliverDuePushes(t.platform)).toEqual({ sent: 0, gone: 0, retrying: 0, failed: 0 });
    },
  );

  it('a subscription the push service calls gone (410) ends the registration; nothing is sent to it again', async () => {
    const { token, pid, registrationId } = await registered('participant.demo', '/push/gone');
    pushService.answer('/push/gone', 410);
    await call(t.app, sendParticipantTestPush, { token, body: {} });
    expect(await deliverDuePushes(t.platform)).toEqual({ sent: 0, gone: 1, retrying: 0, failed: 0 });
    expect(pushService.received).toHaveLength(1);

    const device = await call(t.app, getParticipantDevice, { token, params: { deviceId: DEVICE } });
    expect(device.json.registration).toMatchObject({ pdRegistrationStatus: 'Gone', pdDeviceToken: null });
    const [message] = await t.db.selectFrom('push_messages').selectAll().where('participant_id', '=', pid).execute();
    expect(message).toMatchObject({ status: 'gone', last_error: 'push service answered 410' });
    expect(await auditActions(t.db, registrationId)).toEqual([
      'participant.device.register',
      'participant.device.gone',
    ]);
    expect(await auditActions(t.db, message!.id)).toEqual(['push.failed']);
    const again = await call(t.app, sendParticipantTestPush, { token, body: {} });
    expect(again.status).toBe(409);
  });

  it('a 404 ends it too; a push service that is busy (503) gets the message again later, then it is given up', async () => {
    const lost = await registered('participant.demo', '/push/lost');
    pushService.answer('/push/lost', 404);
    await call(t.app, sendParticipantTestPush, { token: lost.token, body: {} });
    expect(await deliverDuePushes(t.platform)).toMatchObject({ gone: 1 });

    const busy = await registered('participant.us2', '/push/busy');
    pushService.answer('/push/busy', 503);
    await call(t.app, sendParticipantTestPush, { token: busy.token, body: {} });
    expect(await deliverDuePushes(t.platform)).toEqual({ sent: 0, gone: 0, retrying: 1, failed: 0 });
    const [waiting] = await t.db
      .selectFrom('push_messages')
      .selectAll()
      .where('participant_id', '=', busy.pid)
      .execute();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, last_error: 'push service answered 503' });
    expect(waiting!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    // not due yet
    expect(await deliverDuePushes(t.platform)).toMatchObject({ retrying: 0 });
    // each later attempt is due in turn (the clock moved on), until the last gives up
    let later = Date.now();
    for (let n = 2; n <= MAX_PUSH_ATTEMPTS; n++) {
      later += pushRetryDelayMs(n - 1) + 1000;
      const at = new Date(later);
      expect(await deliverDuePushes(t.platform, { now: () => at })).toMatchObject(
        n < MAX_PUSH_ATTEMPTS ? { retrying: 1 } : { failed: 1 },
      );
    }
    const [given] = await t.db.selectFrom('push_messages').selectAll().where('participant_id', '=', busy.pid).execute();
    expect(given).toMatchObject({ status: 'failed', attempts: MAX_PUSH_ATTEMPTS });
    expect(pushService.received.filter((r) => r.path === '/push/busy')).toHaveLength(MAX_PUSH_ATTEMPTS);
    expect(await auditActions(t.db, given!.id)).toEqual([
      ...Array.from({ length: MAX_PUSH_ATTEMPTS - 1 }, () => 'push.retry'),
      'push.failed',
    ]);
    // The device stays registered: a busy push service says nothing about the subscription.
    expect((await deviceRows(busy.pid))[0]!.pd_registration_status).toBe('Registered');
  });

  it('is not sent once it is stale: a test push still waiting after its lifetime is given up', async () => {
    const { token, pid } = await registered('participant.demo', '/push/stale');
    await call(t.app, sendParticipantTestPush, { token, body: {} });
    const at = new Date(Date.now() + TEST_PUSH_LIFETIME_MS + 1000);
    expect(await deliverDuePushes(t.platform, { now: () => at })).toEqual({ sent: 0, gone: 0, retrying: 0, failed: 1 });
    expect(pushService.received).toEqual([]);
    const [message] = await t.db.selectFrom('push_messages').selectAll().where('participant_id', '=', pid).execute();
    expect(message).toMatchObject({ status: 'failed', last_error: 'expired before it could be sent' });
  });

  it('is refused while the study team has turned the participant’s notifications off (E-135)', async () => {
    const { token, pid } = await registered('participant.demo', '/push/off');
    await sql`update participants set notifications_disabled = true where id = ${pid}`.execute(t.db);
    const r = await call(t.app, sendParticipantTestPush, { token, body: {} });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('Your study team has turned notifications off for you.');
    expect(await t.db.selectFrom('push_messages').selectAll().where('participant_id', '=', pid).execute()).toEqual([]);
  });
});
