import type { Resources } from './en';

/** Static interface strings of the participant portal, Spanish. */
export const es: Resources = {
  app: {
    name: 'Trialpath',
    skipToContent: 'Saltar al contenido principal',
    loading: 'Cargando…',
    retry: 'Intentar de nuevo',
  },
  language: {
    title: 'Elija su idioma',
    intro: 'Seleccione el idioma y el país en el que vive. Puede cambiarlos más adelante.',
    languageLegend: 'Idioma',
    countryLabel: 'País',
    countryPlaceholder: 'Seleccione su país',
    continue: 'Continuar',
    change: 'Idioma y país',
  },
  login: {
    title: 'Iniciar sesión',
    intro: 'Inicie sesión con el nombre de usuario y la contraseña que le dio el equipo del estudio.',
    username: 'Nombre de usuario',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    forgotUsername: '¿Olvidó su nombre de usuario?',
    forgotPassword: '¿Olvidó su contraseña?',
  },
  forgotUsername: {
    title: 'Recuperar nombre de usuario',
    intro:
      'Introduzca la dirección de correo electrónico que dio al equipo del estudio. Le enviaremos su nombre de usuario a esa dirección.',
    email: 'Correo electrónico',
    submit: 'Enviar mi nombre de usuario',
    sent: 'Si existe una cuenta con esta dirección de correo electrónico, le hemos enviado el nombre de usuario. Revise su bandeja de entrada.',
  },
  forgotPassword: {
    title: 'Recuperar contraseña',
    intro:
      'Introduzca su nombre de usuario. Le enviaremos por correo electrónico un enlace para elegir una contraseña nueva.',
    username: 'Nombre de usuario',
    submit: 'Enviar enlace',
    sent: 'Si el nombre de usuario existe, le hemos enviado por correo electrónico un enlace para restablecer la contraseña. El enlace caduca, así que úselo pronto.',
  },
  resetPassword: {
    title: 'Elija una contraseña nueva',
    intro: 'Introduzca su contraseña nueva dos veces.',
    newPassword: 'Contraseña nueva',
    confirmPassword: 'Confirmar contraseña nueva',
    submit: 'Guardar contraseña nueva',
    done: 'Su contraseña se ha cambiado. Ya puede iniciar sesión con su contraseña nueva.',
  },
  changePassword: {
    title: 'Cambiar contraseña',
    previousPassword: 'Contraseña actual',
    newPassword: 'Contraseña nueva',
    confirmPassword: 'Confirmar contraseña nueva',
    submit: 'Cambiar contraseña',
    done: 'Su contraseña se ha cambiado.',
  },
  nav: {
    backToLogin: 'Volver a iniciar sesión',
    backToHome: 'Volver al inicio',
    backToStart: 'Volver al portal del estudio',
  },
  entry: {
    title: 'Bienvenido/a al portal de su estudio',
    text: 'Para participar, abra el enlace que le envió el equipo del estudio. Le llevará directamente a su estudio.',
  },
  prototype: {
    title: 'Prototipo de la versión {{number}} del estudio',
    text: 'Solo para revisión: así se verá el estudio cuando esta versión esté activa. El enlace funciona hasta el {{until}}.',
    goneTitle: 'Este enlace de prototipo ya no funciona',
    goneText: 'Ha caducado o se retiró. Pida un enlace nuevo al equipo del estudio.',
  },
  study: {
    notFoundTitle: 'Estudio no encontrado',
    notFoundText: 'No hemos encontrado este estudio. Abra el enlace que le envió el equipo del estudio.',
    loadFailed: 'No se ha podido cargar el estudio. Compruebe su conexión e inténtelo de nuevo.',
  },
  notFound: {
    goToStart: 'Ir a la página de inicio',
  },
};
