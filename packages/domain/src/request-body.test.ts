import { describe, expect, it } from 'vitest';
import { cleanRequestBody } from './request-body';

describe('cleanRequestBody (A-164)', () => {
  it('drops members without a value deeply and keeps everything else', () => {
    const file = new Uint8Array([1]);
    const date = new Date(0);
    const body = {
      a: undefined,
      b: null,
      c: '',
      d: 0,
      e: false,
      f: { g: undefined, h: [1, undefined, { i: undefined, j: 1 }] },
      file,
      date,
    };
    const out = cleanRequestBody(body);
    expect(out).toEqual({ b: null, c: '', d: 0, e: false, f: { h: [1, null, { j: 1 }] }, file, date });
    expect('a' in out).toBe(false);
    expect(out.file).toBe(file);
    expect(body.a).toBeUndefined();
    expect('a' in body).toBe(true);
  });

  it('drops NaN and ±Infinity members, which JSON would send as null ("clear this field")', () => {
    const body = {
      weight: Number.NaN,
      height: Number.POSITIVE_INFINITY,
      depth: -0,
      nested: { n: Number.NEGATIVE_INFINITY },
    };
    expect(JSON.parse(JSON.stringify(cleanRequestBody(body)))).toEqual({ depth: 0, nested: {} });
    expect(cleanRequestBody([1, Number.NaN, 3])).toEqual([1, null, 3]);
  });

  it.each([[null], [undefined], [3], ['x']])('passes %j through', (v) => {
    expect(cleanRequestBody(v)).toBe(v);
  });
});
