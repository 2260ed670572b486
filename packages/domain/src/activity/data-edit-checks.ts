/**
 * Data edit checks (001 §5; decision B-074). A SOFT check that fails gives a warning (shown as a
 * toast) and records a data check {id, type, message}; a hard check that fails is an error.
 *
 * | type         | passes when                                  | soft warning            | recorded / hard error     |
 * | NOT_BLANK    | the answer is not empty                      | Please enter a response | This field is required.   |
 * | DATA_TYPE    | the value is of type `value`                 | not in expected format  | response with format      |
 * | DATA_FORMAT  | the value matches pattern `value` (x, y)     | not in expected format  | response with format      |
 * | LESS_THAN    | the value is less than `value`               | greater than range      | should be / enter less    |
 * | GREATER_THAN | the value is greater than `value`            | less than range         | should be / enter greater |
 */
import type { Answer } from './answer';
import { answerValue, chosenOptionIds } from './answer';
import type { MessageKey } from './../messages/catalogue';
import '../messages/activity-catalogue';
import { translate } from '../messages/translate';
import type { DataEditCheck, Question } from './model';
import { scalarText } from './number-text';
import { msg, type DataCheckRecord, type RuleMessage } from './result';
import { parseDateInput } from './rules/date';
import { parseNumberInput } from './rules/number';
import { isAnswerEmpty } from './rules/required';
import { matchesTextDataType, stripHtml } from './rules/text';

/** DATA_TYPE values understood besides the text data types. */
export const DATA_CHECK_DATA_TYPES = ['Alphabet', 'Alphanumeric', 'Numeric', 'Integer', 'Decimal', 'Date'] as const;

/** A regular expression for a format pattern: x = an integer digit, y = a decimal digit (decision B-075). */
const patterns = new Map<string, RegExp>();
export function formatPatternRegExp(pattern: string): RegExp {
  const hit = patterns.get(pattern);
  if (hit) return hit;
  if (patterns.size > 1000) patterns.clear();
  const p = pattern.trim().toLowerCase();
  const ints = (p.split('.')[0] ?? '').split('').filter((c) => c === 'x').length;
  const decs = (p.split('.')[1] ?? '').split('').filter((c) => c === 'y').length;
  const intPart = `\\d{1,${Math.max(1, ints)}}`;
  const decPart = decs > 0 ? `(\\.\\d{1,${decs}})?` : '';
  const re = new RegExp(`^-?${intPart}${decPart}$`);
  patterns.set(pattern, re);
  return re;
}

/** The value the checks look at: the typed text, the date, or the chosen option ids. */
function checkedValue(q: Question, a: Answer | undefined): string {
  if (!a) return '';
  if (q.type === 'Date' || q.type === 'DateTime') {
    const c = q.type === 'Date' ? q.constraints : q.constraints.date;
    return parseDateInput(a.date, c.format) ?? (a.date ?? '').trim();
  }
  if (q.type === 'Time') return (a.time ?? '').trim();
  const v = answerValue(a);
  if (v !== '') return q.type === 'Text' ? stripHtml(v) : v;
  return chosenOptionIds(a).join(',');
}

const INTEGER = /^[-+]?\d+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function matchesDataType(v: string, type: string): boolean {
  switch (type) {
    case 'Alphabet':
    case 'Alphanumeric':
    case 'Numeric':
      return matchesTextDataType(v, type);
    case 'Integer':
      return INTEGER.test(v);
    case 'Decimal':
      return parseNumberInput(v) !== null;
    case 'Date':
      return ISO_DATE.test(v) && parseDateInput(v, 'yyyy/mm/dd') !== null;
    default:
      return true;
  }
}

/** Compare as numbers, or as ISO dates when both are dates; null when not comparable. */
function compare(v: string, limit: string): number | null {
  const a = parseNumberInput(v);
  const b = parseNumberInput(limit);
  if (a !== null && b !== null) return a - b;
  if (ISO_DATE.test(v) && ISO_DATE.test(limit)) return v < limit ? -1 : v > limit ? 1 : 0;
  return null;
}

interface Failure {
  warning: MessageKey;
  hard: MessageKey;
  recorded: MessageKey;
  params: Record<string, string>;
}

/** The failure of a DATA_TYPE / DATA_FORMAT check, or null when the value has the format. */
function format(ok: boolean, limit: string): Failure | null {
  return ok
    ? null
    : {
        warning: 'activity.dec.formatSoft',
        hard: 'activity.dec.formatHard',
        recorded: 'activity.dec.formatHard',
        params: { type: limit },
      };
}

function failure(check: DataEditCheck, q: Question, a: Answer | undefined): Failure | null {
  // a limit given as a number reads as typed text would (1e-7 → 0.0000001; decision B-number-text)
  const limit = scalarText(check.value);
  if (check.type === 'NOT_BLANK') {
    return isAnswerEmpty(q, a)
      ? {
          warning: 'activity.dec.enterResponse',
          hard: 'activity.dec.required',
          recorded: 'activity.dec.required',
          params: {},
        }
      : null;
  }
  if (isAnswerEmpty(q, a)) return null;
  const v = checkedValue(q, a);
  switch (check.type) {
    case 'DATA_TYPE':
      return format(matchesDataType(v, limit), limit);
    case 'DATA_FORMAT':
      return format(formatPatternRegExp(limit).test(v), limit);
    case 'LESS_THAN': {
      const c = compare(v, limit);
      return c !== null && c >= 0
        ? {
            warning: 'activity.dec.greaterSoft',
            hard: 'activity.dec.lessHard',
            recorded: 'activity.dec.shouldBeLess',
            params: { n: limit },
          }
        : null;
    }
    default: {
      const c = compare(v, limit);
      return c !== null && c <= 0
        ? {
            warning: 'activity.dec.lessSoft',
            hard: 'activity.dec.greaterHard',
            recorded: 'activity.dec.shouldBeGreater',
            params: { n: limit },
          }
        : null;
    }
  }
}

export interface DataEditCheckOutcome {
  errors: RuleMessage[];
  warnings: RuleMessage[];
  dataChecks: DataCheckRecord[];
}

/** Run a question's data edit checks on its answer; `lang` is the language of recorded messages. */
export function runDataEditChecks(q: Question, a: Answer | undefined, lang = 'en'): DataEditCheckOutcome {
  const out: DataEditCheckOutcome = { errors: [], warnings: [], dataChecks: [] };
  for (const check of q.dataEditChecks) {
    const f = failure(check, q, a);
    if (!f) continue;
    if (check.check === 'SOFT') {
      out.warnings.push(msg(f.warning, f.params));
      out.dataChecks.push({
        id: check.id,
        type: check.type,
        message: translate(f.recorded, f.params, lang),
        messageKey: f.recorded,
        params: f.params,
      });
    } else {
      out.errors.push(msg(f.hard, f.params));
    }
  }
  return out;
}
