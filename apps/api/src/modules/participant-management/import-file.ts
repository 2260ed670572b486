/** Reading an import file: CSV (UTF-8 or Windows-1252; `,` `;` or tab) or XLSX (first sheet), as text cells. */
import { PARTICIPANT_IMPORT_MAX_ROWS } from '@trialpath/contract';
import { type MessageKey, messageRef } from '@trialpath/domain';
import { parse as parseCsv } from 'csv-parse/sync';
import type { CellValue } from 'exceljs';
import { fail } from '../../kernel/errors';
// ─── Reading the file ────────────────────────────────────────────────────────────────────────────────────────

/** A sheet as text: the headings (row 1) and the rows that hold anything, numbered as a spreadsheet shows them. */
export interface SheetTable {
  headings: string[];
  rows: { row: number; cells: string[] }[];
}

/** A file refused as a whole (unreadable, empty, too long), with the message saying why. */
export const fileRefused = (key: MessageKey = 'participants.import.unreadable', params?: Record<string, number>) =>
  fail('VALIDATION_FAILED', undefined, { message: messageRef(key, params) });

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** Row 1 holds the headings; empty rows are skipped; more rows than a file may hold are refused. */
function tableOf(numbered: Iterable<{ row: number; cells: string[] }>): SheetTable {
  let headings: string[] | null = null;
  const rows: SheetTable['rows'] = [];
  for (const r of numbered) {
    if (r.row === 1) {
      headings = r.cells;
      continue;
    }
    if (isBlank(r.cells)) continue;
    if (rows.length === PARTICIPANT_IMPORT_MAX_ROWS)
      throw fileRefused('participants.import.tooManyRows', { max: PARTICIPANT_IMPORT_MAX_ROWS });
    rows.push(r);
  }
  if (!headings || isBlank(headings)) throw fileRefused('participants.import.headingsFirst');
  if (rows.length === 0) throw fileRefused('participants.import.empty');
  return { headings, rows };
}

/** UTF-8 (a byte-order mark dropped), else Windows-1252: what spreadsheet programs save a CSV as. */
function decodeText(data: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The cell separator of the headings line: the commonest of `,` `;` and tab outside quotes (`,` by default). */
function delimiterOf(text: string): string {
  const counts = new Map([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts].reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** Control characters no CSV holds (tab and line breaks aside): a PDF or an old .xls sent as CSV. */
function looksBinary(text: string): boolean {
  for (let i = 0; i < Math.min(text.length, 4096); i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
}

function readCsv(data: Uint8Array): SheetTable {
  const text = decodeText(data);
  if (looksBinary(text)) throw fileRefused();
  let records: string[][];
  try {
    records = parseCsv(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (e) {
    const line = (e as { lines?: unknown }).lines;
    throw typeof line === 'number' ? fileRefused('participants.import.csvLine', { line }) : fileRefused();
  }
  // each record is a row of the sheet a spreadsheet program shows (a cell may hold a line break)
  return tableOf(records.map((cells, i) => ({ row: i + 1, cells })));
}

/** yyyy-mm-dd of a date cell: Excel's dates have no time zone, exceljs reads them as UTC. */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** A cell's value as the text it shows: a date as yyyy-mm-dd, a formula's result, a link's text. */
function cellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : isoDay(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if ('richText' in v) return v.richText.map((r) => r.text).join('');
  if ('result' in v) return cellText(v.result as CellValue);
  if ('formula' in v || 'sharedFormula' in v) return '';
  if ('hyperlink' in v) return cellText(v.text as CellValue);
  if ('error' in v) return String(v.error);
  return '';
}

async function readXlsx(data: Uint8Array): Promise<SheetTable> {
  // exceljs is large: loaded with the first XLSX file, not when the server starts
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(data) as unknown as Parameters<typeof book.xlsx.load>[0]);
  } catch {
    throw fileRefused();
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw fileRefused();
  const rows: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const values = row.values as CellValue[];
    // row.values is 1-based (index 0 is empty)
    rows.push({
      row: rowNumber,
      cells: Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1])),
    });
  });
  return tableOf(rows);
}

/** The file's table, by what its bytes are (an XLSX is a zip archive), whatever the upload's content type said. */
export function readSheet(data: Uint8Array): Promise<SheetTable> | SheetTable {
  const zip = data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  return zip ? readXlsx(data) : readCsv(data);
}
