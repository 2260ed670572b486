import { describe, expect, it } from 'vitest';
import { type SiteDateRecord, fastestSummary, isoDayNumber, siteDateRows } from './index';

const site = (over: Partial<SiteDateRecord> & { site: string }): SiteDateRecord => ({
  country: 'Spain',
  activeDate: '2024-01-01',
  fpi: '2024-01-11',
  firstData: '2024-01-21',
  firstDataParticipant: 'P-001',
  ...over,
});

describe('isoDayNumber: real calendar dates only', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['1969-12-31', -1],
    ['2024-02-29', 19782],
    [' 2024-02-29 ', 19782],
  ])('%s → %s', (s, n) => expect(isoDayNumber(s)).toBe(n));

  it.each([
    '2023-02-29',
    '2024-02-30',
    '2024-13-01',
    '2024-00-10',
    '2024-1-5',
    '2024-01-01T00:00:00Z',
    '01/02/2024',
    '',
    null,
    undefined,
    20240101,
    new Date('2024-01-01'),
  ])('%s → null', (s) => expect(isoDayNumber(s)).toBeNull());
});

describe('G-045: chart rows', () => {
  it('first-data mode: days from activation to first data, with its participant', () => {
    expect(siteDateRows([site({ site: 'Madrid' })], 'firstData')).toEqual([
      {
        country: 'Spain',
        site: 'Madrid',
        activeDate: '2024-01-01',
        date: '2024-01-21',
        numDays: 20,
        firstParticipant: 'P-001',
      },
    ]);
  });

  it('fpi mode: days to first participant in; the participant only when the record names one', () => {
    expect(siteDateRows([site({ site: 'Madrid' })], 'fpi')).toEqual([
      {
        country: 'Spain',
        site: 'Madrid',
        activeDate: '2024-01-01',
        date: '2024-01-11',
        numDays: 10,
        firstParticipant: null,
      },
    ]);
    expect(siteDateRows([site({ site: 'Madrid', fpiParticipant: 'P-009' })], 'fpi')[0]?.firstParticipant).toBe('P-009');
  });

  it('counts calendar days across a leap day and a daylight-saving change', () => {
    expect(
      siteDateRows([site({ site: 'A', activeDate: '2024-02-28', firstData: '2024-03-01' })], 'firstData')[0]?.numDays,
    ).toBe(2);
    expect(
      siteDateRows([site({ site: 'A', activeDate: '2024-03-30', firstData: '2024-04-01' })], 'firstData')[0]?.numDays,
    ).toBe(2);
    expect(
      siteDateRows([site({ site: 'A', activeDate: '2023-12-31', firstData: '2025-01-01' })], 'firstData')[0]?.numDays,
    ).toBe(367);
  });

  it('G-059: negative days are kept (activated after the first visit); the same day is 0', () => {
    const rows = siteDateRows(
      [
        site({ site: 'Late', activeDate: '2024-02-10', firstData: '2024-02-01' }),
        site({ site: 'Same', firstData: '2024-01-01' }),
      ],
      'firstData',
    );
    expect(rows.map((r) => r.numDays)).toEqual([-9, 0]);
  });

  it('keeps the records order and trims dates; an empty participant is none', () => {
    const rows = siteDateRows(
      [site({ site: 'B', firstDataParticipant: '  ' }), site({ site: 'A', activeDate: ' 2024-01-01 ' })],
      'firstData',
    );
    expect(rows.map((r) => r.site)).toEqual(['B', 'A']);
    expect(rows[0]?.firstParticipant).toBeNull();
    expect(rows[1]?.activeDate).toBe('2024-01-01');
  });
});

describe('G-057: sites with a missing or invalid date are skipped', () => {
  const records = [
    site({ site: 'ok' }),
    site({ site: 'no first data', firstData: null }),
    site({ site: 'bad first data', firstData: '2024-02-30' }),
    site({ site: 'no activation', activeDate: undefined }),
    site({ site: 'bad activation', activeDate: 'soon' }),
    site({ site: 'no fpi', fpi: '' }),
  ];

  it('in first-data mode', () => {
    expect(siteDateRows(records, 'firstData').map((r) => r.site)).toEqual(['ok', 'no fpi']);
  });

  it('in fpi mode too (our decision)', () => {
    expect(siteDateRows(records, 'fpi').map((r) => r.site)).toEqual(['ok', 'no first data', 'bad first data']);
  });

  it('bad input gives no rows, never a throw', () => {
    expect(siteDateRows([], 'fpi')).toEqual([]);
    expect(siteDateRows(null as never, 'fpi')).toEqual([]);
    expect(siteDateRows([site({ site: 'x' })], 'other' as never)).toEqual([]);
    expect(siteDateRows([null as never, 'x' as never, site({ site: 'ok' })], 'fpi').map((r) => r.site)).toEqual(['ok']);
  });
});

