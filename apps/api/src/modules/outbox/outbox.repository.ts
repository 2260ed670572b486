/** All SQL on the outbox (e-mail and SMS waiting to be sent; the demo mailbox reads it). */
import type { Insertable, Selectable } from 'kysely';
import { inBatches } from '../../db/batches';
import type { Db } from '../../db/database';
import type { OutboxTable } from '../../db/schema';
import { endOfMillisecond } from '../../db/clock';

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
 * Claim the oldest due pending message: its row is locked (rows another sender holds are skipped), one
 * attempt is counted, and it is leased until `leaseUntil` — not due again, so no other sender takes it
 * once this short transaction commits. The send itself happens after the commit, outside any
 * transaction; should the process die mid-send, the message is due again when the lease ends.
 */
export async function claimDueMessage(
  trx: Db,
  channels: readonly OutboxRow['channel'][],
  now: Date,
  leaseUntil: Date,
): Promise<OutboxRow | undefined> {
  const due = await trx
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('channel', 'in', channels)
    .where('next_attempt_at', '<', endOfMillisecond(now))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!due) return undefined;
  return trx
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
    .where('id', '=', due.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The outcome of the claimed attempt; only while the message is still pending (a lease not taken over). */
export async function recordDelivery(
  trx: Db,
  id: string,
  outcome: { status: 'sent'; at: Date } | { status: 'pending' | 'failed'; nextAttemptAt: Date; error: string },
): Promise<boolean> {
  const r = await trx
    .updateTable('outbox')
    .set(
      outcome.status === 'sent'
        ? { status: 'sent', sent_at: outcome.at, last_error: null }
        : { status: outcome.status, next_attempt_at: outcome.nextAttemptAt, last_error: outcome.error },
    )
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Many messages at once, each with the id the caller gave it (a bulk send names them in its own rows). */
export const insertOutboxBatch = (
  db: Db,
  rows: readonly { id: string; channel: 'email' | 'sms'; recipient: string; subject: string | null; body: string }[],
) => inBatches(rows, (batch) => db.insertInto('outbox').values(batch).execute());
