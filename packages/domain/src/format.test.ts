import { describe, expect, it } from 'vitest';
import { DEFAULT_STUDY_COLOR, colorBrightness, contrastColor, studyColorOrDefault } from './color';
import {
  formatDateUpper,
  formatDisplayDate,
  formatDuration,
  shortenParticipantId,
  shortenText,
  shortenVersionName,
} from './format';
import { DATE_FORMATS } from './constants';

describe('shortenText', () => {
  const s41 = 'a'.repeat(41);
  it.each([
    ['short', undefined, 'short'],
    ['a'.repeat(40), undefined, 'a'.repeat(40)],
    [s41, undefined, `${'a'.repeat(40)}…`],
    ['abcdef', 3, 'abc…'],
    [null, undefined, ''],
    ['😀😀😀😀', 2, '😀😀…'],
  ])('%j, %j → %j', (s, n, out) => expect(shortenText(s, n)).toBe(out));
});

describe('shortenParticipantId', () => {
  it.each([
    ['P-0001', 'P-0001'],
    ['x'.repeat(24), 'x'.repeat(24)],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'ABCDEFGHIJKLMNO…WXYZ'],
    [undefined, ''],
  ])('%j → %j', (id, out) => expect(shortenParticipantId(id)).toBe(out));
});

describe('shortenVersionName', () => {
  it.each([
    ['Version 1', 'Version 1'],
    ['Version 1.0 final', 'Version 1.0 final…'],
    ['A very long version name indeed', 'A very long version …'],
    ['v1.0-(draft)#2!x', 'v1.0-(draft)#2!…'],
    [null, ''],
  ])('%j → %j', (name, out) => expect(shortenVersionName(name)).toBe(out));
});

describe('formatDisplayDate', () => {
  const winter = '2024-03-05T15:04:00Z';
  const summer = '2024-07-05T15:04:00Z';
  it.each([
    [winter, DATE_FORMATS.DATE_TIME, 'UTC', '05 Mar 2024 03:04 PM'],
    [winter, DATE_FORMATS.DATE_TIME_UTC, 'UTC', '05 Mar 2024 03:04 PM UTC'],
    [winter, DATE_FORMATS.DATE_TIME_EST, 'EST', '05 Mar 2024 10:04 AM EST'],
    [summer, DATE_FORMATS.DATE_TIME_EST, 'EST', '05 Jul 2024 11:04 AM EDT'],
    [winter, DATE_FORMATS.DATE_TIME_PACIFIC, 'Pacific', '05 Mar 2024 07:04 AM PST'],
    [summer, DATE_FORMATS.DATE_TIME_ZONE, 'Pacific', '05 Jul 2024 08:04 AM PDT'],
    [winter, DATE_FORMATS.DATE, 'UTC', '03/05/2024'],
    [winter, DATE_FORMATS.MONTH_YEAR, 'UTC', 'Mar 2024'],
    [new Date(winter), DATE_FORMATS.DATE, 'UTC', '03/05/2024'],
    [Date.parse(winter), DATE_FORMATS.DATE, 'EST', '03/05/2024'],
    ['not a date', DATE_FORMATS.DATE, 'UTC', ''],
    [null, DATE_FORMATS.DATE, 'UTC', ''],
    ['', DATE_FORMATS.DATE, 'UTC', ''],
  ] as const)('%j %s %s → %j', (d, f, z, out) => {
    expect(formatDisplayDate(d, f, z)).toBe(out);
  });

  it('formats local time without a zone and defaults the format', () => {
    expect(formatDisplayDate('2024-03-05T12:00:00')).toBe('03/05/2024');
    expect(formatDisplayDate('2024-03-05T12:00:00', 'YYYY')).toBe('2024');
  });

  it('names the month in the portal language (Intl), keeping escaped text and the order', () => {
    expect(formatDisplayDate(winter, DATE_FORMATS.DATE_TIME, 'UTC', 'es')).toBe('05 mar 2024 03:04 PM');
    expect(formatDisplayDate('2024-09-05T15:04:00Z', 'DD MMMM YYYY [MMM]', 'UTC', 'es')).toBe('05 septiembre 2024 MMM');
    expect(formatDisplayDate(summer, DATE_FORMATS.MONTH_YEAR, 'UTC', 'en-GB')).toBe('Jul 2024');
    expect(formatDisplayDate(summer, DATE_FORMATS.DATE_TIME_UTC, 'UTC', 'es')).toBe('05 jul 2024 03:04 PM UTC');
  });

  it('upper-cases DD MMM YYYY', () => {
    expect(formatDateUpper('2024-03-05T15:04:00Z', 'UTC')).toBe('05 MAR 2024');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [3661, '01:01:01'],
    [90061.9, '25:01:01'],
    [-5, '00:00:00'],
    [Number.NaN, '00:00:00'],
  ])('%j → %s', (s, out) => expect(formatDuration(s)).toBe(out));
});

describe('colours', () => {
  it.each([
    ['#FFFFFF', '#000000'],
    ['#000000', '#FFFFFF'],
    ['#808080', '#000000'],
    ['#7F7F7F', '#FFFFFF'],
    ['#ff0', '#000000'],
    ['00796B', '#FFFFFF'],
    ['#00796B', '#FFFFFF'],
    ['nonsense', '#FFFFFF'],
    [null, '#FFFFFF'],
  ])('contrastColor(%j) = %s', (hex, out) => expect(contrastColor(hex)).toBe(out));

  it('brightness threshold is 128', () => {
    expect(colorBrightness('#808080')).toBe(128);
    expect(colorBrightness('zzz')).toBe(colorBrightness(DEFAULT_STUDY_COLOR));
  });

  it('defaults the study colour to teal', () => {
    expect(DEFAULT_STUDY_COLOR).toBe('#00796B');
    expect(studyColorOrDefault(undefined)).toBe('#00796B');
    expect(studyColorOrDefault('#123456')).toBe('#123456');
    expect(studyColorOrDefault('red')).toBe('#00796B');
    expect(studyColorOrDefault(' 00796b ')).toBe('#00796b');
  });
});
