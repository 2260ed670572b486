/**
 * The enrolment screens' static strings (key group `enrol`), English and Spanish. They arrive with the
 * enrolment code (on demand, like the tasks screens' texts) instead of in the first load's en.ts, and are
 * added to the portal's i18next when this module loads; the server's enrolment messages (their catalogue
 * keys in error bodies) join the domain catalogue at the same moment.
 */
import { registerEnrolmentMessages } from '@trialpath/domain';
import { addFeatureTexts } from '../../i18n';

export const enrolEn = {
  join: {
    newHere: 'New to this study?',
    button: 'Join the study',
    closed:
      'This study is not open for enrolment. If your study team invited you, please use the link in their invitation.',
    noVersion: 'This study is not taking registrations at the moment.',
  },
  eligibility: {
    title: 'Can you take part?',
    intro: 'Please answer these questions. Your answers are only used to check whether you can take part.',
    yes: 'Yes',
    no: 'No',
    submit: 'Continue',
    answerAll: 'Please answer every question.',
    ineligibleTitle: 'Thank you for your interest',
  },
  register: {
    title: 'Create your account',
    intro: 'Choose a username and a password. You will use them to log in.',
    invitedIntro: 'Your study team invited you. Choose a username and a password to create your account.',
    username: 'Username',
    usernameAvailable: 'This username is available.',
    email: 'E-mail address',
    emailHintCode: 'We will send a code to this address to confirm your account.',
    mobileCountryCode: 'Country code',
    mobile: 'Mobile number',
    mobileHintCode: 'We will send a code to this number by text message to confirm your account.',
    optInSms: 'Send me study reminders by text message',
    password: 'Password',
    confirmPassword: 'Confirm password',
    submit: 'Create account',
    startAgain: 'Start again',
    haveAccount: 'Already have an account? Log in',
  },
  verify: {
    title: 'Confirm your account',
    sentEmail: 'We sent a 6-digit code to {{destination}}. You can also open the link in that e-mail.',
    sentPhone: 'We sent a 6-digit code by text message to {{destination}}.',
    code: 'Verification code',
    submit: 'Confirm',
    resend: 'Send a new code',
    resent: 'A new code has been sent to {{destination}}.',
    attemptsLeft: 'Attempts left for this code: {{count}}.',
    noPending:
      'There is no account waiting for confirmation on this device. Open the link in the e-mail we sent you, or log in.',
    checking: 'Confirming your account…',
  },
  verified: {
    title: 'Your account is confirmed',
    text: 'You can now log in with your username and password.',
    already: 'Your account was already confirmed. You can log in.',
    login: 'Log in',
  },
  link: {
    invalidTitle: 'This link does not work',
    invalidText: 'The link is not valid. Please open the link your study team sent you.',
    resetInvalid: 'This password reset link is not valid or has expired. Please ask for a new one.',
    enterCode: 'Enter the code instead',
  },
  unsubscribe: {
    title: 'Stop e-mails about this study',
    text: 'You will receive no more e-mail from your study team through this study portal, such as invitations and reminders. Your study team can still contact you in other ways.',
    confirm: 'Stop e-mails',
    done: 'Done: you will receive no more e-mail about {{study}}.',
  },
  notVerified: 'Confirm your account',
} as const;

type TextsLike<T> = { [K in keyof T]: T[K] extends string ? string : TextsLike<T[K]> };

export const enrolEs: TextsLike<typeof enrolEn> = {
  join: {
    newHere: '¿Es nuevo en este estudio?',
    button: 'Unirse al estudio',
    closed:
      'Este estudio no está abierto a la inscripción. Si su equipo del estudio le ha invitado, use el enlace de su invitación.',
    noVersion: 'Este estudio no admite inscripciones en este momento.',
  },
  eligibility: {
    title: '¿Puede participar?',
    intro: 'Responda a estas preguntas. Sus respuestas solo se usan para comprobar si puede participar.',
    yes: 'Sí',
    no: 'No',
    submit: 'Continuar',
    answerAll: 'Responda a todas las preguntas.',
    ineligibleTitle: 'Gracias por su interés',
  },
  register: {
    title: 'Cree su cuenta',
    intro: 'Elija un nombre de usuario y una contraseña. Los usará para iniciar sesión.',
    invitedIntro:
      'Su equipo del estudio le ha invitado. Elija un nombre de usuario y una contraseña para crear su cuenta.',
    username: 'Nombre de usuario',
    usernameAvailable: 'Este nombre de usuario está disponible.',
    email: 'Dirección de correo electrónico',
    emailHintCode: 'Enviaremos un código a esta dirección para confirmar su cuenta.',
    mobileCountryCode: 'Prefijo del país',
    mobile: 'Número de móvil',
    mobileHintCode: 'Enviaremos un código por mensaje de texto a este número para confirmar su cuenta.',
    optInSms: 'Enviarme recordatorios del estudio por mensaje de texto',
    password: 'Contraseña',
    confirmPassword: 'Confirmar contraseña',
    submit: 'Crear cuenta',
    startAgain: 'Volver a empezar',
    haveAccount: '¿Ya tiene una cuenta? Inicie sesión',
  },
  verify: {
    title: 'Confirme su cuenta',
    sentEmail: 'Hemos enviado un código de 6 cifras a {{destination}}. También puede abrir el enlace de ese correo.',
    sentPhone: 'Hemos enviado un código de 6 cifras por mensaje de texto al {{destination}}.',
    code: 'Código de verificación',
    submit: 'Confirmar',
    resend: 'Enviar un código nuevo',
    resent: 'Se ha enviado un código nuevo a {{destination}}.',
    attemptsLeft: 'Intentos que quedan para este código: {{count}}.',
    noPending:
      'No hay ninguna cuenta pendiente de confirmación en este dispositivo. Abra el enlace del correo que le enviamos o inicie sesión.',
    checking: 'Confirmando su cuenta…',
  },
  verified: {
    title: 'Su cuenta está confirmada',
    text: 'Ya puede iniciar sesión con su nombre de usuario y su contraseña.',
    already: 'Su cuenta ya estaba confirmada. Puede iniciar sesión.',
    login: 'Iniciar sesión',
  },
  link: {
    invalidTitle: 'Este enlace no funciona',
    invalidText: 'El enlace no es válido. Abra el enlace que le envió su equipo del estudio.',
    resetInvalid: 'Este enlace para restablecer la contraseña no es válido o ha caducado. Solicite uno nuevo.',
    enterCode: 'Introducir el código',
  },
  unsubscribe: {
    title: 'Dejar de recibir correos sobre este estudio',
    text: 'No recibirá más correos de su equipo del estudio a través de este portal, como invitaciones y recordatorios. Su equipo del estudio aún puede contactarle por otros medios.',
    confirm: 'Dejar de recibir correos',
    done: 'Hecho: no recibirá más correos sobre {{study}}.',
  },
  notVerified: 'Confirmar su cuenta',
};

/** Add the strings to i18next (now, or once it has started), and the server's enrolment messages. */
export function registerEnrolTexts(): void {
  registerEnrolmentMessages();
  addFeatureTexts({ en: { enrol: enrolEn }, es: { enrol: enrolEs } });
}

registerEnrolTexts();
