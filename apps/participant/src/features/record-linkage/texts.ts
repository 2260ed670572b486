/**
 * The record-linkage screen's texts (decision D-138) and home's link to it, in their own i18next namespace added
 * when this module loads — with the screen or with home, never with the portal's first load.
 */
import { addFeatureTexts } from '../../i18n';

const en = {
  title: 'Linking your health records',
  homeLink: 'Linking your health records',
  notAsked: 'Your study does not link its data with other health records.',
  loadFailed: 'The record linkage could not be loaded.',
  agree: 'I agree',
  decline: 'No, thank you',
  agreedOn: 'You agreed on {{date}}.',
  declinedOn: 'You declined on {{date}}. Nothing about you is linked.',
  agreeAfterAll: 'I agree after all',
  withdraw: 'Withdraw my agreement',
  withdrawn: 'Your agreement is withdrawn and your linkage keys are removed.',
  detailsTitle: 'Your details for the linkage',
  detailsIntro:
    'From these details the study makes linkage keys that cannot be turned back into them. The details themselves are not kept. Fill in what you can; each key needs only some of them.',
  firstName: 'First name',
  lastName: 'Last name',
  gender: 'Sex',
  genderF: 'Female',
  genderM: 'Male',
  genderU: 'Other or rather not say',
  dob: 'Date of birth',
  address: 'Street address',
  zipcode: 'Postcode',
  email: 'E-mail',
  countryCode: 'Country code',
  phoneNumber: 'Phone number',
  save: 'Make my linkage keys',
  made_one: '{{count}} linkage key was made from your details.',
  made_other: '{{count}} linkage keys were made from your details.',
  noneMade: 'No linkage key could be made from these details. Please add more of them.',
  held_one: 'The study holds {{count}} linkage key of yours.',
  held_other: 'The study holds {{count}} linkage keys of yours.',
};

type Texts = Record<keyof typeof en, string>;

const es: Texts = {
  title: 'Vinculación de sus registros de salud',
  homeLink: 'Vinculación de sus registros de salud',
  notAsked: 'Su estudio no vincula sus datos con otros registros de salud.',
  loadFailed: 'No se ha podido cargar la vinculación de registros.',
  agree: 'Acepto',
  decline: 'No, gracias',
  agreedOn: 'Aceptó el {{date}}.',
  declinedOn: 'Lo rechazó el {{date}}. No se vincula nada sobre usted.',
  agreeAfterAll: 'Acepto, después de todo',
  withdraw: 'Retirar mi aceptación',
  withdrawn: 'Su aceptación se ha retirado y sus claves de vinculación se han eliminado.',
  detailsTitle: 'Sus datos para la vinculación',
  detailsIntro:
    'Con estos datos el estudio crea claves de vinculación que no permiten recuperarlos. Los datos en sí no se guardan. Rellene lo que pueda; cada clave necesita solo algunos.',
  firstName: 'Nombre',
  lastName: 'Apellidos',
  gender: 'Sexo',
  genderF: 'Mujer',
  genderM: 'Hombre',
  genderU: 'Otro o prefiero no decirlo',
  dob: 'Fecha de nacimiento',
  address: 'Dirección',
  zipcode: 'Código postal',
  email: 'Correo electrónico',
  countryCode: 'Prefijo del país',
  phoneNumber: 'Número de teléfono',
  save: 'Crear mis claves de vinculación',
  made_one: 'Se ha creado {{count}} clave de vinculación con sus datos.',
  made_other: 'Se han creado {{count}} claves de vinculación con sus datos.',
  noneMade: 'Con estos datos no se ha podido crear ninguna clave. Añada algunos más.',
  held_one: 'El estudio guarda {{count}} clave de vinculación suya.',
  held_other: 'El estudio guarda {{count}} claves de vinculación suyas.',
};

export const RECORD_LINKAGE_NS = 'recordLinkage';
export const RECORD_LINKAGE_TEXTS = { en, es } as const;

addFeatureTexts(RECORD_LINKAGE_TEXTS, RECORD_LINKAGE_NS);
