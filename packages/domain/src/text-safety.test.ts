import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSafeText, unsafeTextPaths } from './text-safety';

describe('safe text (NUL and lone surrogates are refused everywhere)', () => {
  it.each([
    ['plain', 'Ana María', true],
    ['emoji (a surrogate pair)', 'ok 😀', true],
    ['empty', '', true],
    ['NUL', 'a\u0000b', false],
    ['lone high surrogate', 'a\uD800', false],
    ['lone high surrogate before a letter', '\uD83Dx', false],
    ['lone low surrogate', '\uDC00a', false],
    ['reversed pair', '\uDE00\uD83D', false],
  ])('%s', (_name, text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });

  it('names the path of each unsafe string or key in a request body', () => {
    expect(
      unsafeTextPaths({
        username: 'x\u0000',
        profile: { names: ['ok', 'b\uD800'] },
        'k\u0000': 1,
        fine: 'yes',
        n: 5,
      }),
    ).toEqual(['username', 'profile.names.1', 'k\uFFFD']);
    expect(unsafeTextPaths('\u0000')).toEqual(['']);
    expect(unsafeTextPaths({ a: 'ok', b: [1, null, true] })).toEqual([]);
  });

  it('stops after the limit', () => {
    expect(
      unsafeTextPaths(
        Array.from({ length: 100 }, () => '\u0000'),
        5,
      ),
    ).toHaveLength(5);
  });

  it('agrees with the platform: a string is safe exactly when it has no NUL and is well-formed UTF-16', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const wellFormed = encodeURIComponentSafe(s);
        expect(isSafeText(s)).toBe(wellFormed && !s.includes('\u0000'));
      }),
    );
    // A hundred random strings: quick alone, but slow on a machine busy with other suites.
  }, 30_000);
});

/** encodeURIComponent throws on lone surrogates: an independent check of well-formedness. */
function encodeURIComponentSafe(s: string): boolean {
  try {
    encodeURIComponent(s);
    return true;
  } catch {
    return false;
  }
}
