/**
 * Epic MyChart / SMART on FHIR link (issue 14; H-036, H-037; decision H-epic-mychart): the server's messages about a
 * study's EHR link and participants' connections. Registered through `@trialpath/domain/staff-messages`; the server
 * writes them into its answers in the caller's language, so the participant portal needs no copy.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const EHR_MESSAGES = {
  'ehr.notConfigured': {
    en: 'This study does not link health records.',
    es: 'Este estudio no vincula historias clínicas.',
  },
  'ehr.baseUrlInvalid': {
    en: 'Enter the FHIR base address as an https address (http only for this machine).',
    es: 'Introduzca la dirección base FHIR como dirección https (http solo para esta máquina).',
  },
  'ehr.scopesInvalid': {
    en: 'The scopes must include launch/patient and at least one patient/… read scope.',
    es: 'Los ámbitos deben incluir launch/patient y al menos un ámbito de lectura patient/….',
  },
  'ehr.discoveryFailed': {
    en: 'The SMART configuration could not be read: {reason}',
    es: 'No se ha podido leer la configuración SMART: {reason}',
  },
  'ehr.stateInvalid': {
    en: 'This health-record link is not valid or was already used. Start again from the study portal.',
    es: 'Este enlace de historia clínica no es válido o ya se ha usado. Vuelva a empezar desde el portal del estudio.',
  },
  'ehr.notConnected': {
    en: 'Your health record is not connected.',
    es: 'Su historia clínica no está conectada.',
  },
  'ehr.providerRefused': {
    en: 'The health-record system refused the request: {reason}',
    es: 'El sistema de historias clínicas rechazó la solicitud: {reason}',
  },
  'ehr.providerUnavailable': {
    en: 'The health-record system could not be reached. Please try again later.',
    es: 'No se ha podido contactar con el sistema de historias clínicas. Inténtelo de nuevo más tarde.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(EHR_MESSAGES);
