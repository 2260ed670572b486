/**
 * Scales (001 §5): NumberScale and VAS need an answer among the formatted labels; WongBaker must be one
 * of 0, 2, 4, 6, 8, 10, else 'Please select correct answer.'.
 */
import type { Answer } from '../answer';
import { answerValue } from '../answer';
import type { QuestionOf, ScaleConstraints } from '../model';
import { plainNumberText } from '../number-text';
import { WONG_BAKER_VALUES } from '../question-types';
import { msg, type RuleMessage } from '../result';
import { decimalPlaces, parseNumberInput } from './number';

/** Decimal places of a step (1.5e-7 has 8). */
const decimalsOf = (n: number) => decimalPlaces(plainNumberText(n));

/** The labels a NumberScale/VAS shows: min to max by step, formatted with the step's decimals. */
export function scaleLabels(c: ScaleConstraints): string[] {
  const out: string[] = [];
  const d = Math.min(10, decimalsOf(c.step));
  const count = Math.floor((c.max - c.min) / c.step + 1e-9);
  for (let i = 0; i <= count && i <= 10_000; i++) out.push((c.min + i * c.step).toFixed(d));
  return out;
}

/** The formatted label an answer stands for, or null when it is not one of the scale's labels. */
export function scaleLabelOf(c: ScaleConstraints, value: string): string | null {
  const v = parseNumberInput(value);
  if (v === null) return null;
  const pos = (v - c.min) / c.step;
  const i = Math.round(pos);
  if (Math.abs(pos - i) > 1e-9 || i < 0 || c.min + i * c.step > c.max + 1e-9) return null;
  return (c.min + i * c.step).toFixed(Math.min(10, decimalsOf(c.step)));
}

export function validateScale(q: QuestionOf<'NumberScale' | 'VAS'>, a: Answer | undefined): RuleMessage[] {
  return scaleLabelOf(q.constraints, answerValue(a)) === null ? [msg('activity.required')] : [];
}

export function validateWongBaker(a: Answer | undefined): RuleMessage[] {
  const v = answerValue(a);
  return /^\d+$/.test(v) && (WONG_BAKER_VALUES as readonly number[]).includes(Number(v))
    ? []
    : [msg('activity.wongBaker')];
}
