/**
 * The consent screens' static strings (key group `consent`), English and Spanish. They arrive with the
 * consent code (on demand, like the tasks screens' texts) instead of in the first load's en.ts, and are
 * added to the portal's i18next when this module loads. The consent flow's own texts are packages/ui's.
 */
import { i18next } from '../../i18n';

export const consentEn = {
  title: 'Consent',
  progress: 'Consent {{n}} of {{m}}',
  reconsent: 'The study has changed this consent. Please read it and sign it again.',
  loadFailed: 'Your consents could not be loaded.',
  signFailed: 'Your signature could not be saved. Please try again.',
  none: 'This study has no consent for you to sign.',
  cohort: {
    title: 'Choose your group',
    intro:
      'This study has more than one group of participants. Choose the group you and your study team agreed on: you then read and sign the consents of that group. Once chosen, the group cannot be changed here.',
    label: 'Study groups',
    continue: 'Continue',
    required: 'Choose a group to go on.',
    failed: 'Your group could not be saved. Please try again.',
  },
  done: {
    title: 'Thank you for signing',
    text: 'Every consent is signed. You can download a copy of each one.',
    signedTitle: 'Your signed consents',
    signedText: 'Every consent is signed. You can download a copy of each one at any time.',
  },
  signed: {
    at: 'Signed on {{at}} as {{name}}',
    countersigned: 'Countersigned by the investigator on {{at}}',
    waiting: 'Waiting for the investigator’s countersignature',
    download: 'Download signed PDF',
    downloadNamed: 'Download signed PDF: {{name}}',
    downloadFailed: 'The PDF could not be downloaded. Please try again.',
  },
  home: {
    title: 'Please sign your consent',
    text: 'Before your study activities start, read the study’s consent and sign it.',
    reconsent: 'The study has changed a consent you signed. Please read it and sign it again.',
    action: 'Read and sign',
    link: 'Your signed consents',
  },
} as const;

type TextsLike<T> = { [K in keyof T]: T[K] extends string ? string : TextsLike<T[K]> };

export const consentEs: TextsLike<typeof consentEn> = {
  title: 'Consentimiento',
  progress: 'Consentimiento {{n}} de {{m}}',
  reconsent: 'El estudio ha cambiado este consentimiento. Léalo y fírmelo de nuevo.',
  loadFailed: 'No se han podido cargar sus consentimientos.',
  signFailed: 'No se ha podido guardar su firma. Inténtelo de nuevo.',
  none: 'Este estudio no tiene ningún consentimiento que deba firmar.',
  cohort: {
    title: 'Elija su grupo',
    intro:
      'Este estudio tiene más de un grupo de participantes. Elija el grupo que acordó con el equipo del estudio: después leerá y firmará los consentimientos de ese grupo. Una vez elegido, el grupo no se puede cambiar aquí.',
    label: 'Grupos del estudio',
    continue: 'Continuar',
    required: 'Elija un grupo para continuar.',
    failed: 'No se ha podido guardar su grupo. Inténtelo de nuevo.',
  },
  done: {
    title: 'Gracias por firmar',
    text: 'Todos los consentimientos están firmados. Puede descargar una copia de cada uno.',
    signedTitle: 'Sus consentimientos firmados',
    signedText: 'Todos los consentimientos están firmados. Puede descargar una copia de cada uno en cualquier momento.',
  },
  signed: {
    at: 'Firmado el {{at}} como {{name}}',
    countersigned: 'Refrendado por el investigador el {{at}}',
    waiting: 'Pendiente del refrendo del investigador',
    download: 'Descargar PDF firmado',
    downloadNamed: 'Descargar PDF firmado: {{name}}',
    downloadFailed: 'No se ha podido descargar el PDF. Inténtelo de nuevo.',
  },
  home: {
    title: 'Firme su consentimiento',
    text: 'Antes de que empiecen las actividades del estudio, lea el consentimiento del estudio y fírmelo.',
    reconsent: 'El estudio ha cambiado un consentimiento que usted firmó. Léalo y fírmelo de nuevo.',
    action: 'Leer y firmar',
    link: 'Sus consentimientos firmados',
  },
};

/**
 * Add the strings to i18next (now, or once it has started). The Spanish ones join the portal's Spanish
 * strings once those are there: added before them, they would make the portal think Spanish is loaded.
 */
export function registerConsentTexts(): void {
  let esAdded = false;
  const addEs = () => {
    if (esAdded) return;
    esAdded = true;
    i18next.addResourceBundle('es', 'translation', { consent: consentEs }, true, true);
  };
  const add = () => {
    i18next.addResourceBundle('en', 'translation', { consent: consentEn }, true, true);
    if (i18next.hasResourceBundle('es', 'translation')) addEs();
    else
      i18next.store.on('added', (lng: string) => {
        if (lng === 'es') addEs();
      });
  };
  if (i18next.isInitialized) add();
  else i18next.on('initialized', add);
}

registerConsentTexts();
