import { describe, expect, it } from 'vitest';
import { keyedRecord } from './records';

describe('keyedRecord (fast-shaped records keyed by identifier)', () => {
  it('holds the keys in order, a fresh object each time', () => {
    const keys = ['b', 'a', 'c'];
    const r = keyedRecord<number>(keys);
    r.a = 1;
    expect(Object.keys(r)).toEqual(['b', 'a', 'c']);
    expect(keyedRecord<number>(keys)).toEqual({ b: undefined, a: undefined, c: undefined });
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
  });

  it('gives a plain empty object when a key is __proto__ (assignment keeps its usual meaning)', () => {
    const r = keyedRecord<number>(['x', '__proto__']);
    expect(Object.keys(r)).toEqual([]);
  });
});
