/**
 * Draining the outbox (decision 0006). Each message is claimed, sent and recorded in one transaction:
 * the row lock keeps other senders off it while the peer is talking, and the outcome is audited with
 * the write that records it. A refused message is retried with growing delays, then marked failed.
 * Delivery is at least once: should the commit fail after the peer accepted, the message goes again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { appendAuditEntries } from '../audit/audit.repository';
import { claimDueMessage, type OutboxRow, recordDelivery } from './outbox.repository';
import type { Senders } from './outbox.senders';

/** After this many refused attempts (about a day and a half of retrying) a message is marked failed. */
export const MAX_DELIVERY_ATTEMPTS = 10;

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

/** One pass: deliver every due message of a channel that has a sender, oldest first. */
export async function deliverDue(db: Db, senders: Senders, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? 100;
  const channels = (Object.keys(senders) as OutboxRow['channel'][]).filter((c) => senders[c]);
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  if (channels.length === 0) return report;

  for (let handled = 0; handled < limit; handled++) {
    const outcome = await db.transaction().execute(async (trx) => {
      const message = await claimDueMessage(trx, channels, now());
      if (!message) return null;
      const attempts = message.attempts + 1;
      let error: string | null = null;
      try {
        await senders[message.channel]!(message);
      } catch (err) {
        error = errorText(err);
      }
      const at = now();
      let status: OutboxRow['status'] = 'sent';
      if (error === null) await recordDelivery(trx, message.id, { status, attempts, at });
      else {
        status = attempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending';
        const nextAttemptAt = new Date(at.getTime() + retryDelayMs(attempts));
        await recordDelivery(trx, message.id, { status, attempts, nextAttemptAt, error });
        options.log?.warn({ outboxId: message.id, channel: message.channel, attempts, status }, 'delivery refused');
      }
      await appendAuditEntries(trx, [
        {
          actorType: 'system',
          actorId: 'outbox',
          action: status === 'sent' ? 'outbox.sent' : status === 'failed' ? 'outbox.failed' : 'outbox.retry',
          entityType: 'outbox',
          entityId: message.id,
          before: { status: message.status, attempts: message.attempts },
          after: { status, attempts, ...(error === null ? {} : { error }) },
          reason: null,
          ip: null,
          userAgent: null,
          environment: 'LIVE',
        },
      ]);
      return status;
    });
    if (outcome === null) break;
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
  db: Db,
  senders: Senders,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = deliverDue(db, senders, { log })
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
