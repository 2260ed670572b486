/**
 * The messages screen's texts (decision E-messages) and home's link to it, in their own i18next namespace added when
 * this module loads — with the screen or with home, never with the portal's first load (budget 150 kB, decision 0011).
 */
import { addFeatureTexts } from '../../i18n';

const en = {
  title: 'Messages',
  homeLink: 'Messages from your study team',
  intro: 'Messages your study team sent you. New ones are first.',
  empty: 'Your study team has not sent you any messages yet.',
  loadFailed: 'Your messages could not be loaded.',
  listLabel: 'Your messages',
  unread: 'New',
  from: 'From your study team at {{site}}, {{when}}',
  open: 'Read',
  close: 'Close',
};

const es: typeof en = {
  title: 'Mensajes',
  homeLink: 'Mensajes de su equipo del estudio',
  intro: 'Mensajes que le ha enviado su equipo del estudio. Los nuevos aparecen primero.',
  empty: 'Su equipo del estudio aún no le ha enviado ningún mensaje.',
  loadFailed: 'No se han podido cargar sus mensajes.',
  listLabel: 'Sus mensajes',
  unread: 'Nuevo',
  from: 'De su equipo del estudio en {{site}}, {{when}}',
  open: 'Leer',
  close: 'Cerrar',
};

export const MESSAGES_NS = 'messages';
export const MESSAGES_TEXTS = { en, es } as const;

addFeatureTexts(MESSAGES_TEXTS, MESSAGES_NS);
