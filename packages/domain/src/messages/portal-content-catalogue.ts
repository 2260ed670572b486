/**
 * Messages of the participant portal's content (001 §7, §8; decisions D-069, D-117): the documents' titles, a
 * content address that no longer works, and the display texts of the schedule's two failure markers, which
 * the spec names without texts. A table of its own that joins the catalogue when
 * `registerPortalContentMessages` runs (the server, the portal's content pages), so the portal's first load
 * does not carry it.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const PORTAL_CONTENT_MESSAGES = {
  'portalContent.agreement': { en: 'Agreement', es: 'Acuerdo' },
  'portalContent.studyOverview': { en: 'Study overview', es: 'Resumen del estudio' },
  'portalContent.licenseAgreement': { en: 'Licence agreement', es: 'Acuerdo de licencia' },
  'portalContent.privacyPolicy': { en: 'Privacy policy', es: 'Política de privacidad' },
  'portalContent.noVersion': {
    en: 'This study has no published version yet.',
    es: 'Este estudio aún no tiene una versión publicada.',
  },
  /** The bitrise-data-problem marker (D-116, D-117): the server answered, but not with a usable schedule. */
  'portalContent.scheduleDataProblem': {
    en: 'Your schedule could not be loaded because of a problem with the study data. Please try again later; if it keeps happening, contact your study team.',
    es: 'No se ha podido cargar su calendario por un problema con los datos del estudio. Inténtelo de nuevo más tarde; si sigue ocurriendo, póngase en contacto con su equipo del estudio.',
  },
  /** The network-error marker (D-116, D-117): no answer from the server at all. */
  'portalContent.scheduleNetworkError': {
    en: 'Your schedule could not be loaded: there is no connection to the study server. Check your internet connection and try again.',
    es: 'No se ha podido cargar su calendario: no hay conexión con el servidor del estudio. Compruebe su conexión a internet e inténtelo de nuevo.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** Adds the portal content messages to the catalogue (again is harmless): the callers that show them call it. */
export function registerPortalContentMessages(): void {
  registerMessages(PORTAL_CONTENT_MESSAGES);
}

registerPortalContentMessages();
