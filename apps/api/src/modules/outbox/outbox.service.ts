/**
 * Outgoing e-mail and SMS go to the outbox table in the caller's transaction, so a message exists
 * exactly when the change that caused it was committed. A sender (SMTP, SMS provider) drains it
 * (outbox.job.ts).
 */
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { insertOutbox, listOutbox } from './outbox.repository';

export async function queueEmail(ctx: DbCtx, mail: { to: string; subject: string; body: string }): Promise<void> {
  await insertOutbox(ctx.db, { channel: 'email', recipient: mail.to, subject: mail.subject, body: mail.body });
}

export async function queueSms(ctx: DbCtx, sms: { to: string; body: string }): Promise<void> {
  await insertOutbox(ctx.db, { channel: 'sms', recipient: sms.to, subject: null, body: sms.body });
}

/** Demo mailbox: only in demo mode; elsewhere the route does not exist (404). */
export async function mailbox(ctx: ServiceCtx, input: { recipient?: string }) {
  if (!ctx.config.demoMode) throw fail('NOT_FOUND');
  const rows = await listOutbox(ctx.db, input.recipient, 200);
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
