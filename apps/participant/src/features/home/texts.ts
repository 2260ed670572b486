/**
 * Home's texts, in their own i18next namespace added when this module loads — with home, never with the
 * portal's first load (budget 150 kB, decision 0011).
 */
import { addFeatureTexts } from '../../i18n';

export const HOME_NS = 'home';

const TEXTS = {
  en: {
    title: 'Welcome',
    participantId: 'Participant ID',
    study: 'Study',
    notifications: 'Notifications',
    changePassword: 'Change password',
    signOut: 'Sign out',
    signedInAs: 'Signed in as {{username}}',
  },
  es: {
    title: 'Bienvenido/a',
    participantId: 'ID de participante',
    study: 'Estudio',
    notifications: 'Notificaciones',
    changePassword: 'Cambiar contraseña',
    signOut: 'Cerrar sesión',
    signedInAs: 'Sesión iniciada como {{username}}',
  },
};

addFeatureTexts(TEXTS, HOME_NS);
