import { describe, expect, it } from 'vitest';
import { dayOfStudy, isTaskAvailable } from './day-of-study';
import { csvFileName } from './export-file-name';
import { TELEHEALTH_STATUS, isIncomingCall, isMissedCall, isTimeForCall, telehealthStatusName } from './telehealth';

describe('day of study (001 §4, decision B-023)', () => {
  it.each([
    ['start day is day 0', { startDate: '2024-03-01T09:00:00Z' }, '2024-03-01T23:00:00Z', 'UTC', 0],
    ['whole days from startDate', { startDate: '2024-03-01T09:00:00Z' }, '2024-03-11T01:00:00Z', 'UTC', 10],
    [
      'startDate 0 → registrationDate',
      { startDate: 0, registrationDate: '2024-02-20T12:00:00Z' },
      '2024-03-01T12:00:00Z',
      'UTC',
      10,
    ],
    [
      'startDate "0" → registrationDate',
      { startDate: '0', registrationDate: Date.parse('2024-02-28T12:00:00Z') },
      '2024-03-01T12:00:00Z',
      'UTC',
      2,
    ],
    // 2024-03-01 23:30 in New York is 2024-03-02 04:30 UTC: still day 0 there
    ['participant time zone', { startDate: '2024-03-01T15:00:00Z' }, '2024-03-02T04:30:00Z', 'America/New_York', 0],
    ['same instants in UTC', { startDate: '2024-03-01T15:00:00Z' }, '2024-03-02T04:30:00Z', 'UTC', 1],
    ['across a DST change', { startDate: '2024-03-09T12:00:00Z' }, '2024-03-11T12:00:00Z', 'America/New_York', 2],
    ['before start is negative', { startDate: '2024-03-05T12:00:00Z' }, '2024-03-01T12:00:00Z', 'UTC', -4],
    ['no dates', { startDate: 0 }, '2024-03-01T12:00:00Z', 'UTC', null],
    ['bad date', { startDate: 'soon' }, '2024-03-01T12:00:00Z', 'UTC', null],
    [
      'unknown zone falls back to UTC',
      { startDate: '2024-03-01T00:00:00Z' },
      '2024-03-03T00:00:00Z',
      'Mars/Olympus',
      2,
    ],
  ] as const)('%s', (_, dates, now, timeZone, expected) => {
    expect(dayOfStudy(dates, { now, timeZone })).toBe(expected);
  });

  it('task availability between startDay and endDay (inclusive)', () => {
    expect(isTaskAvailable({ startDay: 1, endDay: 3 }, 1)).toBe(true);
    expect(isTaskAvailable({ startDay: 1, endDay: 3 }, 3)).toBe(true);
    expect(isTaskAvailable({ startDay: 1, endDay: 3 }, 4)).toBe(false);
    expect(isTaskAvailable({ startDay: 1, endDay: 3 }, 0)).toBe(false);
    expect(isTaskAvailable({ startDay: 1, endDay: 3 }, null)).toBe(false);
  });
});

describe('telehealth status codes (001 §4)', () => {
  it('codes 1–13', () => {
    expect(Object.entries(TELEHEALTH_STATUS)).toEqual([
      ['NoAppointments', 1],
      ['VideoCallNotYetStarted', 2],
      ['TimeForYourCall', 3],
      ['Arrived', 4],
      ['OnCall', 5],
      ['OnHold', 6],
      ['LWBS', 7],
      ['Incomplete', 8],
      ['Complete', 9],
      ['Cancelled', 10],
      ['NoShow', 11],
      ['JoinCall', 12],
      ['Initiated', 13],
    ]);
    expect(telehealthStatusName(12)).toBe('JoinCall');
    expect(telehealthStatusName('7')).toBe('LWBS');
    expect(telehealthStatusName(14)).toBeNull();
  });
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])('missed / incoming for %i', (code) => {
    expect(isMissedCall(code)).toBe(code === 10 || code === 11);
    expect(isIncomingCall(code)).toBe(code === 12);
  });
  it('time for call: day of study inside the task days', () => {
    const appt = { taskStartDay: 5, taskEndDay: 7 };
    expect([4, 5, 6, 7, 8].map((d) => isTimeForCall(d, appt))).toEqual([false, true, true, true, false]);
    expect(isTimeForCall(null, appt)).toBe(false);
  });
});

describe('CSV export name (002 §9)', () => {
  it.each([
    ['Enrollment', '2024-03-05T15:04:09Z', undefined, 'Enrollment_05032024150409.csv'],
    ['Site  report/2', '2024-03-05T15:04:09Z', 'Boston Research', 'Site_report_2_05032024150409_Boston_Research.csv'],
    ['', '2024-03-05T15:04:09Z', null, 'export_05032024150409.csv'],
    ['X', 'not a date', undefined, 'X_.csv'],
  ])('%j', (title, at, suffix, expected) => expect(csvFileName(title, at, suffix)).toBe(expected));
  it('defaults to now', () => expect(csvFileName('T')).toMatch(/^T_\d{14}\.csv$/));
  it('a long run of `_` inside a title is kept, runs at its ends are dropped (issue 7: linear time)', () => {
    const inner = '_'.repeat(100_000);
    expect(csvFileName(`__a${inner}b__`, '2024-03-05T15:04:09Z', `${inner}x${inner}`)).toBe(
      `a${inner}b_05032024150409_x.csv`,
    );
  });
});
