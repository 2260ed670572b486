/**
 * How the telehealth screens write a time: in a named IANA zone through Intl (the runtime's own calendar data, no
 * tables in the bundle), so one instant reads "Tue 8 Dec, 10:00" for the staff member and "16:00" in the
 * participant's zone. The staff member's zone is the browser's.
 */

/** The browser's IANA time zone (UTC when the runtime does not say). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA zone the runtime knows (with UTC), for the zone picker. */
export function timeZoneNames(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

function format(iso: string, lang: string, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(lang, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(lang, options).format(new Date(iso));
  }
}

/** "Tue 8 Dec, 10:00" in a zone. */
export function dayAndTime(iso: string, lang: string, timeZone: string): string {
  return format(iso, lang, timeZone, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/** "10:00" in a zone. */
export function timeOnly(iso: string, lang: string, timeZone: string): string {
  return format(iso, lang, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** "Tue 8 Dec" in a zone. */
export function dayOnly(iso: string, lang: string, timeZone: string): string {
  return format(iso, lang, timeZone, { weekday: 'short', day: 'numeric', month: 'short' });
}

/** Whether an instant falls on another calendar day in the second zone than in the first. */
export function otherDay(iso: string, zoneA: string, zoneB: string): boolean {
  const day = (zone: string) => format(iso, 'en-CA', zone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return day(zoneA) !== day(zoneB);
}

/** A date (YYYY-MM-DD) as the browser's calendar reads it: today, or an instant's day. */
export function localDate(at: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The name of an ISO weekday (1 = Monday … 7 = Sunday) in a language. */
export function weekdayName(isoWeekday: number, lang: string, width: 'long' | 'short' = 'long'): string {
  // 1 January 2024 was a Monday.
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, isoWeekday));
}

/** Minutes between two instants. */
export const minutesBetween = (a: string, b: string) =>
  Math.round((new Date(b).getTime() - new Date(a).getTime()) / 60_000);
