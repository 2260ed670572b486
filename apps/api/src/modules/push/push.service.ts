/**
 * Web Push for participants (001 §3, §7, §8; decision D-092). The server's VAPID key pair is made on the first
 * start; a signed-in participant gets its public key, subscribes in the browser and registers the device with
 * the spec's device registration payload (for themself only), or refuses; a test push is queued for each of
 * their registered devices and sent by the push job with no transaction open. Every write is audited.
 */
import type { DeviceRegistration } from '@trialpath/contract';
import {
  DEVICE_APP_TYPE,
  DEVICE_PLATFORM_WEB,
  type MessageKey,
  messageRef,
  pushEndpointProblem,
  translate,
} from '@trialpath/domain';
import type { PushPayload, StoredSubscription } from '../../db/schema';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { participantById } from '../participants/participants.service';
import { studyCodeOf } from '../studies/studies.service';
import {
  type DeviceRow,
  findDevice,
  insertPushMessages,
  insertVapidKeysIfNone,
  readVapidKeys,
  registeredDevicesAmong,
  registeredDevicesOf,
  replaceRegistrationsOf,
  subscriptionOf,
  upsertDevice,
  insertPushBatch,
  registeredDevicesOfParticipants,
} from './push.repository';
import { isP256Point, newVapidKeys } from './push.sender';

/** A test push not delivered within this long is not sent any more (a stale "test" helps nobody). */
export const TEST_PUSH_LIFETIME_MS = 10 * 60_000;

// ── the key pair ───────────────────────────────────────────────────────────────────────────────────

/**
 * The key pair, made (and audited) when there is none yet. Two processes starting together both try; the
 * insert keeps the first pair and both read it back.
 */
export async function ensureVapidKeys(ctx: ServiceCtx): Promise<{ publicKey: string; privateKeySealed: string }> {
  const existing = await readVapidKeys(ctx.db);
  if (existing) return { publicKey: existing.public_key, privateKeySealed: existing.private_key_sealed };
  const made = newVapidKeys(ctx.config.jwtSecret);
  const inserted = await insertVapidKeysIfNone(ctx.db, {
    id: 1,
    public_key: made.publicKey,
    private_key_sealed: made.privateKeySealed,
  });
  if (inserted)
    ctx.audit({
      action: 'push.keys.create',
      entityType: 'push_key',
      entityId: 'vapid',
      after: { publicKey: made.publicKey },
    });
  const row = (await readVapidKeys(ctx.db))!;
  return { publicKey: row.public_key, privateKeySealed: row.private_key_sealed };
}

/** The stored key pair (the push job opens its private key); null before the first start made it. */
export async function storedVapidKeys(ctx: Pick<ServiceCtx, 'db'>) {
  const row = await readVapidKeys(ctx.db);
  return row ? { publicKey: row.public_key, privateKeySealed: row.private_key_sealed } : null;
}

/** 001 §7: the public key the browser subscribes with ("obtain a device token with a public key"). */
export async function publicKey(ctx: ServiceCtx) {
  ctx.participant();
  const keys = await storedVapidKeys(ctx);
  if (!keys) throw fail('SERVICE_UNAVAILABLE');
  return { publicKey: keys.publicKey };
}

// ── device registrations ───────────────────────────────────────────────────────────────────────────

const originOf = (endpoint: string) => {
  try {
    return new URL(endpoint).origin;
  } catch {
    return null;
  }
};

