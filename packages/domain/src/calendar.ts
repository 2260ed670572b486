/**
 * The participant portal's calendar languages and SMS defaults (001 §9; decision D-121-calendar-and-sms).
 * The spec fixes the count (45 codes) and the +1 country code; the codes and the number are ours.
 */

/**
 * The 45 languages the portal's dates (month and weekday names, day order) are written in: the study
 * languages of the countries trials run in most, each with complete CLDR calendar data in every browser.
 */
// biome-ignore format: ten per line reads as a count
export const CALENDAR_LANGUAGES = [
  'ar', 'bg', 'bn', 'ca', 'cs', 'da', 'de', 'el', 'en', 'es',
  'et', 'fa', 'fi', 'fr', 'he', 'hi', 'hr', 'hu', 'id', 'it',
  'ja', 'ko', 'lt', 'lv', 'ms', 'nb', 'nl', 'pl', 'pt', 'pt-BR',
  'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'sw', 'ta', 'th', 'fil',
  'tr', 'uk', 'vi', 'zh', 'zh-TW',
] as const;

/**
 * The calendar language for a participant's language culture: itself when listed (case-blind), else its base
 * language when listed ('es-MX' → 'es'), else English — never a half-translated calendar.
 */
export function calendarLanguage(culture: string | null | undefined): string {
  const wanted = String(culture ?? '')
    .trim()
    .replace('_', '-')
    .toLowerCase();
  const listed = (code: string) => CALENDAR_LANGUAGES.find((c) => c.toLowerCase() === code);
  return listed(wanted) ?? listed(wanted.split('-')[0] ?? '') ?? 'en';
}

/** The country code of the default SMS number and of a phone number typed without one (the US, 001 §9). */
export const DEFAULT_SMS_COUNTRY_CODE = '+1';
/**
 * The number study texts come from when the deployment names none (`SMS_FROM`): a +1 number of the range
 * reserved for fiction (555-01xx), so a test or demo message never appears to come from a real line.
 */
export const DEFAULT_SMS_NUMBER = `${DEFAULT_SMS_COUNTRY_CODE}2025550100`;
