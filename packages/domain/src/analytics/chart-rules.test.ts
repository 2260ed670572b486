import { describe, expect, it } from 'vitest';
import { SCREEN_FAILURE_REASONS } from '../participants/status';
import {
  DASHBOARD_TOP,
  SCREEN_FAILURE_GROUPS,
  SCREEN_FAILURE_GROUP_KEYS,
  SCREEN_FAILURE_REASON_GROUP,
  SCREEN_FAILURE_VISIBLE_PLOTS,
  STACK_VISIBLE_PLOTS,
  TOP_WITHDRAWAL_REASONS,
  VISIBLE_PLOTS,
  compareNames,
  groupScreenFailureReasons,
  roundAverage,
  roundedMean,
  screenFailureGroupOf,
  sortBars,
  topN,
} from './index';

interface Bar {
  name: string;
  value: number | null;
  id?: number;
}
const value = (b: Bar) => b.value;
const name = (b: Bar) => b.name;
const names = (bars: Bar[]) => bars.map((b) => b.name);

describe('chart constants (002 §9)', () => {
  it('G-060…G-062, G-065, G-066', () => {
    expect(VISIBLE_PLOTS).toBe(20);
    expect(SCREEN_FAILURE_VISIBLE_PLOTS).toBe(5);
    expect(STACK_VISIBLE_PLOTS).toBe(4);
    expect(DASHBOARD_TOP).toBe(5);
    expect(TOP_WITHDRAWAL_REASONS).toBe(10);
  });
});

describe('G-063: bars descending by value, then by name', () => {
  it('sorts by value, highest first', () => {
    const bars = [
      { name: 'a', value: 1 },
      { name: 'b', value: 3 },
      { name: 'c', value: 2 },
    ];
    expect(names(sortBars(bars, value, name))).toEqual(['b', 'c', 'a']);
  });

  it('breaks ties by name, case-insensitive, then by code units', () => {
    const bars = [
      { name: 'beta', value: 2 },
      { name: 'Alpha', value: 2 },
      { name: 'alpha', value: 2 },
      { name: 'Gamma', value: 5 },
      { name: 'zeta', value: 2 },
      { name: 'Delta', value: 2 },
    ];
    expect(names(sortBars(bars, value, name))).toEqual(['Gamma', 'Alpha', 'alpha', 'beta', 'Delta', 'zeta']);
  });

  it('does not depend on the locale: code units, not collation (Ä after Z)', () => {
    const bars = [
      { name: 'Ärzte', value: 1 },
      { name: 'Zürich', value: 1 },
      { name: 'Arzt', value: 1 },
    ];
    expect(names(sortBars(bars, value, name))).toEqual(['Arzt', 'Zürich', 'Ärzte']);
  });

  it('is stable: rows equal in value and name keep their order', () => {
    const bars = [1, 2, 3, 4].map((id) => ({ name: 'same', value: 7, id }));
    expect(sortBars(bars, value, name).map((b) => b.id)).toEqual([1, 2, 3, 4]);
  });

  it('sorts negatives below zero and rows without a value last', () => {
    const bars: Bar[] = [
      { name: 'none', value: null },
      { name: 'neg', value: -4 },
      { name: 'nan', value: Number.NaN },
      { name: 'zero', value: 0 },
      { name: 'inf', value: Number.POSITIVE_INFINITY },
    ];
    expect(names(sortBars(bars, value, name))).toEqual(['zero', 'neg', 'inf', 'nan', 'none']);
  });

  it('leaves the input untouched and survives empty or bad input', () => {
    const bars = [
      { name: 'a', value: 1 },
      { name: 'b', value: 2 },
    ];
    const copy = structuredClone(bars);
    sortBars(bars, value, name);
    expect(bars).toEqual(copy);
    expect(sortBars([], value, name)).toEqual([]);
    expect(sortBars(null as unknown as Bar[], value, name)).toEqual([]);
  });

  it('compareNames treats null as empty', () => {
    expect(compareNames(null, '')).toBe(0);
    expect(compareNames(undefined, 'a')).toBe(-1);
    expect(compareNames('b', 'a')).toBe(1);
  });
});

describe('topN (G-065, G-066)', () => {
  const bars = Array.from({ length: 12 }, (_, i) => ({ name: `site ${String(i).padStart(2, '0')}`, value: i % 4 }));

  it('takes the first n in chart order', () => {
    expect(names(topN(bars, DASHBOARD_TOP, value, name))).toEqual([
      'site 03',
      'site 07',
      'site 11',
      'site 02',
      'site 06',
    ]);
    expect(topN(bars, TOP_WITHDRAWAL_REASONS, value, name)).toHaveLength(10);
  });

  it('n larger than the rows gives them all; a fraction is floored', () => {
    expect(topN(bars, 50, value, name)).toHaveLength(12);
    expect(topN(bars, 2.9, value, name)).toHaveLength(2);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY * -1, '3' as unknown as number])('n = %s gives none', (n) => {
    expect(topN(bars, n, value, name)).toEqual([]);
  });
});

