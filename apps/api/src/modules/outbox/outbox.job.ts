/**
 * Draining the outbox (decision 0006). A message is claimed in a short transaction (locked, one attempt
 * counted, leased), sent with no transaction open — so on the embedded database, whose one connection
 * every request shares, nobody waits for the mail server — and the outcome is then recorded and
 * audited in a second transaction. A refused message is retried with growing delays, then marked
 * failed. Delivery is at least once: should the process die between sending and recording, the
 * message is due again when its lease ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type Platform, withSystemContext } from '../../kernel/context';
import { claimDueMessage, type OutboxRow, recordDelivery } from './outbox.repository';
import type { Senders } from './outbox.senders';

export { configuredSenders } from './outbox.senders';

/** After this many refused attempts (about a day and a half of retrying) a message is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 10;

/** How long a claimed message is left to its sender before another may try it (well above the peers' timeout). */
const DELIVERY_LEASE_MS = 2 * 60_000;

/** Wait before the next attempt: 30 s, 1 min, 2 min … doubling, at most 6 h. */
export function retryDelayMs(attemptsSoFar: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attemptsSoFar - 1), 6 * 60 * 60 * 1000);
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

export interface DeliveryOptions {
  now?: () => Date;
  /** Messages handled in one pass at the most, so one pass never runs unbounded. */
  limit?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

type Outcome = 'sent' | 'pending' | 'failed';

/** Send one claimed message (no transaction open), then record and audit what happened. */
async function deliverOne(platform: Platform, senders: Senders, message: OutboxRow, options: DeliveryOptions) {
  const now = options.now ?? (() => new Date());
  let error: string | null = null;
  try {
    await senders[message.channel]!(message);
  } catch (err) {
    error = errorText(err);
  }
  const at = now();
  const status: Outcome = error === null ? 'sent' : message.attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending';
  if (error !== null) {
    options.log?.warn(
      { outboxId: message.id, channel: message.channel, attempts: message.attempts, status },
      'delivery refused',
    );
  }
  await withSystemContext(platform, 'outbox', async (ctx) => {
    const recorded =
      error === null
        ? await recordDelivery(ctx.db, message.id, { status: 'sent', at })
        : await recordDelivery(ctx.db, message.id, {
            status: status as 'pending' | 'failed',
            nextAttemptAt: new Date(at.getTime() + retryDelayMs(message.attempts)),
            error,
          });
    if (!recorded) return;
    ctx.audit({
      action: status === 'sent' ? 'outbox.sent' : status === 'failed' ? 'outbox.failed' : 'outbox.retry',
      entityType: 'outbox',
      entityId: message.id,
      before: { status: 'pending', attempts: message.attempts - 1 },
      after: { status, attempts: message.attempts, ...(error === null ? {} : { error }) },
    });
  });
  return status;
}

/** One pass: deliver every due message of a channel that has a sender, oldest first. */
export async function deliverDue(
  platform: Platform,
  senders: Senders,
  options: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? 100;
  const channels = (Object.keys(senders) as OutboxRow['channel'][]).filter((c) => senders[c]);
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  if (channels.length === 0) return report;

  for (let handled = 0; handled < limit; handled++) {
    const claimedAt = now();
    const message = await platform.db
      .transaction()
      .execute((trx) => claimDueMessage(trx, channels, claimedAt, new Date(claimedAt.getTime() + DELIVERY_LEASE_MS)));
    if (!message) break;
    const outcome = await deliverOne(platform, senders, message, options);
    if (outcome === 'sent') report.sent++;
    else if (outcome === 'failed') report.failed++;
    else report.retrying++;
  }
  return report;
}

/**
 * Polls the outbox every `intervalMs` in this process (one pass at a time). `stop` waits for a pass
 * under way, so the database is not closed beneath it.
 */
export function startOutboxWorker(
  platform: Platform,
  senders: Senders,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = deliverDue(platform, senders, { log })
      .catch((err) => log.error({ err }, 'outbox pass failed'))
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
