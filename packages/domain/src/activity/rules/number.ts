/**
 * Number, Integer, Decimal (001 §5): a valid number; negative values only when allowed; decimal
 * places; hard min/max (inclusive) with the two-bound and one-bound messages; soft min/max warn only.
 */
import type { Answer } from '../answer';
import { answerValue } from '../answer';
import type { NumberConstraints, QuestionOf } from '../model';
import { plainNumberText } from '../number-text';
import { msg, type RuleMessage } from '../result';

// One way to read each text (the point, when there is one, ends the first run of digits), so a
// failing match backtracks in linear time; `\d+\.?\d*` could split a run of digits in n² ways.
const NUMBER_RE = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The value of a typed number, or null when the text is not a plain decimal number. */
export function parseNumberInput(text: string): number | null {
  const s = text.trim();
  if (!NUMBER_RE.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** Decimal places written in a number text ('1.50' → 2). */
export function decimalPlaces(text: string): number {
  const i = text.indexOf('.');
  return i < 0 ? 0 : text.length - i - 1;
}

/** Decimal places allowed by a question (undefined = any). */
export function allowedDecimals(type: 'Number' | 'Integer' | 'Decimal', c: NumberConstraints): number | undefined {
  if (type === 'Integer') return 0;
  if (type === 'Decimal') return c.decimals ?? 2;
  return c.decimals;
}

export interface NumberOutcome {
  errors: RuleMessage[];
  warnings: RuleMessage[];
}

export function validateNumber(q: QuestionOf<'Number' | 'Integer' | 'Decimal'>, a: Answer | undefined): NumberOutcome {
  const text = answerValue(a);
  const n = parseNumberInput(text);
  if (n === null) return { errors: [msg('activity.number.invalid')], warnings: [] };
  const c = q.constraints;
  const allowNegative = c.allowNegative ?? (c.min !== undefined && c.min < 0);
  if (n < 0 && !allowNegative) return { errors: [msg('activity.number.negative')], warnings: [] };
  const places = allowedDecimals(q.type, c);
  const written = decimalPlaces(text.trim());
  if (places === 0 && written > 0 && n !== Math.trunc(n)) {
    return { errors: [msg('activity.number.noDecimals')], warnings: [] };
  }
  if (places !== undefined && places > 0 && written > places) {
    return { errors: [msg('activity.number.decimals', { n: places })], warnings: [] };
  }
  const { min, max, softMin, softMax } = c;
  // bounds are shown as a participant would type them: 1e-7 as 0.0000001 (decision B-number-text)
  const show = plainNumberText;
  if ((min !== undefined && n < min) || (max !== undefined && n > max)) {
    if (min !== undefined && max !== undefined)
      return { errors: [msg('activity.number.between', { min: show(min), max: show(max) })], warnings: [] };
    if (min !== undefined) return { errors: [msg('activity.number.min', { min: show(min) })], warnings: [] };
    return { errors: [msg('activity.number.max', { max: show(max as number) })], warnings: [] };
  }
  const warnings: RuleMessage[] = [];
  if (softMin !== undefined && n < softMin) warnings.push(msg('activity.number.softMin', { min: show(softMin) }));
  if (softMax !== undefined && n > softMax) warnings.push(msg('activity.number.softMax', { max: show(softMax) }));
  return { errors: [], warnings };
}
