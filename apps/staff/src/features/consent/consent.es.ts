import type { TextsLike } from '../../shared/feature';
import type en from './consent.en';

/** The consent namespace in Spanish (the same keys as the English file). */
const texts: TextsLike<typeof en> = {
  page: {
    title: 'Consentimientos del participante',
    intro:
      'Los consentimientos de la versión del estudio del participante: si cada uno está firmado, por quién y cuándo, y el refrendo del investigador. Los consentimientos firmados se pueden descargar en PDF.',
    participant: 'Registro del participante {{id}}',
    study: 'Estudio',
    loadError: 'No se han podido cargar los consentimientos del participante.',
    retry: 'Reintentar',
    noVersion: 'El participante aún no tiene versión del estudio, así que no hay consentimientos que firmar.',
    empty: 'La versión del estudio del participante no tiene consentimientos.',
  },
  table: {
    label: 'Consentimientos del participante',
    consent: 'Consentimiento',
    status: 'Estado',
    signedAt: 'Firmado el',
    signedName: 'Nombre firmado',
    countersignedBy: 'Refrendado por',
    countersignedAt: 'Refrendado el',
    actions: 'Acciones',
    earlier: 'Firma anterior (versión {{number}})',
  },
  status: {
    UNSIGNED: 'Sin firmar',
    SIGNED: 'Firmado',
    RECONSENT_REQUIRED: 'Requiere nuevo consentimiento',
  },
  actions: {
    download: 'Descargar PDF',
    downloadOf: 'Descargar PDF: {{name}}',
    downloadFailed: 'No se ha podido descargar el PDF.',
    countersign: 'Refrendar',
    countersignOf: 'Refrendar: {{name}}',
  },
  countersign: {
    title: 'Refrendar «{{name}}»',
    intro: 'El participante {{participant}} firmó este consentimiento el {{date}}. Refréndelo como investigador.',
    meaningHeading: 'Qué significa su firma',
    accept: 'He leído y acepto el significado de mi firma',
    acceptRequired: 'Acepte el significado de su firma para firmar.',
    password: 'Su contraseña',
    passwordHint: 'Introduzca la contraseña con la que inicia sesión: confirma que es usted quien firma.',
    passwordRequired: 'Introduzca su contraseña.',
    submit: 'Refrendar',
    cancel: 'Cancelar',
    failed: 'No se ha podido guardar el refrendo.',
    done: '«{{name}}» está refrendado.',
  },
};

export default texts;
