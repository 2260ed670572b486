/**
 * Messages of forced spirometry (C-019, decision 0045): why an effort is not used, the session's warnings,
 * the meaning of each ATS/ERS 2019 grade letter, and the refusal of the settings section. Joined into
 * STUDY_MESSAGES (study-catalogue.ts), so they register and type with the rest of the study build's messages.
 */
import type { CatalogueEntry } from './catalogue';

export const SPIROMETRY_MESSAGES = {
  // ── an effort that is not used ─────────────────────────────────────────────────────────────
  'spirometry.fvcImplausible': {
    en: 'Effort {effort}: the FVC must be a number from {min} to {max} L. This effort is not used.',
    es: 'Esfuerzo {effort}: la FVC debe ser un número de {min} a {max} L. Este esfuerzo no se utiliza.',
  },
  'spirometry.fev1Implausible': {
    en: 'Effort {effort}: the FEV1 must be a number from {min} to {max} L. This effort is not used.',
    es: 'Esfuerzo {effort}: el FEV1 debe ser un número de {min} a {max} L. Este esfuerzo no se utiliza.',
  },
  'spirometry.fev1AboveFvc': {
    en: 'Effort {effort}: the FEV1 ({fev1} L) is greater than the FVC ({fvc} L), which cannot be. This effort is not used.',
    es: 'Esfuerzo {effort}: el FEV1 ({fev1} L) es mayor que la FVC ({fvc} L), lo que no es posible. Este esfuerzo no se utiliza.',
  },
  'spirometry.pefImplausible': {
    en: 'Effort {effort}: the PEF must be a number from {min} to {max} L/s. This effort is not used.',
    es: 'Esfuerzo {effort}: el PEF debe ser un número de {min} a {max} L/s. Este esfuerzo no se utiliza.',
  },
  // ── the session's warnings ─────────────────────────────────────────────────────────────────
  'spirometry.tooFewEfforts': {
    en: 'Only {count} efforts were entered: the session needs at least {min}.',
    es: 'Solo se han introducido {count} esfuerzos: la sesión necesita al menos {min}.',
  },
  'spirometry.tooManyEfforts': {
    en: '{count} efforts were entered: the session allows at most {max}.',
    es: 'Se han introducido {count} esfuerzos: la sesión admite como máximo {max}.',
  },
  'spirometry.lowRatio': {
    en: 'FEV1/FVC is {ratio} %, below {threshold} %: flag it for the investigator.',
    es: 'El FEV1/FVC es {ratio} %, por debajo del {threshold} %: señálelo al investigador.',
  },
  // ── ATS/ERS 2019 grades, per measure ───────────────────────────────────────────────────────
  'spirometry.grade.A': {
    en: '3 or more acceptable efforts, the two largest within {tolerance} mL.',
    es: '3 o más esfuerzos aceptables, los dos mayores con una diferencia de {tolerance} mL como máximo.',
  },
  'spirometry.grade.B': {
    en: '2 acceptable efforts within {tolerance} mL.',
    es: '2 esfuerzos aceptables con una diferencia de {tolerance} mL como máximo.',
  },
  'spirometry.grade.C': {
    en: '2 or more acceptable efforts, the two largest within 200 mL.',
    es: '2 o más esfuerzos aceptables, los dos mayores con una diferencia de 200 mL como máximo.',
  },
  'spirometry.grade.D': {
    en: '2 or more acceptable efforts, the two largest within 250 mL.',
    es: '2 o más esfuerzos aceptables, los dos mayores con una diferencia de 250 mL como máximo.',
  },
  'spirometry.grade.E': {
    en: '2 or more acceptable efforts more than 250 mL apart, or only 1 acceptable effort.',
    es: '2 o más esfuerzos aceptables con más de 250 mL de diferencia, o un solo esfuerzo aceptable.',
  },
  'spirometry.grade.F': {
    en: 'No acceptable effort.',
    es: 'Ningún esfuerzo aceptable.',
  },
  // ── the settings section ───────────────────────────────────────────────────────────────────
  'spirometry.maxBelowMin': {
    en: 'The most efforts cannot be fewer than the fewest ({min}).',
    es: 'El máximo de esfuerzos no puede ser menor que el mínimo ({min}).',
  },
} as const satisfies Record<string, CatalogueEntry>;
