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

export const ELLIPSIS = '…';

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
export const DISPLAY_ZONES: Record<DisplayZone, string> = {
  UTC: 'UTC',
  EST: 'America/New_York',
  Pacific: 'America/Los_Angeles',
};

/**
 * Format a date for display with a dayjs format. With a zone the time is shown in that zone (UTC,
 * US Eastern, US Pacific; `z` gives the zone abbreviation, e.g. EST/EDT, PST/PDT); without, in the
 * local time of the machine. Invalid or missing dates give ''.
 */
export function formatDisplayDate(
  date: Date | string | number | null | undefined,
  format: string = DATE_FORMATS.DATE,
  zone?: DisplayZone,
): string {
  if (date === null || date === undefined || date === '') return '';
  const d = dayjs(date);
  if (!d.isValid()) return '';
  if (zone) return d.tz(DISPLAY_ZONES[zone]).format(format);
  return d.format(format);
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

/** Default study colour (a teal) when a study has none. */
export const DEFAULT_STUDY_COLOR = '#00897B';

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  let h = m[1] as string;
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [Number.parseInt(h.slice(0, 2), 16), Number.parseInt(h.slice(2, 4), 16), Number.parseInt(h.slice(4, 6), 16)];
}

/** A study's colour (with a leading #), or the default teal when missing or not a hex colour. */
export function studyColorOrDefault(color: string | null | undefined): string {
  if (typeof color !== 'string' || !parseHex(color)) return DEFAULT_STUDY_COLOR;
  const c = color.trim();
  return c.startsWith('#') ? c : `#${c}`;
}

/** Perceived brightness 0..255 (YIQ: (299 R + 587 G + 114 B) / 1000). */
export function colorBrightness(hex: string): number {
  const rgb = parseHex(hex) ?? (parseHex(DEFAULT_STUDY_COLOR) as [number, number, number]);
  return (rgb[0] * 299 + rgb[1] * 587 + rgb[2] * 114) / 1000;
}

/** Text colour on a background: brightness 128 or more → black, otherwise white. */
export function contrastColor(hex: string | null | undefined): '#000000' | '#FFFFFF' {
  return colorBrightness(studyColorOrDefault(hex)) >= 128 ? '#000000' : '#FFFFFF';
}
