/** Rendering the outbox's templates (mail-catalogue.ts) in one language. */
import type { Language } from './catalogue';
import {
  type EmailTemplate,
  MAIL_MESSAGES,
  type MailTemplate,
  SERVER_NOTICES,
  type ServerNotice,
} from './mail-catalogue';
import { fillPlaceholders, isLanguage, type MessageParams } from './translate';

export type { EmailTemplate, MailTemplate, ServerNotice } from './mail-catalogue';

/** A notice the server writes into an answer, in `lang`. */
export function serverNotice(notice: ServerNotice, lang: Language): string {
  return SERVER_NOTICES[notice][lang];
}

/** A template's text message (its body) in `lang`. */
export function renderText(template: MailTemplate, params: MessageParams, lang: Language): string {
  return fillPlaceholders(MAIL_MESSAGES[`mail.${template}.body`][lang], params);
}

/** A template's e-mail (subject and body) in `lang`. */
export function renderEmail(
  template: EmailTemplate,
  params: MessageParams,
  lang: Language,
): { subject: string; body: string } {
  const subject = fillPlaceholders(MAIL_MESSAGES[`mail.${template}.subject`][lang], params);
  return { subject, body: renderText(template, params, lang) };
}

/**
 * The language a message to someone is written in: the one stored on their account when the catalogue
 * has it (`es-MX` counts as `es`), else the language of the request that caused it (already `en` when
 * the request named none).
 */
export function recipientLanguage(stored: string | null | undefined, requestLanguage: Language): Language {
  const base = typeof stored === 'string' ? stored.trim().toLowerCase().split(/[-_]/)[0] : undefined;
  return isLanguage(base) ? base : requestLanguage;
}
