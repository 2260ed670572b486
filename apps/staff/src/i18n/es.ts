import type { Labels } from './en';

export const es: Labels = {
  app: {
    name: 'Trialpath',
    portal: 'Portal del personal',
    skipToContent: 'Saltar al contenido principal',
    language: 'Idioma',
    english: 'English',
    spanish: 'Español',
    signOut: 'Cerrar sesión',
    userMenu: 'Menú de la cuenta',
    studies: 'Estudios',
    activityLibrary: 'Biblioteca de actividades',
    mailbox: 'Buzón de demostración',
    mainNav: 'Navegación principal',
    loading: 'Cargando',
    reload: 'Volver a cargar la página',
    somethingWrong: 'Algo ha fallado',
    unexpectedError: 'Se ha producido un error inesperado al mostrar esta página.',
    sessionExpiredTitle: 'Sesión caducada',
    testEnvironment: 'Entorno de prueba',
    signedInAs: 'Sesión iniciada como {{name}}',
    legal: 'Legal',
    privacyPolicy: 'Política de privacidad',
    termsOfUse: 'Condiciones de uso',
  },
};
