/** All SQL of Web Push (decision D-092): the VAPID key pair, participants' device registrations, push messages. */
import { type Insertable, type Selectable, sql } from 'kysely';
import { inBatches } from '../../db/batches';
import type { Db } from '../../db/database';
import { endOfMillisecond } from '../../db/clock';
import type {
  ParticipantDevicesTable,
  PushMessagesTable,
  PushPayload,
  PushVapidKeysTable,
  StoredSubscription,
} from '../../db/schema';

export type DeviceRow = Selectable<ParticipantDevicesTable>;
export type PushMessageRow = Selectable<PushMessagesTable>;

// ── the key pair ───────────────────────────────────────────────────────────────────────────────────

export function readVapidKeys(db: Db) {
  return db.selectFrom('push_vapid_keys').selectAll().where('id', '=', 1).executeTakeFirst();
}

/**
 * The key pair, unless one is there already: of two processes starting together, the second waits for the
 * first's row and inserts nothing. True when this call made it.
 */
export async function insertVapidKeysIfNone(db: Db, row: Insertable<PushVapidKeysTable>): Promise<boolean> {
  const r = await db
    .insertInto('push_vapid_keys')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

// ── device registrations ───────────────────────────────────────────────────────────────────────────

/** The stored subscription (pg and PGlite may hand jsonb back as text). */
export function subscriptionOf(row: Pick<DeviceRow, 'pd_device_token'>): StoredSubscription | null {
  const v = row.pd_device_token as unknown;
  if (v === null || v === undefined) return null;
  return (typeof v === 'string' ? JSON.parse(v) : v) as StoredSubscription;
}

/** One participant's registration of one device, locked for the rest of the transaction when asked. */
export function findDevice(db: Db, participantId: string, deviceId: string, options: { lock?: boolean } = {}) {
  const q = db
    .selectFrom('participant_devices')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('device_id', '=', deviceId);
  return (options.lock ? q.forUpdate() : q).executeTakeFirst();
}

export function findDeviceById(db: Db, id: string) {
  return db.selectFrom('participant_devices').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface DeviceState {
  participant_id: string;
  study_id: string;
  device_id: string;
  status: DeviceRow['pd_registration_status'];
  subscription: StoredSubscription | null;
}

/** Register (or refuse) a device: one row per participant and device id, written again when it exists. */
export function upsertDevice(db: Db, d: DeviceState): Promise<DeviceRow> {
  const now = new Date();
  return db
    .insertInto('participant_devices')
    .values({
      participant_id: d.participant_id,
      study_id: d.study_id,
      device_id: d.device_id,
      pd_device_token: d.subscription ? JSON.stringify(d.subscription) : null,
      pd_registration_status: d.status,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['participant_id', 'device_id']).doUpdateSet((eb) => ({
        study_id: eb.ref('excluded.study_id'),
        pd_device_token: eb.ref('excluded.pd_device_token'),
        pd_registration_status: eb.ref('excluded.pd_registration_status'),
        updated_at: now,
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The registrations of these devices of one participant that are in use, locked for the transaction. */
export function registeredDevicesAmong(db: Db, participantId: string, deviceIds: readonly string[]) {
  if (deviceIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participant_devices')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('device_id', 'in', deviceIds)
    .where('pd_registration_status', '=', 'Registered')
    .forUpdate()
    .execute();
}

/**
 * Other registrations holding this subscription (another participant signed in on the same browser, or the
 * browser's device id changed) are Replaced and lose the token, so one browser is reached by one sign-in.
 */
export function replaceRegistrationsOf(db: Db, endpoint: string, keep: { participantId: string; deviceId: string }) {
  return db
    .updateTable('participant_devices')
    .set({ pd_registration_status: 'Replaced', pd_device_token: null, updated_at: new Date() })
    .where('pd_registration_status', '=', 'Registered')
    .where(sql<string>`pd_device_token ->> 'endpoint'`, '=', endpoint)
    .where((eb) => eb.or([eb('participant_id', '!=', keep.participantId), eb('device_id', '!=', keep.deviceId)]))
    .returning(['id', 'participant_id', 'device_id'])
    .execute();
}

export function registeredDevicesOf(db: Db, participantId: string) {
  return db
    .selectFrom('participant_devices')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('pd_registration_status', '=', 'Registered')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The push service said the subscription is gone: the registration ends, only while it still holds that one. */
export async function markDeviceGone(db: Db, id: string, endpoint: string): Promise<boolean> {
  const r = await db
    .updateTable('participant_devices')
    .set({ pd_registration_status: 'Gone', pd_device_token: null, updated_at: new Date() })
    .where('id', '=', id)
    .where('pd_registration_status', '=', 'Registered')
    .where(sql<string>`pd_device_token ->> 'endpoint'`, '=', endpoint)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

// ── push messages (the queue) ──────────────────────────────────────────────────────────────────────

export function insertPushMessages(db: Db, rows: Insertable<PushMessagesTable>[]) {
  return db.insertInto('push_messages').values(rows).returning(['id', 'device_id']).execute();
}

/**
 * Claim the oldest due pending message, as the outbox does: locked (rows another sender holds are skipped),
 * one attempt counted, leased until `leaseUntil` so no other sender takes it once this transaction commits.
 */
export async function claimDuePush(trx: Db, now: Date, leaseUntil: Date): Promise<PushMessageRow | undefined> {
  const due = await trx
    .selectFrom('push_messages')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<', endOfMillisecond(now))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!due) return undefined;
  return trx
    .updateTable('push_messages')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
    .where('id', '=', due.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type PushRecord =
  | { status: 'sent'; at: Date }
  | { status: 'gone' | 'failed'; error: string }
  | { status: 'pending'; nextAttemptAt: Date; error: string };

/** The outcome of a claimed attempt; only while the message is still pending. */
export async function recordPush(trx: Db, id: string, outcome: PushRecord): Promise<boolean> {
  const values =
    outcome.status === 'sent'
      ? { status: 'sent' as const, sent_at: outcome.at, last_error: null }
      : outcome.status === 'pending'
        ? { status: 'pending' as const, next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error }
        : { status: outcome.status, last_error: outcome.error };
  const r = await trx
    .updateTable('push_messages')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The registered devices of these participants (a push notification goes to each). */
export async function registeredDevicesOfParticipants(db: Db, participantIds: readonly string[]) {
  const out: { id: string; participant_id: string }[] = [];
  await inBatches(participantIds, async (batch) => {
    out.push(
      ...(await db
        .selectFrom('participant_devices')
        .select(['id', 'participant_id'])
        .where('participant_id', 'in', batch)
        .where('pd_registration_status', '=', 'Registered')
        .execute()),
    );
  });
  return out;
}

/** Push messages of one kind queued for the push job at once, in batches. */
export const insertPushBatch = (
  db: Db,
  kind: PushMessagesTable['kind'],
  rows: readonly { deviceId: string; participantId: string; payload: PushPayload; expiresAt: Date }[],
) =>
  inBatches(rows, (batch) =>
    db
      .insertInto('push_messages')
      .values(
        batch.map((r) => ({
          device_id: r.deviceId,
          participant_id: r.participantId,
          kind,
          payload: JSON.stringify(r.payload),
          expires_at: r.expiresAt,
        })),
      )
      .execute(),
  );
