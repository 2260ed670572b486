/**
 * Time answers (001 §5): 12-hour (hh 1–12 with AM/PM) or 24-hour (HH below 24); minutes below 60;
 * a range by start/end, or by hoursBefore/hoursAfter around a target clamped to the day (00:00–23:59);
 * 'Enter a time in the range of {start} - {end}.'. A start after the end spans midnight.
 */
import type { TimeConstraints, TimeRange } from '../model';
import { msg, type RuleMessage } from '../result';
import { nowMinutes, type RuleContext } from './context';

const DAY_END = 23 * 60 + 59;
const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes since midnight of a time text (`HH:mm`, or `hh:mm AM/PM`); null when not a valid time. */
export function parseTimeInput(text: string | null | undefined): number | null {
  const s = (text ?? '').trim();
  const h24 = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (h24) {
    const h = Number(h24[1]);
    const m = Number(h24[2]);
    return h < 24 && m < 60 && Number(h24[3] ?? 0) < 60 ? h * 60 + m : null;
  }
  const h12 = /^(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\.?$/.exec(s);
  if (!h12) return null;
  const h = Number(h12[1]);
  const m = Number(h12[2]);
  if (h < 1 || h > 12 || m >= 60) return null;
  const pm = (h12[3] ?? '').toLowerCase() === 'p';
  return ((h % 12) + (pm ? 12 : 0)) * 60 + m;
}

/** `HH:mm` (canonical, 24-hour). */
export function minutesToIsoTime(min: number): string {
  return `${pad(Math.floor(min / 60))}:${pad(min % 60)}`;
}

/** A time shown in the question's format: `HH:mm` or `hh:mm AM`. */
export function formatTime(min: number, format: TimeConstraints['format']): string {
  if (format === '24') return minutesToIsoTime(min);
  const h = Math.floor(min / 60);
  return `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(min % 60)} ${h < 12 ? 'AM' : 'PM'}`;
}

// A range's bounds are the same few texts on every answer: parse each once.
const bounds = new Map<string, number>();
function boundMinutes(b: string): number {
  let m = bounds.get(b);
  if (m === undefined) {
    m = parseTimeInput(b) as number;
    if (bounds.size > 2000) bounds.clear();
    bounds.set(b, m);
  }
  return m;
}

/** The bounds of a range in minutes since midnight. */
export function resolveTimeRange(
  range: TimeRange | undefined,
  ctx: RuleContext = {},
): { start?: number; end?: number } {
  if (!range) return {};
  const bound = (b: string) => (b === 'current' ? nowMinutes(ctx) : boundMinutes(b));
  if (range.kind === 'fixed') {
    const out: { start?: number; end?: number } = {};
    if (range.start) out.start = bound(range.start);
    if (range.end) out.end = bound(range.end);
    return out;
  }
  const t = bound(range.target);
  return {
    start: Math.max(0, Math.round(t - range.hoursBefore * 60)),
    end: Math.min(DAY_END, Math.round(t + range.hoursAfter * 60)),
  };
}

function inRange(t: number, start: number, end: number): boolean {
  return start <= end ? t >= start && t <= end : t >= start || t <= end;
}

/** Errors of a non-empty time text. */
export function validateTime(text: string, c: TimeConstraints, ctx: RuleContext = {}, field?: string): RuleMessage[] {
  const t = parseTimeInput(text);
  if (t === null) return [msg('activity.time.invalid', { format: c.format === '12' ? 'hh:mm AM/PM' : 'HH:mm' }, field)];
  const { start, end } = resolveTimeRange(c.range, ctx);
  const s = start ?? 0;
  const e = end ?? DAY_END;
  if (!inRange(t, s, e)) {
    return [msg('activity.time.range', { start: formatTime(s, c.format), end: formatTime(e, c.format) }, field)];
  }
  return [];
}
