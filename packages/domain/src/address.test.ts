import { describe, expect, it } from 'vitest';
import { placeLine } from './address';

describe('placeLine', () => {
  it('writes "city, state postal code" with only the parts on record', () => {
    expect(placeLine('Boston', 'MA', '02114')).toBe('Boston, MA 02114');
    expect(placeLine('Madrid', '', '28001')).toBe('Madrid 28001');
    expect(placeLine(' Boston ', null, undefined)).toBe('Boston');
    expect(placeLine('', 'MA', '')).toBe('MA');
    expect(placeLine(null, null, null)).toBe('');
  });
});
