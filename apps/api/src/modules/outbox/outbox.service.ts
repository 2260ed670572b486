/**
 * Outgoing e-mail and SMS go to the outbox table in the caller's transaction, so a message exists
 * exactly when the change that caused it was committed. A sender (SMTP, SMS provider) drains it
 * (outbox.job.ts).
 */
import {
  type EmailTemplate,
  type Language,
  type MailTemplate,
  type MessageParams,
  renderEmail,
  renderText,
} from '@trialpath/domain';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { insertOutbox, insertOutboxBatch, listOutbox } from './outbox.repository';

/**
 * A message to queue: a template of the catalogue (mail-catalogue.ts) with its parameters, in the
 * recipient's language (the caller decides it with the domain's recipientLanguage).
 */
export interface OutgoingTemplate<T extends MailTemplate> {
  to: string;
  template: T;
  params: MessageParams;
  language: Language;
}

export async function queueEmail(ctx: DbCtx, mail: OutgoingTemplate<EmailTemplate>): Promise<void> {
  const { subject, body } = renderEmail(mail.template, mail.params, mail.language);
  await insertOutbox(ctx.db, { channel: 'email', recipient: mail.to, subject, body });
}

export async function queueSms(ctx: DbCtx, sms: OutgoingTemplate<MailTemplate>): Promise<void> {
  const body = renderText(sms.template, sms.params, sms.language);
  await insertOutbox(ctx.db, { channel: 'sms', recipient: sms.to, subject: null, body });
}

/**
 * Text already written, as is: for the outbox's own tests (delivery, retries, isolation), which need
 * arbitrary messages. What the product sends goes through a template (queueEmail, queueSms).
 */
export const queueRendered = {
  email: (ctx: DbCtx, mail: { to: string; subject: string; body: string }) =>
    insertOutbox(ctx.db, { channel: 'email', recipient: mail.to, subject: mail.subject, body: mail.body }),
  sms: (ctx: DbCtx, sms: { to: string; body: string }) =>
    insertOutbox(ctx.db, { channel: 'sms', recipient: sms.to, subject: null, body: sms.body }),
};

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

/**
 * Rendered e-mails and texts queued at once, in batches, each under the id the caller chose (a message to thousands
 * of participants names each recipient's e-mail and text in its own rows; decision E-messages).
 */
export function queueRenderedBatch(ctx: DbCtx, rows: Parameters<typeof insertOutboxBatch>[1]): Promise<void> {
  return insertOutboxBatch(ctx.db, rows);
}
