import { describe, expect, it } from 'vitest';
import { initialCountry, initialLanguage, selectableCountries } from './choice';

const languages = [
  { language_culture: 'en', display_name: 'English', is_default: true },
  { language_culture: 'es', display_name: 'Español', is_default: false },
];
const country = (isoCode2: string, name: string, sortOrder: number, extra = {}) => ({
  isoCode2,
  name,
  sortOrder,
  default: false,
  active: true,
  ...extra,
});
const countries = [
  country('ES', 'Spain', 2),
  country('US', 'United States', 1, { default: true }),
  country('FR', 'France', 3, { active: false }),
];

describe('language and country defaults (spec 001 §9: en / US)', () => {
  it('starts with the stored choice when the study offers it', () => {
    expect(initialLanguage(languages, 'es')).toBe('es');
    expect(initialLanguage(languages, 'ES')).toBe('es');
    expect(initialCountry(countries, 'es')).toBe('ES');
  });

  it('falls back to en / US, then the study default, then the first', () => {
    expect(initialLanguage(languages, null)).toBe('en');
    expect(initialLanguage(languages, 'fr')).toBe('en');
    expect(
      initialLanguage(
        [
          { language_culture: 'de', display_name: 'Deutsch', is_default: false },
          { language_culture: 'fr', display_name: 'Français', is_default: true },
        ],
        null,
      ),
    ).toBe('fr');
    expect(initialLanguage([], null)).toBe('en');
    expect(initialCountry(countries, null)).toBe('US');
    expect(initialCountry(countries, 'FR')).toBe('US');
    expect(initialCountry([country('ES', 'Spain', 1)], null)).toBe('ES');
  });

  it('lists the active countries in the study order', () => {
    expect(selectableCountries(countries).map((c) => c.isoCode2)).toEqual(['US', 'ES']);
  });
});
