/**
 * Text answers (001 §5): HTML stripped and non-empty; character limit; data types Alphabet (letters
 * and spaces, any script), Alphanumeric (letters, numbers and spaces), Numeric (digits).
 */
import { removeElementBlocks, removeTags } from '../../html-scan';
import type { Answer } from '../answer';
import { answerValue } from '../answer';
import type { QuestionOf, TextDataType } from '../model';
import { msg, type RuleMessage } from '../result';

const ENTITIES: Readonly<Record<string, string>> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
};
const BLOCK_OPEN = /<(script|style)\b/gi;
const BLOCK_CLOSE = /<\/(script|style)\s*>/gi;
const ENTITY = /&(nbsp|amp|lt|gt|quot|apos|#39);/gi;

/**
 * Remove HTML tags (script/style with their content), decode the common entities, trim. In linear
 * time (html-scan.ts): a Text answer of 100,000 `<` must not cost seconds.
 */
export function stripHtml(s: string): string {
  // without `<` or `&` none of the replacements can apply (the common case: plain typed text)
  if (!s.includes('<') && !s.includes('&')) return s.trim();
  return removeTags(removeElementBlocks(s, BLOCK_OPEN, BLOCK_CLOSE))
    .replace(ENTITY, (_, e: string) => ENTITIES[e.toLowerCase()] ?? '')
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
