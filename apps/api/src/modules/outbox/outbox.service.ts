/**
 * Outgoing e-mail and SMS go to the outbox table in the request's transaction, so a message exists
 * exactly when the change that caused it was committed. A sender (SMTP, SMS provider) drains it.
 */
import type { Db } from '../../db/database';
import { fail } from '../../http/errors';
import { insertOutbox, listOutbox } from './outbox.repository';

export async function queueEmail(db: Db, to: string, subject: string, body: string): Promise<void> {
  await insertOutbox(db, { channel: 'email', recipient: to, subject, body });
}

export async function queueSms(db: Db, to: string, body: string): Promise<void> {
  await insertOutbox(db, { channel: 'sms', recipient: to, subject: null, body });
}

/** Demo mailbox: only in demo mode; elsewhere the route does not exist (404). */
export async function mailbox(db: Db, demoMode: boolean, recipient: string | undefined) {
  if (!demoMode) throw fail('NOT_FOUND');
  const rows = await listOutbox(db, recipient, 200);
  return {
    items: rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      subject: r.subject,
      body: r.body,
      createdAt: r.created_at.toISOString(),
      status: r.status,
      attempts: r.attempts,
      sentAt: r.sent_at?.toISOString() ?? null,
      lastError: r.last_error,
    })),
  };
}
