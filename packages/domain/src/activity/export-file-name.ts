/**
 * CSV export file name (002 §9): `title_timestamp.csv`, plus a suffix from the first selected item;
 * the timestamp is day month year hour minute second (DATE_FORMATS.EXPORT_TIMESTAMP).
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMATS } from '../constants';

// the timestamp is in UTC: the plugin is extended here too, not only where the rules' context is loaded
dayjs.extend(utc);

/** The text without leading and trailing `_` (a loop: `/_+$/` rescans every run of `_` it meets). */
function trimUnderscores(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === '_') start++;
  while (end > start && s[end - 1] === '_') end--;
  return s.slice(start, end);
}

/** `Enrollment_05032024150400.csv`, or `Enrollment_05032024150400_Boston.csv` with a suffix. */
export function csvFileName(title: string, at: Date | string | number = Date.now(), suffix?: string | null): string {
  const clean = (s: string) => trimUnderscores(s.trim().replace(/[\\/:*?"<>|\s]+/g, '_'));
  const stamp = dayjs(at).isValid() ? dayjs(at).utc().format(DATE_FORMATS.EXPORT_TIMESTAMP) : '';
  const extra = suffix ? `_${clean(suffix)}` : '';
  return `${clean(title) || 'export'}_${stamp}${extra}.csv`;
}
