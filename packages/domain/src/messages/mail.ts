/** Rendering the outbox's templates (mail-catalogue.ts) in one language. */
import type { Language } from './catalogue';
import type { EmailTemplate, MailTemplate } from './mail-catalogue';
import { isLanguage, type MessageParams, translate } from './translate';

export type { EmailTemplate, MailTemplate } from './mail-catalogue';

/** A template's text message (its body) in `lang`. */
export function renderText(template: MailTemplate, params: MessageParams, lang: Language): string {
  return translate(`mail.${template}.body`, params, lang);
}

/** A template's e-mail (subject and body) in `lang`. */
export function renderEmail(
  template: EmailTemplate,
  params: MessageParams,
  lang: Language,
): { subject: string; body: string } {
  return { subject: translate(`mail.${template}.subject`, params, lang), body: renderText(template, params, lang) };
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
