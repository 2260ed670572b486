import { describe, expect, it } from 'vitest';
import { formatPhoneDisplay, formatPhoneNational, phoneDigits, withLeadingPlus } from './phone';

describe('withLeadingPlus', () => {
  it.each([
    ['1', '+1'],
    ['+44', '+44'],
    [' 91 ', '+91'],
    [52, '+52'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (cc, out) => expect(withLeadingPlus(cc)).toBe(out));
});

describe('formatPhoneDisplay', () => {
  it.each([
    ['5551234567', undefined, '+1 (555) 123-4567'],
    ['(555) 123-4567', undefined, '+1 (555) 123-4567'],
    ['15551234567', undefined, '+1 (555) 123-4567'],
    ['5551234567', '44', '+44 (555) 123-4567'],
    ['5551234567', '+52', '+52 (555) 123-4567'],
    [5551234567, null, '+1 (555) 123-4567'],
    ['12345', undefined, '12345'],
    ['12345', '49', '+49 12345'],
    ['', undefined, ''],
    [null, undefined, ''],
  ])('%j %j → %j', (n, cc, out) => expect(formatPhoneDisplay(n, cc)).toBe(out));

  it('formats national numbers', () => {
    expect(formatPhoneNational('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhoneNational('123')).toBe('123');
    expect(formatPhoneNational(undefined)).toBe('');
    expect(phoneDigits(null)).toBe('');
  });
});
