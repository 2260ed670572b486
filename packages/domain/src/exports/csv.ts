/**
 * CSV lines of the study data export: RFC 4180 (fields holding a quote, comma, CR or LF are quoted, quotes
 * doubled), "\r\n" line ends, UTF-8 without a byte-order mark (statistics packages read the header as is).
 * Text a spreadsheet would run as a formula is made inert by the participant export's rule (inertCsvText, a
 * leading apostrophe), except plain decimal numbers: `-3.5` is data, not a formula, and must stay numeric.
 */
import { inertCsvText } from '../analytics/csv';

/** A cell: text, a number, or null / undefined for an empty cell. */
export type CsvCell = string | number | null | undefined;

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, quoted when needed. Runs once per exported value: the common case tests one character. */
export function csvField(v: CsvCell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (v === '') return '';
  const first = v.charCodeAt(0);
  // = + - @ tab CR: a formula to a spreadsheet (unless it is a plain number)
  const risky = first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13;
  const safe = risky && !PLAIN_NUMBER.test(v) ? inertCsvText(v) : v;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV line with its "\r\n". */
export function csvLine(cells: readonly CsvCell[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ',';
    line += csvField(cells[i]);
  }
  return `${line}\r\n`;
}

/**
 * Several values of one cell (the codes of a multi-select, a medication list's doses), joined with `|`; a `|` or
 * `\` inside a value is escaped with `\`, so splitting on unescaped `|` gives the values back.
 */
export function joinValues(values: readonly string[]): string {
  let out = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as string;
    if (i > 0) out += '|';
    out += v.includes('|') || v.includes('\\') ? v.replace(/[|\\]/g, '\\$&') : v;
  }
  return out;
}
