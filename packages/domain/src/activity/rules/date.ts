/**
 * Date answers (001 §5): a valid date in the display format (dd/mm/yyyy, mm/dd/yyyy, yyyy/mm/dd) or
 * ISO; a range by start/end (either may be the current date) or by daysBefore/daysAfter around a
 * target date; the three range messages, with the bounds shown in the question's display format.
 */
import dayjs from 'dayjs';
import type { DateConstraints, DateInputFormat, DateRange } from '../model';
import { msg, type RuleMessage } from '../result';
import { type RuleContext, todayIso } from './context';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** Days of a month of the (proleptic Gregorian) calendar; arithmetic, no Date object per answer. */
function daysInMonth(y: number, m: number): number {
  if (m === 2) return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

function isRealDate(y: number, m: number, d: number): boolean {
  return y >= 1 && y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function isoOf(y: number, m: number, d: number): string | null {
  return isRealDate(y, m, d) ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO `YYYY-MM-DD` from an ISO text or a text in the display format; null when not a real date. */
export function parseDateInput(text: string | null | undefined, format: DateInputFormat): string | null {
  const s = (text ?? '').trim();
  const iso = ISO_DATE.exec(s);
  // a real ISO date is its own canonical form
  if (iso) return isRealDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? s : null;
  const m = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})$/.exec(s);
  if (!m) return null;
  const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [la, lc] = [(m[1] ?? '').length, (m[3] ?? '').length];
  if (format === 'yyyy/mm/dd') return la === 4 ? isoOf(a, b, c) : null;
  if (lc !== 4) return null;
  return format === 'dd/mm/yyyy' ? isoOf(c, b, a) : isoOf(c, a, b);
}

/** An ISO date shown in a display format. */
export function formatDateInput(iso: string, format: DateInputFormat): string {
  const [y, m, d] = iso.split('-');
  if (format === 'dd/mm/yyyy') return `${d}/${m}/${y}`;
  if (format === 'mm/dd/yyyy') return `${m}/${d}/${y}`;
  return `${y}/${m}/${d}`;
}

const addDays = (iso: string, n: number) => dayjs.utc(iso).add(n, 'day').format('YYYY-MM-DD');

/** The ISO bounds of a range (`current` resolved to today in the participant's zone). */
export function resolveDateRange(
  range: DateRange | undefined,
  ctx: RuleContext = {},
): { start?: string; end?: string } {
  if (!range) return {};
  const bound = (b: string) => (b === 'current' ? todayIso(ctx) : b);
  if (range.kind === 'fixed') {
    const out: { start?: string; end?: string } = {};
    if (range.start) out.start = bound(range.start);
    if (range.end) out.end = bound(range.end);
    return out;
  }
  const t = bound(range.target);
  return { start: addDays(t, -range.daysBefore), end: addDays(t, range.daysAfter) };
}

/** Errors of a non-empty date text. */
export function validateDate(text: string, c: DateConstraints, ctx: RuleContext = {}, field?: string): RuleMessage[] {
  const iso = parseDateInput(text, c.format);
  if (!iso) return [msg('activity.date.invalid', { format: c.format }, field)];
  const { start, end } = resolveDateRange(c.range, ctx);
  if ((start && iso < start) || (end && iso > end)) {
    const show = (d: string) => formatDateInput(d, c.format);
    if (start && end) return [msg('activity.date.range', { start: show(start), end: show(end) }, field)];
    if (start) return [msg('activity.date.min', { date: show(start) }, field)];
    return [msg('activity.date.max', { date: show(end as string) }, field)];
  }
  return [];
}