export function registrationView(row: DeviceRow): DeviceRegistration {
  const subscription = subscriptionOf(row);
  return {
    id: row.id,
    participantId: row.participant_id,
    studyId: row.study_id,
    pdDeviceToken: subscription ? { endpoint: subscription.endpoint } : null,
    pdDevicePlatform: DEVICE_PLATFORM_WEB,
    pdRegistrationStatus: row.pd_registration_status,
    deviceId: row.device_id,
    appType: DEVICE_APP_TYPE,
    deviceName: null,
    deviceModel: null,
    osVersion: null,
    appVersion: null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What the audit trail keeps of a registration: never the subscription's keys, only its push service. */
function auditView(row: DeviceRow | undefined) {
  if (!row) return undefined;
  const subscription = subscriptionOf(row);
  return {
    deviceId: row.device_id,
    status: row.pd_registration_status,
    platform: row.pd_device_platform,
    appType: row.app_type,
    pushService: subscription ? originOf(subscription.endpoint) : null,
  };
}

export interface DeviceRegistrationInput {
  id?: string | null;
  participantId: string;
  studyId: string;
  pdDeviceToken: StoredSubscription;
  deviceId: string;
}

/**
 * D-052, D-088: the signed-in participant registers this device (again: the same row is updated). The payload
 * names the participant and study, which must be the session's; the subscription must be one the server can
 * encrypt for, at a push service it sends to.
 */
export async function registerDevice(ctx: ServiceCtx, input: DeviceRegistrationInput) {
  const me = ctx.participant();
  if (input.participantId !== me.participantId) throw fieldProblem('FORBIDDEN', 'participantId', 'push.notOwnRecord');
  if (input.studyId !== me.studyId) throw fieldProblem('FORBIDDEN', 'studyId', 'push.notOwnRecord');
  const problem = pushEndpointProblem(input.pdDeviceToken.endpoint, ctx.config.pushServiceHosts);
  if (problem) throw fieldProblem('VALIDATION_FAILED', 'pdDeviceToken.endpoint', problem);
  if (!isP256Point(input.pdDeviceToken.keys.p256dh))
    throw fieldProblem('VALIDATION_FAILED', 'pdDeviceToken.keys.p256dh', 'push.p256dhInvalid');

  const before = await findDevice(ctx.db, me.participantId, input.deviceId, { lock: true });
  if (input.id && input.id !== before?.id) throw fieldProblem('VALIDATION_FAILED', 'id', 'push.registrationUnknown');

  const { endpoint, expirationTime, keys } = input.pdDeviceToken;
  const subscription: StoredSubscription = {
    endpoint,
    ...(expirationTime !== undefined ? { expirationTime } : {}),
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  };
  const replaced = await replaceRegistrationsOf(ctx.db, endpoint, {
    participantId: me.participantId,
    deviceId: input.deviceId,
  });
  for (const r of replaced)
    ctx.audit({
      action: 'participant.device.replaced',
      entityType: 'participant_device',
      entityId: r.id,
      before: { status: 'Registered' },
      after: { status: 'Replaced', byParticipant: me.participantId, byDeviceId: input.deviceId },
    });
  const row = await upsertDevice(ctx.db, {
    participant_id: me.participantId,
    study_id: me.studyId,
    device_id: input.deviceId,
    status: 'Registered',
    subscription,
  });
  ctx.audit({
    action: 'participant.device.register',
    entityType: 'participant_device',
    entityId: row.id,
    before: auditView(before),
    after: auditView(row),
  });
  return registrationView(row);
}

/** This device's registration of the signed-in participant, or null. */
export async function deviceRegistration(ctx: ServiceCtx, input: { deviceId: string }) {
  const me = ctx.participant();
  const row = await findDevice(ctx.db, me.participantId, input.deviceId);
  return { registration: row ? registrationView(row) : null };
}

/**
 * The participant refuses push notifications on this device, or turns them off: the registration is kept as
 * Refused, without its token (a device that never registered gets a Refused row: the choice is recorded).
 */
export async function refuseDevice(ctx: ServiceCtx, input: { deviceId: string }) {
  const me = ctx.participant();
  const before = await findDevice(ctx.db, me.participantId, input.deviceId, { lock: true });
  const row = await upsertDevice(ctx.db, {
    participant_id: me.participantId,
    study_id: me.studyId,
    device_id: input.deviceId,
    status: 'Refused',
    subscription: null,
  });
  ctx.audit({
    action: 'participant.device.refuse',
    entityType: 'participant_device',
    entityId: row.id,
    before: auditView(before),
    after: auditView(row),
  });
  return registrationView(row);
}

/**
 * The participant signed out on these devices (the session's): their registrations end (SignedOut, without the
 * token), so a shared device receives none of this person's notifications any more.
 */
export async function endRegistrationsAtSignOut(ctx: ServiceCtx, deviceIds: readonly string[]) {
  const me = ctx.participant();
  for (const before of await registeredDevicesAmong(ctx.db, me.participantId, deviceIds)) {
    const row = await upsertDevice(ctx.db, {
      participant_id: me.participantId,
      study_id: before.study_id,
      device_id: before.device_id,
      status: 'SignedOut',
      subscription: null,
    });
    ctx.audit({
      action: 'participant.device.signedOut',
      entityType: 'participant_device',
      entityId: row.id,
      before: auditView(before),
      after: auditView(row),
    });
  }
}

// ── the test push ──────────────────────────────────────────────────────────────────────────────────

/**
 * A short text in the participant's language to each of their registered devices, queued for the push job.
 * Refused while the study team has turned the participant's notifications off (E-135), or with no device.
 */
export async function queueTestPush(ctx: ServiceCtx) {
  const me = ctx.participant();
  const participant = await participantById(ctx, me.participantId);
  if (!participant) throw fail('UNAUTHENTICATED');
  const refuse = (key: MessageKey) => fail('CONFLICT', undefined, { message: messageRef(key) });
  if (participant.notifications_disabled) throw refuse('push.turnedOff');
  const devices = await registeredDevicesOf(ctx.db, me.participantId);
  if (devices.length === 0) throw refuse('push.noDevice');

  const studyCode = await studyCodeOf(ctx, me.studyId);
  const lang = participant.language || ctx.request.language;
  const payload: PushPayload = {
    title: translate('push.testTitle', undefined, lang),
    body: translate('push.testBody', { study: studyCode }, lang),
    url: `#/participants/web/${encodeURIComponent(studyCode)}/notifications`,
    tag: 'trialpath-test',
  };
  const expiresAt = new Date(Date.now() + TEST_PUSH_LIFETIME_MS);
  const queued = await insertPushMessages(
    ctx.db,
    devices.map((d) => ({
      device_id: d.id,
      participant_id: me.participantId,
      kind: 'test' as const,
      payload: JSON.stringify(payload),
      expires_at: expiresAt,
    })),
  );
  ctx.audit({
    action: 'participant.push.test',
    entityType: 'participant',
    entityId: me.participantId,
    after: { messages: queued.map((m) => ({ messageId: m.id, deviceRegistrationId: m.device_id })) },
  });
  return { queued: queued.length };
}

/** The registered devices of these participants. */
export const registeredDevicesOfMany = (ctx: Pick<ServiceCtx, 'db'>, participantIds: readonly string[]) =>
  registeredDevicesOfParticipants(ctx.db, participantIds);

/** Push notifications of messages from the study team queued at once for the push job (decision E-messages). */
export const queueMessagePushes = (ctx: Pick<ServiceCtx, 'db'>, rows: Parameters<typeof insertPushBatch>[2]) =>
  insertPushBatch(ctx.db, 'message', rows);

/** An incoming call's push is stale once the call no longer rings for the participant (decision F-calls). */
export const CALL_PUSH_LIFETIME_MS = 2 * 60_000;

/**
 * F-106: an incoming video call told at once to each of the participant's registered devices, in their language,
 * opening their visits (where the call is answered); nothing while the study team has turned their notifications
 * off. The number queued.
 */
export async function queueCallPush(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; callId: string; message?: string },
) {
  const participant = await participantById(ctx, input.participantId);
  if (!participant || participant.notifications_disabled) return 0;
  const devices = await registeredDevicesOf(ctx.db, input.participantId);
  if (devices.length === 0) return 0;
  const studyCode = await studyCodeOf(ctx, input.studyId);
  const lang = participant.language || 'en';
  const payload: PushPayload = {
    title: translate('telehealth.callPushTitle', undefined, lang),
    body: input.message ?? translate('telehealth.callingYou', undefined, lang),
    url: `#/participants/web/${encodeURIComponent(studyCode)}/appointments`,
    tag: `trialpath-call-${input.callId}`,
  };
  const expiresAt = new Date(Date.now() + CALL_PUSH_LIFETIME_MS);
  await insertPushBatch(
    ctx.db,
    'call',
    devices.map((d) => ({ deviceId: d.id, participantId: input.participantId, payload, expiresAt })),
  );
  return devices.length;
}