describe('G-064: averages rounded to whole numbers, half away from zero', () => {
  it.each([
    [2.5, 3],
    [3.5, 4],
    [2.4999, 2],
    [-2.5, -3],
    [-2.4, -2],
    [0.5, 1],
    [-0.4, 0],
    [99.5, 100],
    [7, 7],
  ])('%s → %s', (x, expected) => {
    expect(roundAverage(x)).toBe(expected);
  });

  it('never gives -0', () => {
    expect(Object.is(roundAverage(-0.2), 0)).toBe(true);
    expect(Object.is(roundAverage(-0), 0)).toBe(true);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, null, undefined, '3' as unknown as number])('%s → null', (x) => {
    expect(roundAverage(x)).toBeNull();
  });

  it('roundedMean: mean of the finite values, rounded; none → null', () => {
    expect(roundedMean([1, 2])).toBe(2); // 1.5
    expect(roundedMean([1, 2, 2])).toBe(2); // 1.67
    expect(roundedMean([-1, -2])).toBe(-2); // -1.5
    expect(roundedMean([10, null, Number.NaN, undefined, 11])).toBe(11); // 10.5
    expect(roundedMean([])).toBeNull();
    expect(roundedMean([null, Number.NaN])).toBeNull();
    expect(roundedMean(null as unknown as number[])).toBeNull();
  });
});

describe('G-072: screen-failure reasons grouped in the spec order', () => {
  it('the groups and their labels, in order', () => {
    expect(SCREEN_FAILURE_GROUPS).toEqual(['SCREEN_FAILURE', 'INCLUSION', 'EXCLUSION', 'CONSENT_WITHDRAWN', 'OTHER']);
    expect(SCREEN_FAILURE_GROUPS.map((g) => SCREEN_FAILURE_GROUP_KEYS[g])).toEqual([
      'analytics.screenFailure.screenFailure',
      'analytics.screenFailure.inclusion',
      'analytics.screenFailure.exclusion',
      'analytics.screenFailure.consentWithdrawn',
      'analytics.screenFailure.other',
    ]);
  });

  it('every reason code has a group', () => {
    for (const reason of SCREEN_FAILURE_REASONS) {
      expect(SCREEN_FAILURE_GROUPS).toContain(SCREEN_FAILURE_REASON_GROUP[reason]);
    }
  });

  it.each([
    ['INCLUSION_NOT_MET', 'INCLUSION'],
    ['EXCLUSION_MET', 'EXCLUSION'],
    ['CONSENT_NOT_GIVEN', 'CONSENT_WITHDRAWN'],
    ['OTHER', 'OTHER'],
    ['LOST_BEFORE_SCREENING_ENDED', 'SCREEN_FAILURE'],
    ['INVESTIGATOR_DECISION', 'SCREEN_FAILURE'],
    [null, 'SCREEN_FAILURE'],
    [undefined, 'SCREEN_FAILURE'],
    ['SOMETHING_NEW', 'SCREEN_FAILURE'],
    ['__proto__', 'SCREEN_FAILURE'],
    ['toString', 'SCREEN_FAILURE'],
    [42, 'SCREEN_FAILURE'],
  ])('%s → %s', (reason, group) => {
    expect(screenFailureGroupOf(reason)).toBe(group);
  });

  it('sums the counts per group, every group listed in order, zeros included', () => {
    const result = groupScreenFailureReasons([
      { reason: 'OTHER', count: 2 },
      { reason: 'INCLUSION_NOT_MET', count: 5 },
      { reason: 'LOST_BEFORE_SCREENING_ENDED', count: 1 },
      { reason: null, count: 3 },
      { reason: 'INVESTIGATOR_DECISION', count: '4' },
    ]);
    expect(result).toEqual([
      { group: 'SCREEN_FAILURE', key: 'analytics.screenFailure.screenFailure', count: 8 },
      { group: 'INCLUSION', key: 'analytics.screenFailure.inclusion', count: 5 },
      { group: 'EXCLUSION', key: 'analytics.screenFailure.exclusion', count: 0 },
      { group: 'CONSENT_WITHDRAWN', key: 'analytics.screenFailure.consentWithdrawn', count: 0 },
      { group: 'OTHER', key: 'analytics.screenFailure.other', count: 2 },
    ]);
  });

  it('empty or bad input: every group with 0; bad counts add nothing', () => {
    const zeros = SCREEN_FAILURE_GROUPS.map((g) => ({ group: g, key: SCREEN_FAILURE_GROUP_KEYS[g], count: 0 }));
    expect(groupScreenFailureReasons([])).toEqual(zeros);
    expect(groupScreenFailureReasons(null as never)).toEqual(zeros);
    expect(
      groupScreenFailureReasons([
        { reason: 'OTHER', count: -3 },
        { reason: 'OTHER', count: Number.NaN },
        { reason: 'OTHER', count: 1.5 },
        { reason: 'OTHER', count: 'x' },
        null as never,
        { reason: 'OTHER' } as never,
      ]),
    ).toEqual(zeros);
  });

  it('the five groups fit the screen-failure chart exactly (G-061)', () => {
    expect(groupScreenFailureReasons([])).toHaveLength(SCREEN_FAILURE_VISIBLE_PLOTS);
  });
});
