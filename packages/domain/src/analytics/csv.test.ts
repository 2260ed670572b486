import { describe, expect, it } from 'vitest';
import { csvFileName } from '../activity/export-file-name';
import { chartCsv, chartCsvFileName, csvCell, csvTimestamp, inertCsvText } from './index';

// 2 December 2026, 14:30:05 UTC
const AT = new Date(Date.UTC(2026, 11, 2, 14, 30, 5));

describe('G-083: the timestamp', () => {
  it('day month year hour minute second, in UTC', () => {
    expect(csvTimestamp(AT)).toBe('02122026143005');
    expect(csvTimestamp('2024-03-05T23:04:09-05:00')).toBe('06032024040409');
    expect(csvTimestamp(AT.getTime())).toBe('02122026143005');
  });

  it('not a date → empty', () => {
    for (const bad of [new Date('x'), 'not a date', Number.NaN, null, undefined, {}]) {
      expect(csvTimestamp(bad as Date)).toBe('');
    }
  });
});

describe('G-081, G-082: the file name', () => {
  it('title_timestamp.csv', () => {
    expect(chartCsvFileName('Top 5 Country', AT)).toBe('Top_5_Country_02122026143005.csv');
  });

  it('with the first selected item as a suffix after the timestamp', () => {
    expect(chartCsvFileName('Status Analytics', AT, 'Boston Research')).toBe(
      'Status_Analytics_02122026143005_Boston_Research.csv',
    );
  });

  it('is the product-wide rule (csvFileName), not a second one', () => {
    expect(chartCsvFileName('E-Consent vs Uploaded', AT, 'Site 1')).toBe(
      csvFileName('E-Consent vs Uploaded', AT, 'Site 1'),
    );
  });

  it('replaces unsafe file-name characters; no title → export; an empty item adds nothing', () => {
    expect(chartCsvFileName('a/b\\c:d*e?f"g<h>i|j', AT, '')).toBe('a_b_c_d_e_f_g_h_i_j_02122026143005.csv');
    expect(chartCsvFileName('', AT, null)).toBe('export_02122026143005.csv');
    expect(chartCsvFileName(null as never, AT, 42 as never)).toBe('export_02122026143005.csv');
  });
});

describe('CSV cells: RFC 4180 quoting and formula injection', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
    ['Sí, señor', '"Sí, señor"'],
  ])('%j → %j', (v, expected) => expect(csvCell(v)).toBe(expected));

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=b', 'a=b'],
  ])('text starting like a formula gets an apostrophe: %j → %j', (v, expected) => expect(csvCell(v)).toBe(expected));

  it('inertCsvText is the export service rule', () => {
    expect(inertCsvText('=1')).toBe("'=1");
    expect(inertCsvText('1=')).toBe('1=');
  });

  it('numbers are written as numbers, negatives without an apostrophe; no value is empty', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell({} as never)).toBe('');
  });
});

describe('G-084: the chart CSV', () => {
  it('title with timestamp, then the header, then the data; CRLF line ends', () => {
    const csv = chartCsv(
      'Top 5 Site',
      AT,
      ['Site', 'Number of Participants'],
      [
        ['Boston, MA', 12],
        ['=evil()', -3],
      ],
    );
    expect(csv).toBe('Top 5 Site,02122026143005\r\nSite,Number of Participants\r\n"Boston, MA",12\r\n\'=evil(),-3\r\n');
    expect(csv.split('\r\n')).toHaveLength(5);
    expect(csv.replaceAll('\r\n', '')).not.toContain('\n');
  });

  it('no data: the title and header rows still come first', () => {
    expect(chartCsv('Status Analytics', AT, ['Status', 'Count'], [])).toBe(
      'Status Analytics,02122026143005\r\nStatus,Count\r\n',
    );
  });

  it('bad input gives rows of empty cells rather than a throw', () => {
    expect(chartCsv(null as never, 'bad', null as never, null as never)).toBe(',\r\n\r\n');
    expect(chartCsv('T', AT, ['a'], [null as never, ['x']])).toBe('T,02122026143005\r\na\r\n\r\nx\r\n');
  });

  it('a title that would run as a formula is made inert too', () => {
    expect(chartCsv('=T', AT, [], []).startsWith("'=T,")).toBe(true);
  });
});
