/** All SQL on the outbox (e-mail and SMS waiting to be sent; the demo mailbox reads it). */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OutboxTable } from '../../db/schema';

export type OutboxRow = Selectable<OutboxTable>;

export async function insertOutbox(db: Db, values: Insertable<OutboxTable>): Promise<OutboxRow> {
  return db.insertInto('outbox').values(values).returningAll().executeTakeFirstOrThrow();
}

export function listOutbox(db: Db, recipient: string | undefined, limit: number): Promise<OutboxRow[]> {
  let q = db.selectFrom('outbox').selectAll();
  if (recipient) q = q.where((eb) => eb(eb.fn('lower', ['recipient']), '=', recipient.toLowerCase()));
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * The oldest due pending message, locked for the caller's transaction; rows another sender holds are
 * skipped, so concurrent senders never take the same message.
 */
export function claimDueMessage(
  trx: Db,
  channels: readonly OutboxRow['channel'][],
  now: Date,
): Promise<OutboxRow | undefined> {
  return trx
    .selectFrom('outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('channel', 'in', channels)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function recordDelivery(
  trx: Db,
  id: string,
  outcome:
    | { status: 'sent'; attempts: number; at: Date }
    | { status: 'pending' | 'failed'; attempts: number; nextAttemptAt: Date; error: string },
): Promise<void> {
  await trx
    .updateTable('outbox')
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', attempts: outcome.attempts, sent_at: outcome.at, last_error: null }
        : {
            status: outcome.status,
            attempts: outcome.attempts,
            next_attempt_at: outcome.nextAttemptAt,
            last_error: outcome.error,
          },
    )
    .where('id', '=', id)
    .execute();
}
