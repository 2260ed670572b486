/**
 * Display formatters (000 §5, §9; 002 §5, §9).
 */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMATS, TEXT_SHORTEN_DEFAULT } from './constants';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

const ELLIPSIS = '…';

/** Cut text longer than `n` characters to its first `n` plus an ellipsis. */
export function shortenText(s: string | null | undefined, n: number = TEXT_SHORTEN_DEFAULT): string {
  const text = String(s ?? '');
  const chars = [...text];
  return chars.length > n ? `${chars.slice(0, n).join('')}${ELLIPSIS}` : text;
}

/** Participant ids over 24 characters show the first 15, an ellipsis and the last 4. */
export function shortenParticipantId(id: string | null | undefined): string {
  const s = String(id ?? '');
  return s.length > 24 ? `${s.slice(0, 15)}${ELLIPSIS}${s.slice(-4)}` : s;
}

/**
 * Assigned-version names over 15 characters are cut to 20 characters (15 if they hold more than 5
 * special characters) plus an ellipsis (000 §9, 002 §5). Special = not a letter, number or space.
 */
export function shortenVersionName(name: string | null | undefined): string {
  const s = String(name ?? '');
  const chars = [...s];
  if (chars.length <= 15) return s;
  const specials = chars.filter((c) => !/[\p{L}\p{N}\s]/u.test(c)).length;
  const cut = specials > 5 ? 15 : 20;
  return `${chars.slice(0, cut).join('')}${ELLIPSIS}`;
}

export type DisplayZone = 'UTC' | 'EST' | 'Pacific';
const DISPLAY_ZONES: Record<DisplayZone, string> = {
  UTC: 'UTC',
  EST: 'America/New_York',
  Pacific: 'America/Los_Angeles',
};

/** A month's name in a language through Intl (no locale tables in the bundle): "Nov" / "nov", "November". */
function monthName(month: number, lang: string, width: 'short' | 'long'): string {
  try {
    const name = new Intl.DateTimeFormat(lang, { month: width, timeZone: 'UTC' }).format(Date.UTC(2000, month, 15));
    return name.replace(/\.$/, '');
  } catch {
    return '';
  }
}

/**
 * Format a date for display with a dayjs format. With a zone the time is shown in that zone (UTC,
 * US Eastern, US Pacific; `z` gives the zone abbreviation, e.g. EST/EDT, PST/PDT); without, in the
 * local time of the machine. Invalid or missing dates give ''. With a language other than English the
 * month names (`MMM`, `MMMM`) are that language's ("24 nov 2026"); the numbers and the order stay.
 */
export function formatDisplayDate(
  date: Date | string | number | null | undefined,
  format: string = DATE_FORMATS.DATE,
  zone?: DisplayZone,
  lang = 'en',
): string {
  if (date === null || date === undefined || date === '') return '';
  const parsed = dayjs(date);
  if (!parsed.isValid()) return '';
  const d = zone ? parsed.tz(DISPLAY_ZONES[zone]) : parsed;
  if (lang.toLowerCase().startsWith('en')) return d.format(format);
  // Month tokens outside [escaped] parts become the month's name, escaped, in the language.
  const localized = format.replace(/(\[[^\]]*\])|MMMM|MMM/g, (token, escaped?: string) => {
    if (escaped) return escaped;
    const name = monthName(d.month(), lang, token === 'MMMM' ? 'long' : 'short');
    return name ? `[${name}]` : token;
  });
  return d.format(localized);
}

/** 'DD MMM YYYY' in upper case, e.g. "05 MAR 2024" (002 §9). */
export function formatDateUpper(date: Date | string | number | null | undefined, zone?: DisplayZone): string {
  return formatDisplayDate(date, DATE_FORMATS.DAY_MONTH_YEAR, zone).toUpperCase();
}

/** Seconds as hh:mm:ss (hours not capped at 24). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * A country's name in a language from its ISO 3166 alpha-2 code (the CLDR names the JavaScript
 * runtime carries: "Spain" / "España"); `fallback` (the stored name) when the code is not one.
 */
export function countryName(isoCode2: string, lang: string, fallback: string): string {
  try {
    const name = new Intl.DisplayNames([lang, 'en'], { type: 'region', fallback: 'none' }).of(isoCode2.toUpperCase());
    return name ?? fallback;
  } catch {
    return fallback;
  }
}
