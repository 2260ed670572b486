/**
 * CSV export file name (002 §9): `title_timestamp.csv`, plus a suffix from the first selected item;
 * the timestamp is day month year hour minute second (DATE_FORMATS.EXPORT_TIMESTAMP).
 */
import dayjs from 'dayjs';
import { DATE_FORMATS } from '../constants';

/** `Enrollment_05032024150400.csv`, or `Enrollment_05032024150400_Boston.csv` with a suffix. */
export function csvFileName(title: string, at: Date | string | number = Date.now(), suffix?: string | null): string {
  const clean = (s: string) =>
    s
      .trim()
      .replace(/[\\/:*?"<>|\s]+/g, '_')
      .replace(/^_+|_+$/g, '');
  const stamp = dayjs(at).isValid() ? dayjs(at).utc().format(DATE_FORMATS.EXPORT_TIMESTAMP) : '';
  const extra = suffix ? `_${clean(suffix)}` : '';
  return `${clean(title) || 'export'}_${stamp}${extra}.csv`;
}
