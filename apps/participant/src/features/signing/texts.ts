/**
 * The signing pages' texts (participant documents to sign; decision E-participant-documents) and home's link to them,
 * in their own i18next namespace added when this module loads — never with the portal's first load (budget 150 kB).
 */
import { addFeatureTexts } from '../../i18n';

const en = {
  title: 'Documents to sign',
  homeLink: 'Documents to sign',
  loadFailed: 'Your documents could not be loaded.',
  empty: 'No documents were sent to you.',
  waiting: 'Waiting for your signature',
  signedOn: 'Signed on {{date}}',
  completed: 'Signed',
  sharedOnly: 'For you to read',
  open: 'Open {{title}}',
  back: 'Back to my documents',
  readHint: 'Read the document before you sign it.',
  viewer: 'Document {{title}}',
  download: 'Download the document',
  downloadSigned: 'Download the signed PDF',
  meaningHeading: 'What your signature means',
  acceptMeaning: 'I understand and accept what my signature means',
  acceptMeaningRequired: 'Accept what your signature means to sign.',
  typedName: 'Your full name',
  typedNameRequired: 'Type your full name.',
  drawHint: 'You may also draw your signature (optional).',
  drawArea: 'Signature area: draw your signature with a mouse, pen or finger',
  clear: 'Clear',
  drawn: 'Signature drawn',
  notDrawn: 'Nothing drawn yet',
  password: 'Your password',
  passwordRequired: 'Enter your password to sign.',
  sign: 'Sign',
  signed: 'Thank you. Your signature was saved.',
  decline: 'I do not want to sign now',
  declineReason: 'Tell the study team why (optional)',
  declineConfirm: 'Decline',
  declined: 'The study team was told that you did not sign.',
  cancel: 'Cancel',
};

type Texts = { [K in keyof typeof en]: string };

const es: Texts = {
  title: 'Documentos para firmar',
  homeLink: 'Documentos para firmar',
  loadFailed: 'No se han podido cargar sus documentos.',
  empty: 'No se le ha enviado ningún documento.',
  waiting: 'Pendiente de su firma',
  signedOn: 'Firmado el {{date}}',
  completed: 'Firmado',
  sharedOnly: 'Para que lo lea',
  open: 'Abrir {{title}}',
  back: 'Volver a mis documentos',
  readHint: 'Lea el documento antes de firmarlo.',
  viewer: 'Documento {{title}}',
  download: 'Descargar el documento',
  downloadSigned: 'Descargar el PDF firmado',
  meaningHeading: 'Qué significa su firma',
  acceptMeaning: 'Entiendo y acepto lo que significa mi firma',
  acceptMeaningRequired: 'Acepte lo que significa su firma para firmar.',
  typedName: 'Su nombre completo',
  typedNameRequired: 'Escriba su nombre completo.',
  drawHint: 'También puede dibujar su firma (opcional).',
  drawArea: 'Área de firma: dibuje su firma con el ratón, un lápiz o el dedo',
  clear: 'Borrar',
  drawn: 'Firma dibujada',
  notDrawn: 'Todavía no hay nada dibujado',
  password: 'Su contraseña',
  passwordRequired: 'Introduzca su contraseña para firmar.',
  sign: 'Firmar',
  signed: 'Gracias. Su firma se ha guardado.',
  decline: 'No quiero firmar ahora',
  declineReason: 'Indique al equipo del estudio el motivo (opcional)',
  declineConfirm: 'Rechazar',
  declined: 'Se ha informado al equipo del estudio de que no ha firmado.',
  cancel: 'Cancelar',
};

export const SIGNING_NS = 'signing';
export const SIGNING_TEXTS = { en, es } as const;

addFeatureTexts(SIGNING_TEXTS, SIGNING_NS);
