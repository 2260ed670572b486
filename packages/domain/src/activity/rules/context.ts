/**
 * What the rules need to know about "now": the current instant and the participant's time zone
 * (for the `current` date/time bounds and day of study), and the language of the texts.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface RuleContext {
  /** Current instant (default: the machine clock). */
  now?: Date | string | number;
  /** IANA time zone of the participant (default UTC). */
  timeZone?: string;
  /** Language of message texts (default en). */
  language?: string;
}

/** `now` as a dayjs in the context's zone; an unknown zone or bad date falls back to UTC / the clock. */
export function zonedNow(ctx: RuleContext = {}): dayjs.Dayjs {
  let d = dayjs(ctx.now ?? Date.now());
  if (!d.isValid()) d = dayjs();
  try {
    return d.tz(ctx.timeZone || 'UTC');
  } catch {
    return d.utc();
  }
}

// one formatter per zone; bounded, since a zone name is text that may come from a request
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatter(tz: string): Intl.DateTimeFormat | null {
  let f = formatters.get(tz);
  if (f === undefined) {
    if (formatters.size > 500) formatters.clear();
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: tz,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
    } catch {
      f = null;
    }
    formatters.set(tz, f);
  }
  return f;
}

let last: { minute: number; zone: string; date: string; minutes: number } | null = null;
// Every rule of a submission asks for the same `now` text: parse it once, not once per rule.
let lastNowText: string | undefined;
let lastNowMs = Number.NaN;

function nowMs(raw: Date | string | number): number {
  if (typeof raw === 'string') {
    if (raw !== lastNowText) {
      lastNowText = raw;
      lastNowMs = Date.parse(raw);
    }
    return lastNowMs;
  }
  return raw instanceof Date ? raw.getTime() : typeof raw === 'number' ? raw : Date.parse(raw);
}

/**
 * Wall-clock date and minutes of `now` in the context's zone (fast path for the rules). The Intl
 * work is done once per (minute, zone): the last answer is kept and reused while both are the same.
 */
function zonedParts(ctx: RuleContext): { date: string; minutes: number } {
  let ms = nowMs(ctx.now ?? Date.now());
  if (!Number.isFinite(ms)) ms = Date.now();
  const tz = ctx.timeZone || 'UTC';
  const minute = Math.floor(ms / 60_000);
  // the cache key is the zone as text (a zone that cannot be turned into text throws, as it always did)
  const zone = typeof tz === 'string' ? tz : `${tz}`;
  if (last !== null && last.minute === minute && last.zone === zone) return last;
  const f = formatter(tz) ?? (formatter('UTC') as Intl.DateTimeFormat);
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(ms)) p[part.type] = part.value;
  last = { minute, zone, date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
  return last;
}

/** Today in the participant's zone as `YYYY-MM-DD`. */
export function todayIso(ctx: RuleContext = {}): string {
  return zonedParts(ctx).date;
}

/** Minutes since midnight now in the participant's zone. */
export function nowMinutes(ctx: RuleContext = {}): number {
  return zonedParts(ctx).minutes;
}

/** Whether the runtime knows an IANA time zone (a participant's zone must be one, or days drift). */
export function isKnownTimeZone(tz: string): boolean {
  if (tz.length === 0 || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
