/**
 * The push job (decision D-092), the outbox's way (decision 0006): a queued message is claimed in a short
 * transaction (locked, one attempt counted, leased), sent with no transaction open — so on the embedded
 * database, whose one connection every request shares, nobody waits for a push service — and the outcome is
 * recorded and audited in a second transaction. A push service saying the subscription is gone (404/410)
 * ends the device's registration. Also the first start's key pair.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PushPayload } from '../../db/schema';
import { type Platform, withSystemContext } from '../../kernel/context';
import {
  claimDuePush,
  findDeviceById,
  markDeviceGone,
  type PushMessageRow,
  type PushRecord,
  recordPush,
  subscriptionOf,
} from './push.repository';
import { type SendOutcome, sendPush, unsealPrivateKey, vapidSubject } from './push.sender';
import { ensureVapidKeys, storedVapidKeys } from './push.service';

/** After this many attempts a message is given up. */
export const MAX_PUSH_ATTEMPTS = 5;
/** How long a claimed message is left to its sender before another may try it (well above the timeout). */
const PUSH_LEASE_MS = 60_000;
/** A push service that has not answered after this long is tried again later. */
export const PUSH_TIMEOUT_MS = 10_000;

/** Wait before the next attempt: 10 s, 20 s, 40 s … at most 5 min. */
export function pushRetryDelayMs(attemptsSoFar: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attemptsSoFar - 1), 5 * 60_000);
}

/**
 * The server's first start makes the VAPID key pair (later starts find it). Says whether this server's secret
 * opens the stored private key: when it does not (JWT_SECRET changed), pushes cannot be signed.
 */
export async function ensurePushKeys(platform: Platform): Promise<{ publicKey: string; readable: boolean }> {
  const keys = await withSystemContext(platform, 'push', (ctx) => ensureVapidKeys(ctx));
  const readable = unsealPrivateKey(keys.publicKey, keys.privateKeySealed, platform.config.jwtSecret) !== null;
  return { publicKey: keys.publicKey, readable };
}

export interface PushReport {
  sent: number;
  gone: number;
  retrying: number;
  failed: number;
}

export interface PushDeliveryOptions {
  now?: () => Date;
  /** Messages handled in one pass at the most. */
  limit?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

type Attempt = { outcome: SendOutcome; endpoint: string | null };

/** What sending a claimed message comes to, before anything is recorded (no transaction open). */
async function attempt(platform: Platform, message: PushMessageRow, now: Date): Promise<Attempt> {
  const device = await findDeviceById(platform.db, message.device_id);
  const subscription = device?.pd_registration_status === 'Registered' ? subscriptionOf(device) : null;
  if (!subscription) return { outcome: { kind: 'refused', error: 'device no longer registered' }, endpoint: null };
  if (message.expires_at.getTime() <= now.getTime())
    return { outcome: { kind: 'refused', error: 'expired before it could be sent' }, endpoint: subscription.endpoint };
  const keys = await storedVapidKeys(platform);
  const privateKey = keys && unsealPrivateKey(keys.publicKey, keys.privateKeySealed, platform.config.jwtSecret);
  if (!keys || !privateKey)
    return {
      outcome: { kind: 'retry', error: 'VAPID private key cannot be read with this server secret' },
      endpoint: subscription.endpoint,
    };
  const payload = (typeof message.payload === 'string' ? JSON.parse(message.payload) : message.payload) as PushPayload;
  const ttlSeconds = Math.max(0, Math.floor((message.expires_at.getTime() - now.getTime()) / 1000));
  const outcome = await sendPush(
    subscription,
    JSON.stringify(payload),
    { subject: vapidSubject(platform.config), publicKey: keys.publicKey, privateKey },
    { ttlSeconds, timeoutMs: PUSH_TIMEOUT_MS },
  );
  return { outcome, endpoint: subscription.endpoint };
}

function recordOf(message: PushMessageRow, outcome: SendOutcome, at: Date): PushRecord {
  switch (outcome.kind) {
    case 'sent':
      return { status: 'sent', at };
    case 'gone':
      return { status: 'gone', error: outcome.error };
    case 'refused':
      return { status: 'failed', error: outcome.error };
    case 'retry':
      return message.attempts >= MAX_PUSH_ATTEMPTS
        ? { status: 'failed', error: outcome.error }
        : {
            status: 'pending',
            nextAttemptAt: new Date(at.getTime() + pushRetryDelayMs(message.attempts)),
            error: outcome.error,
          };
  }
}

/** Send one claimed message, then record and audit what happened. */
async function deliverOne(platform: Platform, message: PushMessageRow, options: PushDeliveryOptions) {
  const now = options.now ?? (() => new Date());
  const { outcome, endpoint } = await attempt(platform, message, now());
  const at = now();
  const record = recordOf(message, outcome, at);
  if (outcome.kind !== 'sent')
    options.log?.warn(
      { pushMessageId: message.id, attempts: message.attempts, status: record.status, error: outcome.error },
      'push not delivered',
    );
  await withSystemContext(platform, 'push', async (ctx) => {
    if (!(await recordPush(ctx.db, message.id, record))) return;
    ctx.audit({
      action: record.status === 'sent' ? 'push.sent' : record.status === 'pending' ? 'push.retry' : 'push.failed',
      entityType: 'push_message',
      entityId: message.id,
      before: { status: 'pending', attempts: message.attempts - 1 },
      after: {
        status: record.status,
        attempts: message.attempts,
        ...('error' in record ? { error: record.error } : {}),
      },
    });
    if (outcome.kind === 'gone' && endpoint && (await markDeviceGone(ctx.db, message.device_id, endpoint)))
      ctx.audit({
        action: 'participant.device.gone',
        entityType: 'participant_device',
        entityId: message.device_id,
        before: { status: 'Registered' },
        after: { status: 'Gone', pushService: new URL(endpoint).origin, answer: outcome.error },
      });
  });
  return record.status;
}

/** One pass: every due push message, oldest first. */
export async function deliverDuePushes(platform: Platform, options: PushDeliveryOptions = {}): Promise<PushReport> {
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? 100;
  const report: PushReport = { sent: 0, gone: 0, retrying: 0, failed: 0 };
  for (let handled = 0; handled < limit; handled++) {
    const claimedAt = now();
    const message = await platform.db
      .transaction()
      .execute((trx) => claimDuePush(trx, claimedAt, new Date(claimedAt.getTime() + PUSH_LEASE_MS)));
    if (!message) break;
    const status = await deliverOne(platform, message, options);
    if (status === 'sent') report.sent++;
    else if (status === 'gone') report.gone++;
    else if (status === 'pending') report.retrying++;
    else report.failed++;
  }
  return report;
}

/** Polls the queue every `intervalMs` in this process (one pass at a time); `stop` waits for a pass under way. */
export function startPushWorker(
  platform: Platform,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = deliverDuePushes(platform, { log })
      .catch((err) => log.error({ err }, 'push pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
