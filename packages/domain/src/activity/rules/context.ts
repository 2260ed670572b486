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

/** Today in the participant's zone as `YYYY-MM-DD`. */
export function todayIso(ctx: RuleContext = {}): string {
  return zonedNow(ctx).format('YYYY-MM-DD');
}

/** Minutes since midnight now in the participant's zone. */
export function nowMinutes(ctx: RuleContext = {}): number {
  const d = zonedNow(ctx);
  return d.hour() * 60 + d.minute();
}
