/**
 * Which language and country the selection screen starts with (spec 001 §9: default language en,
 * default country US), given what the study offers and what this browser chose before.
 */
import { DEFAULT_COUNTRY, DEFAULT_LANGUAGE } from '@trialpath/domain';

export interface LanguageOption {
  language_culture: string;
  display_name: string;
  is_default: boolean;
}
export interface CountryOption {
  isoCode2: string;
  name: string;
  default: boolean;
  active: boolean;
  sortOrder: number;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function initialLanguage(languages: readonly LanguageOption[], stored: string | null): string {
  const pick = (code: string | null | undefined) =>
    code ? languages.find((l) => same(l.language_culture, code))?.language_culture : undefined;
  return (
    pick(stored) ??
    pick(DEFAULT_LANGUAGE) ??
    languages.find((l) => l.is_default)?.language_culture ??
    languages[0]?.language_culture ??
    DEFAULT_LANGUAGE
  );
}

/** Active countries in the study's order (sortOrder, then name in the given language). */
export function selectableCountries(countries: readonly CountryOption[], lang = 'en'): CountryOption[] {
  return countries
    .filter((c) => c.active)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, lang));
}

export function initialCountry(countries: readonly CountryOption[], stored: string | null): string {
  const active = countries.filter((c) => c.active);
  const pick = (code: string | null | undefined) =>
    code ? active.find((c) => same(c.isoCode2, code))?.isoCode2 : undefined;
  return (
    pick(stored) ??
    pick(DEFAULT_COUNTRY) ??
    active.find((c) => c.default)?.isoCode2 ??
    active[0]?.isoCode2 ??
    DEFAULT_COUNTRY
  );
}
