import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { removeElementBlocks, removeTags } from './html-scan';

// The regular expressions these replace (quadratic on hostile text; issue 7) are their definition.
const TOKENS = [
  '<',
  '>',
  ' ',
  '/',
  'a',
  '<script',
  '<SCRIPT >',
  '</script>',
  '< / script >',
  '<style',
  '</style >',
  '"',
];
const text = (maxLength: number) => fc.array(fc.constantFrom(...TOKENS), { maxLength }).map((t) => t.join(''));

describe('linear HTML removal (html-scan)', () => {
  it('removeElementBlocks gives what the block regular expressions give (property)', () => {
    fc.assert(
      fc.property(text(16), (s) => {
        expect(removeElementBlocks(s, /<(script|style)\b/gi, /<\/(script|style)\s*>/gi)).toBe(
          s.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ''),
        );
        expect(removeElementBlocks(s, /<\s*script\b/gi, /<\s*\/\s*script\s*>/gi)).toBe(
          s.replace(/<\s*script\b[^>]*>[\s\S]*?<\s*\/\s*script\s*>/gi, ''),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('removeTags gives what /<[^>]*>/g gives (property)', () => {
    fc.assert(
      fc.property(text(16), (s) => {
        expect(removeTags(s)).toBe(s.replace(/<[^>]*>/g, ''));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['unclosed openers', '<script>'.repeat(20_000), '<script>'.repeat(20_000)],
    ['openers without `>`', `${'<script '.repeat(20_000)}</script>`, `${'<script '.repeat(20_000)}</script>`],
    ['openers, one close at the end', `${'<script>'.repeat(20_000)}x</script>y`, 'y'],
    ['closes only', '</script>'.repeat(20_000), '</script>'.repeat(20_000)],
  ])('removeElementBlocks on 100,000-character text: %s', (_, input, output) => {
    expect(removeElementBlocks(input, /<\s*script\b/gi, /<\s*\/\s*script\s*>/gi)).toBe(output);
  });
});
