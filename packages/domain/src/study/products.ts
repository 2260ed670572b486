/**
 * A study's products (002 §3 "core fields … products"; decision 0042): the parts of Trialpath a study
 * uses. They are the product entries of the study's features map, so the toggled-features call
 * and the portal's navigation follow them; other features (caregiver …) are kept as they are.
 */
import { z } from 'zod';

export const STUDY_PRODUCTS = ['eConsent', 'ePro', 'edc', 'telehealth', 'analytics'] as const;
export type StudyProduct = (typeof STUDY_PRODUCTS)[number];
export const StudyProductSchema = z.enum(STUDY_PRODUCTS);

/** The products switched on in a features map, in the catalogue's order. */
export function productsOf(features: Readonly<Record<string, unknown>> | null | undefined): StudyProduct[] {
  return STUDY_PRODUCTS.filter((p) => features?.[p] === true);
}

/** The features map with exactly these products on (every other product off); other features unchanged. */
export function withProducts(
  features: Readonly<Record<string, unknown>> | null | undefined,
  products: readonly StudyProduct[],
): Record<string, unknown> {
  return { ...(features ?? {}), ...productFlags(products) };
}

/** Every product as an on/off flag (the product part of a features map). */
export function productFlags(products: readonly StudyProduct[]): Record<StudyProduct, boolean> {
  return Object.fromEntries(STUDY_PRODUCTS.map((p) => [p, products.includes(p)])) as Record<StudyProduct, boolean>;
}
