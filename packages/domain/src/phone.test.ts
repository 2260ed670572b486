import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhoneDisplay, formatPhoneNational, phoneDigits, telHref, withLeadingPlus } from './phone';

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

describe('formatPhone (001 §4: "Phone is formatted as (xxx) xxx-xxxx")', () => {
  it.each([
    // US-style: +1 or no country code, 10 digits (or 11 with the leading 1), however typed
    ['+1', '5551234567', '(555) 123-4567'],
    ['1', '555.123.4567', '(555) 123-4567'],
    [null, '(555) 123-4567', '(555) 123-4567'],
    [undefined, '1 555 123 4567', '(555) 123-4567'],
    [null, '+1 555 123 4567', '(555) 123-4567'],
    ['+44', '+1-555-123-4567', '(555) 123-4567'],
    [1, 5551234567, '(555) 123-4567'],
    // any other: international form, the number as typed
    ['+44', '20 7946 0958', '+44 20 7946 0958'],
    ['44', '20  7946\t0958', '+44 20 7946 0958'],
    ['+34', '932 27 54 00', '+34 932 27 54 00'],
    ['+52', '5551234567', '+52 5551234567'],
    ['+1', '555 1234', '+1 555 1234'],
    [null, '+44 20 7946 0958', '+44 20 7946 0958'],
    ['+34', '+44 20 7946 0958', '+44 20 7946 0958'],
    [null, '+12 345 678', '+12 345 678'],
    // no country code and not US-style: its country is unknown, shown as typed
    [null, '932 27 54 00', '932 27 54 00'],
    ['', '12345', '12345'],
    // nothing to show
    ['+1', '', ''],
    [null, '   ', ''],
    [null, null, ''],
  ])('%j %j → %j', (cc, n, out) => expect(formatPhone(cc, n)).toBe(out));
});

describe('telHref', () => {
  it.each([
    ['+1', '(555) 123-4567', 'tel:+15551234567'],
    [null, '5551234567', 'tel:+15551234567'],
    [null, '1-555-123-4567', 'tel:+15551234567'],
    ['44', '20 7946 0958', 'tel:+442079460958'],
    [null, '+44 20 7946 0958', 'tel:+442079460958'],
    ['+1', '555 1234', 'tel:+15551234'],
    [null, '932 27 54 00', 'tel:932275400'],
    [null, 'ask at the desk', null],
    [null, null, null],
  ])('%j %j → %j', (cc, n, out) => expect(telHref(cc, n)).toBe(out));
});
