/**
 * The site screen's texts (D-039) and home's link to it, in their own i18next namespace added when this module
 * loads — with the screen or with home, never with the portal's first load (budget 150 kB, decision 0011).
 */
import { addFeatureTexts } from '../../i18n';

const en = {
  title: 'Your study site',
  homeLink: 'Study site and contact',
  loadFailed: 'Your site details could not be loaded.',
  type: { CLINIC: 'Clinic', HOME_HEALTH: 'Home health', VIRTUAL: 'Virtual site' },
  addressTitle: 'Address',
  noAddress: 'The site’s address is not on record yet.',
  contactTitle: 'Contact',
  contactPerson: 'Contact person',
  phone: 'Phone',
  email: 'E-mail',
  callTitle: 'Questions about the study?',
  doctor: 'Your study doctor: {{name}}',
  callDoctor: 'Call the study doctor',
  callSite: 'Call the study site',
  noPhone: 'No phone number is on record for your site yet. Your study team can tell you how to reach them.',
};

type Texts = {
  [K in keyof typeof en]: (typeof en)[K] extends string ? string : { [T in keyof (typeof en)[K]]: string };
};

const es: Texts = {
  title: 'Su centro del estudio',
  homeLink: 'Centro del estudio y contacto',
  loadFailed: 'No se han podido cargar los datos de su centro.',
  type: { CLINIC: 'Clínica', HOME_HEALTH: 'Atención domiciliaria', VIRTUAL: 'Centro virtual' },
  addressTitle: 'Dirección',
  noAddress: 'La dirección del centro aún no consta.',
  contactTitle: 'Contacto',
  contactPerson: 'Persona de contacto',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  callTitle: '¿Preguntas sobre el estudio?',
  doctor: 'Su médico del estudio: {{name}}',
  callDoctor: 'Llamar al médico del estudio',
  callSite: 'Llamar al centro del estudio',
  noPhone:
    'Aún no consta ningún número de teléfono de su centro. Su equipo del estudio puede indicarle cómo contactar con ellos.',
};

export const SITE_NS = 'site';
export const SITE_TEXTS = { en, es } as const;

addFeatureTexts(SITE_TEXTS, SITE_NS);
