import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('finds links and leaves sentence punctuation outside', () => {
    expect(linkify('Reset: http://localhost:3000/#/reset-password/abc. Thanks')).toEqual([
      { kind: 'text', text: 'Reset: ' },
      { kind: 'link', href: 'http://localhost:3000/#/reset-password/abc' },
      { kind: 'text', text: '. Thanks' },
    ]);
    expect(linkify('no links')).toEqual([{ kind: 'text', text: 'no links' }]);
  });
});