describe('G-058: date range, inclusive on activation and on the second date', () => {
  const records = [
    site({ site: 'inside', activeDate: '2024-01-01', firstData: '2024-01-31' }),
    site({ site: 'activated before', activeDate: '2023-12-31', firstData: '2024-01-15' }),
    site({ site: 'data after', activeDate: '2024-01-10', firstData: '2024-02-01' }),
    site({ site: 'on both bounds', activeDate: '2024-01-31', firstData: '2024-01-01' }),
  ];
  const range = { from: '2024-01-01', to: '2024-01-31' };

  it('keeps a site only when both dates are within from…to, bounds included', () => {
    expect(siteDateRows(records, 'firstData', range).map((r) => r.site)).toEqual(['inside', 'on both bounds']);
  });

  it('applies the range to the fpi date in fpi mode', () => {
    const fpiRecords = [
      site({ site: 'fpi inside', fpi: '2024-01-31', firstData: '2024-05-01' }),
      site({ site: 'fpi after', fpi: '2024-02-01', firstData: '2024-01-02' }),
    ];
    expect(siteDateRows(fpiRecords, 'fpi', range).map((r) => r.site)).toEqual(['fpi inside']);
  });

  it('one bound alone filters on that side only', () => {
    expect(siteDateRows(records, 'firstData', { from: '2024-01-01' }).map((r) => r.site)).toEqual([
      'inside',
      'data after',
      'on both bounds',
    ]);
    expect(siteDateRows(records, 'firstData', { to: '2024-01-31' }).map((r) => r.site)).toEqual([
      'inside',
      'activated before',
      'on both bounds',
    ]);
  });

  it('a missing or invalid bound does not filter; from after to leaves nothing', () => {
    expect(siteDateRows(records, 'firstData', { from: 'bad', to: null })).toHaveLength(4);
    expect(siteDateRows(records, 'firstData', null)).toHaveLength(4);
    expect(siteDateRows(records, 'firstData', { from: '2024-02-01', to: '2024-01-01' })).toEqual([]);
  });
});

describe('G-046: fastest summary', () => {
  it('counts the sites per mode and picks the fewest days', () => {
    const summary = fastestSummary([
      site({ site: 'Slow', country: 'Spain', activeDate: '2024-01-01', fpi: '2024-03-01', firstData: '2024-03-02' }),
      site({ site: 'Fast', country: 'Mexico', activeDate: '2024-01-01', fpi: '2024-01-05', firstData: null }),
      site({ site: 'Mid', country: 'Chile', activeDate: '2024-01-01', fpi: '2024-01-20', firstData: '2024-01-25' }),
    ]);
    expect(summary).toEqual({
      totalFpi: 3,
      totalFirstData: 2,
      fastestFpi: { days: 4, date: '2024-01-05', activeDate: '2024-01-01', site: 'Fast', country: 'Mexico' },
      fastestFirstData: { days: 24, date: '2024-01-25', activeDate: '2024-01-01', site: 'Mid', country: 'Chile' },
    });
  });

  it('breaks ties by site name, then country, whatever the input order', () => {
    const tied = [
      site({ site: 'beta', country: 'Spain' }),
      site({ site: 'Alpha', country: 'Spain' }),
      site({ site: 'Alpha', country: 'Mexico' }),
    ];
    for (const order of [tied, [...tied].reverse()]) {
      const fastest = fastestSummary(order).fastestFpi;
      expect([fastest?.site, fastest?.country]).toEqual(['Alpha', 'Mexico']);
    }
  });

  it('a negative count is the fewest days', () => {
    const summary = fastestSummary([site({ site: 'A' }), site({ site: 'Z', activeDate: '2024-01-20' })]);
    expect(summary.fastestFpi).toMatchObject({ site: 'Z', days: -9 });
  });

  it('applies the range to the totals and the fastest', () => {
    const summary = fastestSummary(
      [site({ site: 'A', fpi: '2024-01-02' }), site({ site: 'B', fpi: '2024-01-30', firstData: '2024-01-31' })],
      { to: '2024-01-25' },
    );
    expect(summary.totalFpi).toBe(1);
    expect(summary.totalFirstData).toBe(1);
    expect(summary.fastestFpi?.site).toBe('A');
  });

  it('no sites: zero totals and no fastest', () => {
    const none = { totalFpi: 0, totalFirstData: 0, fastestFpi: null, fastestFirstData: null };
    expect(fastestSummary([])).toEqual(none);
    expect(fastestSummary(undefined as never)).toEqual(none);
    expect(fastestSummary([site({ site: 'x', activeDate: null })])).toEqual(none);
  });
});
