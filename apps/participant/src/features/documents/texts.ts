/**
 * Home's links to the study's documents (D-036, D-037), in their own i18next namespace added when this module
 * loads — with home or the documents page, never with the portal's first load (budget 150 kB, decision 0011).
 * The documents' own titles come with the documents, in the participant's language.
 */
import { addFeatureTexts } from '../../i18n';

export const DOCUMENTS_NS = 'documents';

const TEXTS = {
  en: { overview: 'About the study', documents: 'Privacy policy and licence agreement' },
  es: { overview: 'Sobre el estudio', documents: 'Política de privacidad y acuerdo de licencia' },
} as const;

addFeatureTexts(TEXTS, DOCUMENTS_NS);
