import { describe, expect, it } from 'vitest';
import { prototypeToken, searchOfHash, studyQuery } from './prototype';

function fakeStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  } as unknown as Storage;
}

describe('a prototype link (decision 0043)', () => {
  it('takes the token from the link and keeps it for the tab, per study', () => {
    const s = fakeStorage();
    expect(prototypeToken('DEMO', '?prototype=abc', s)).toBe('abc');
    expect(prototypeToken('demo', '', s)).toBe('abc');
    expect(prototypeToken('SLEEP', '', s)).toBeNull();
    expect(prototypeToken('DEMO', '?prototype=def', s)).toBe('def');
  });

  it('reads the query of the hash route', () => {
    expect(searchOfHash('#/participants/web/DEMO/language?prototype=abc')).toBe('?prototype=abc');
    expect(searchOfHash('#/participants/web/DEMO/language')).toBe('');
  });

  it('asks the study call for the prototype only when there is one', () => {
    expect(studyQuery('abc')).toEqual({ prototype: 'abc' });
    expect(studyQuery(null)).toEqual({});
  });
});
