/**
 * Text answers (001 §5): HTML stripped and non-empty; character limit; data types Alphabet (letters
 * and spaces, any script), Alphanumeric (letters, numbers and spaces), Numeric (digits).
 */
import type { Answer } from '../answer';
import { answerValue } from '../answer';
import type { QuestionOf, TextDataType } from '../model';
import { msg, type RuleMessage } from '../result';

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/** Remove HTML tags (script/style with their content), decode the common entities, trim. */
export function stripHtml(s: string): string {
  // without `<` or `&` none of the replacements can apply (the common case: plain typed text)
  if (!s.includes('<') && !s.includes('&')) return s.trim();
  return s
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|amp|lt|gt|quot|apos|#39);/gi, (_, e: string) => ENTITIES[e.toLowerCase()] ?? '')
    .trim();
}

const DATA_TYPE_RULES: Record<TextDataType, { re: RegExp; key: RuleMessage['key'] }> = {
  Alphabet: { re: /^[\p{L}\p{M}\s]+$/u, key: 'activity.text.alphabet' },
  Alphanumeric: { re: /^[\p{L}\p{M}\p{N}\s]+$/u, key: 'activity.text.alphanumeric' },
  Numeric: { re: /^\p{Nd}+$/u, key: 'activity.text.numeric' },
};

/** Whether a text matches a data type. */
export function matchesTextDataType(text: string, type: TextDataType): boolean {
  return DATA_TYPE_RULES[type].re.test(text);
}

/** Errors of a non-empty Text answer (the required check is done by the caller). */
export function validateText(q: QuestionOf<'Text'>, a: Answer | undefined): RuleMessage[] {
  const text = stripHtml(answerValue(a));
  if (text === '') return [];
  const errors: RuleMessage[] = [];
  const { maxLength, dataType } = q.constraints;
  // characters are counted as code points; a text no longer in UTF-16 units cannot be over the limit
  if (maxLength !== undefined && text.length > maxLength && [...text].length > maxLength)
    errors.push(msg('activity.text.limit', { n: maxLength }));
  if (dataType && !matchesTextDataType(text, dataType)) errors.push(msg(DATA_TYPE_RULES[dataType].key));
  return errors;
}
