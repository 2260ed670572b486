import { describe, expect, it } from 'vitest';
import { productsOf, STUDY_PRODUCTS, StudyProductSchema, withProducts } from './products';

describe('study products (C-078)', () => {
  it('are the product entries of the features map that are on, in the catalogue order', () => {
    expect(productsOf({ telehealth: true, eConsent: true, caregiver: true, edc: false })).toEqual([
      'eConsent',
      'telehealth',
    ]);
    expect(productsOf(null)).toEqual([]);
    expect(productsOf({ ePro: 'yes' })).toEqual([]);
  });

  it('set every product on or off and keep the other features', () => {
    expect(withProducts({ caregiver: true, telehealth: true }, ['edc'])).toEqual({
      caregiver: true,
      eConsent: false,
      ePro: false,
      edc: true,
      telehealth: false,
      analytics: false,
    });
  });

  it('accept only the catalogue', () => {
    expect(StudyProductSchema.safeParse('edc').success).toBe(true);
    expect(StudyProductSchema.safeParse('caregiver').success).toBe(false);
    expect(new Set(STUDY_PRODUCTS).size).toBe(STUDY_PRODUCTS.length);
  });
});
