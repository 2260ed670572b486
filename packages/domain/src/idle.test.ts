import { describe, expect, it } from 'vitest';
import { isIdleExpired } from './idle';

const LIMIT = 90000 * 1000;

describe('isIdleExpired', () => {
  it.each([
    [0, LIMIT, false, false],
    [0, LIMIT + 1, false, true],
    [0, LIMIT + 1, true, false],
    [null, LIMIT * 2, false, false],
    [Number.NaN, LIMIT * 2, false, false],
    [1000, 2000, false, false],
  ])('last %j now %j inCall %s → %s', (last, now, inCall, expired) => {
    expect(isIdleExpired(last, now, inCall)).toBe(expired);
  });

  it('defaults inCall to false and takes a custom limit', () => {
    expect(isIdleExpired(0, LIMIT + 1)).toBe(true);
    expect(isIdleExpired(0, 11, false, 10)).toBe(true);
  });
});
