import { describe, expect, it } from 'vitest';
import { emptyRecord, ownValue } from './records';

describe('records keyed by identifier (issue 7)', () => {
  it('have no prototype: __proto__ and constructor are ordinary keys, in insertion order', () => {
    const r = emptyRecord<number>();
    for (const [i, k] of ['b', '__proto__', 'constructor', 'a'].entries()) r[k] = i;
    expect(Object.getPrototypeOf(r)).toBeNull();
    expect(Object.keys(r)).toEqual(['b', '__proto__', 'constructor', 'a']);
    expect(JSON.stringify(r)).toBe('{"b":0,"__proto__":1,"constructor":2,"a":3}');
  });

  it('ownValue reads own keys only', () => {
    const plain: Record<string, number> = { a: 1 };
    expect(ownValue(plain, 'a')).toBe(1);
    expect(ownValue(plain, 'constructor')).toBeUndefined();
    expect(ownValue(plain, '__proto__')).toBeUndefined();
    expect(ownValue(JSON.parse('{"__proto__":2}'), '__proto__')).toBe(2);
    expect(ownValue(undefined, 'a')).toBeUndefined();
  });
});
