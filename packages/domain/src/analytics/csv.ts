/**
 * CSV export of a chart (002 §9; checklist G-081…G-084; decision G-chart-rules). The file name and its timestamp
 * are the one rule of activity/export-file-name.ts (csvFileName, DATE_FORMATS.EXPORT_TIMESTAMP, UTC): every export
 * of the product names its files the same way. The text is RFC 4180 with CRLF line ends, and text cells that a
 * spreadsheet would run as a formula are made inert exactly as the participant-list export does.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { csvFileName } from '../activity/export-file-name';
import { DATE_FORMATS } from '../constants';

dayjs.extend(utc);

/** A cell of a chart export. */
export type CsvValue = string | number | boolean | null | undefined;

/** G-083: day month year hour minute second in UTC, `05032024150409`; not a date → ''. The file name's stamp. */
export function csvTimestamp(at: Date | string | number): string {
  const d = dayjs(at instanceof Date || typeof at === 'string' || typeof at === 'number' ? at : Number.NaN);
  return d.isValid() ? d.utc().format(DATE_FORMATS.EXPORT_TIMESTAMP) : '';
}

/**
 * G-081…G-083: `Title_05032024150409.csv`, or `Title_05032024150409_Boston.csv` with the first selected item (a
 * site, a country). The existing rule (csvFileName): unsafe characters and spaces become `_`, no title → `export`.
 */
export function chartCsvFileName(title: string, at: Date | string | number, firstSelected?: string | null): string {
  return csvFileName(
    typeof title === 'string' ? title : '',
    at,
    typeof firstSelected === 'string' ? firstSelected : null,
  );
}

/**
 * A spreadsheet runs a cell starting with = + - @ tab or CR as a formula: such text gets a leading apostrophe
 * (CSV injection). The rule of apps/api participant-management/export.service.ts.
 */
export function inertCsvText(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

/**
 * One cell, RFC 4180: quoted when it holds a quote, comma, CR or LF, its quotes doubled. Numbers are written as
 * numbers (a negative day count stays -3, not '-3: a number is never a formula); a non-finite one, null and
 * undefined are empty.
 */
export function csvCell(v: CsvValue): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return String(v);
  if (typeof v !== 'string') return '';
  const safe = inertCsvText(v);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: readonly CsvValue[]): string =>
  `${(Array.isArray(cells) ? cells : []).map(csvCell).join(',')}\r\n`;

/**
 * G-084: the chart as CSV: first the title with the timestamp (two cells: title, the file name's stamp), then the
 * header row, then the data; every line ends in CRLF.
 */
export function chartCsv(
  title: string,
  at: Date | string | number,
  header: readonly CsvValue[],
  rows: readonly (readonly CsvValue[])[],
): string {
  const lines = [csvLine([typeof title === 'string' ? title : '', csvTimestamp(at)]), csvLine(header)];
  for (const row of Array.isArray(rows) ? rows : []) lines.push(csvLine(row));
  return lines.join('');
}
