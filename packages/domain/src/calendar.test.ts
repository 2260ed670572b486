import { describe, expect, it } from 'vitest';
import { CALENDAR_LANGUAGES, calendarLanguage, DEFAULT_SMS_COUNTRY_CODE, DEFAULT_SMS_NUMBER } from './calendar';

describe('calendar languages (001 §9: a list of 45 codes)', () => {
  it('lists 45 distinct codes, English among them, each one Intl knows', () => {
    expect(CALENDAR_LANGUAGES).toHaveLength(45);
    expect(new Set(CALENDAR_LANGUAGES.map((c) => c.toLowerCase())).size).toBe(45);
    expect(CALENDAR_LANGUAGES).toContain('en');
    for (const code of CALENDAR_LANGUAGES) expect(Intl.DateTimeFormat.supportedLocalesOf([code])).toEqual([code]);
  });

  it('takes the culture itself, else its base language, else English', () => {
    expect(calendarLanguage('de')).toBe('de');
    expect(calendarLanguage('PT-br')).toBe('pt-BR');
    expect(calendarLanguage('zh_TW')).toBe('zh-TW');
    expect(calendarLanguage('es-MX')).toBe('es');
    expect(calendarLanguage('gsw')).toBe('en');
    expect(calendarLanguage('')).toBe('en');
    expect(calendarLanguage(null)).toBe('en');
  });
});

describe('the default SMS number (001 §9: a fixed code with country code +1)', () => {
  it('is a +1 number of the range reserved for fiction', () => {
    expect(DEFAULT_SMS_COUNTRY_CODE).toBe('+1');
    expect(DEFAULT_SMS_NUMBER).toMatch(/^\+1\d{3}55501\d{2}$/);
  });
});
