import { describe, expect, it } from 'vitest';
import { csvField, csvLine, joinValues } from './csv';

describe('csv', () => {
  it('quotes by RFC 4180 and writes empty cells for missing values', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
    expect(csvField(3.5)).toBe('3.5');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('makes formulas inert but keeps plain numbers numeric', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('-12')).toBe('-12');
    expect(csvField('-3.5')).toBe('-3.5');
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', null, 1])).toBe('a,,1\r\n');
    expect(csvLine([])).toBe('\r\n');
  });

  it('joins several values with | and escapes | and \\ inside them', () => {
    expect(joinValues([])).toBe('');
    expect(joinValues(['a', 'b'])).toBe('a|b');
    expect(joinValues(['a|b', 'c\\d'])).toBe('a\\|b|c\\\\d');
  });
});
