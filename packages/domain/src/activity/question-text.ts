/**
 * The text of a question as shown and as written into displayQuestionText: the formatted (HTML) body,
 * sanitised and stripped to text, else the plain body. If the conversion fails the text is the spec's
 * 'Unable to get the conversion.' (000 §1) in the language asked for.
 */
import { translate } from '../messages/translate';
import { sanitizeContent } from '../sanitize';
import { localize, type Question } from './model';
import { stripHtml } from './rules/text';

export function questionDisplayText(q: Pick<Question, 'body' | 'formattedBody'>, lang = 'en'): string {
  try {
    const html = localize(q.formattedBody, lang);
    if (html) return stripHtml(sanitizeContent(html));
    return localize(q.body, lang);
  } catch {
    return translate('conversion.failed', undefined, lang);
  }
}
