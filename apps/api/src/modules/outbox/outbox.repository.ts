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
