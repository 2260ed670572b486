/**
 * Home's links to the study's documents (D-036, D-037), in their own i18next namespace added when this module
 * loads — with home or the documents page, never with the portal's first load (budget 150 kB, decision 0011).
 * The documents' own titles come with the documents, in the participant's language.
 */
import { i18next } from '../../i18n';

export const DOCUMENTS_NS = 'documents';

const TEXTS = {
  en: { overview: 'About the study', documents: 'Privacy policy and licence agreement' },
  es: { overview: 'Sobre el estudio', documents: 'Política de privacidad y acuerdo de licencia' },
} as const;

/** Add the strings to i18next (now, or once it has started: a test may import this first). */
function registerDocumentTexts(): void {
  const add = () => {
    for (const [lang, texts] of Object.entries(TEXTS))
      i18next.addResourceBundle(lang, DOCUMENTS_NS, texts, true, false);
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerDocumentTexts();
