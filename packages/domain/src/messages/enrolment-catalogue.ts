/**
 * Messages of enrolment: open enrolment, eligibility screening, registration and account verification
 * (001 §4; decisions D-055…D-058, D-097). Ours: the spec gives no texts for these. A table of its own that
 * joins the catalogue when `registerEnrolmentMessages` runs (the server's enrolment module, the participant
 * portal's enrolment screens), so the participant portal's first load does not carry it (decision 0036).
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const ENROLMENT_MESSAGES = {
  'enrolment.closed': {
    en: 'This study is not open for enrolment. If your study team invited you, please use the link in their invitation.',
    es: 'Este estudio no está abierto a la inscripción. Si su equipo del estudio le ha invitado, use el enlace de su invitación.',
  },
  'enrolment.versionChanged': {
    en: 'The study has been updated while you were signing up. Please start again.',
    es: 'El estudio se ha actualizado mientras se inscribía. Vuelva a empezar.',
  },
  'enrolment.noSite': {
    en: 'No study site is enrolling participants in your country at the moment.',
    es: 'En este momento ningún centro del estudio inscribe participantes en su país.',
  },
  'enrolment.screeningRequired': {
    en: 'Please answer the eligibility questions first.',
    es: 'Responda primero a las preguntas de elegibilidad.',
  },
  'enrolment.screeningInvalid': {
    en: 'Your eligibility answers have expired or were already used. Please answer the questions again.',
    es: 'Sus respuestas de elegibilidad han caducado o ya se han utilizado. Vuelva a responder a las preguntas.',
  },
  'enrolment.answerMissing': { en: 'Please answer this question.', es: 'Responda a esta pregunta.' },
  'enrolment.answerUnknown': {
    en: 'This question is not one of the study’s eligibility questions.',
    es: 'Esta pregunta no es una de las preguntas de elegibilidad del estudio.',
  },
  'enrolment.ineligible': {
    en: 'Thank you for your interest. Based on your answers, you are not eligible to take part in this study.',
    es: 'Gracias por su interés. Según sus respuestas, no cumple los requisitos para participar en este estudio.',
  },
  'enrolment.emailTaken': {
    en: 'An account with this e-mail address already exists in this study. Please log in, or use “Forgot username?”.',
    es: 'Ya existe una cuenta con esta dirección de correo electrónico en este estudio. Inicie sesión o use «¿Ha olvidado su nombre de usuario?».',
  },
  'enrolment.confirmByEmail': {
    en: 'This study confirms accounts by e-mail.',
    es: 'Este estudio confirma las cuentas por correo electrónico.',
  },
  'enrolment.confirmByPhone': {
    en: 'This study confirms accounts by text message.',
    es: 'Este estudio confirma las cuentas por mensaje de texto.',
  },
  'enrolment.invitationOnly': {
    en: 'This invitation is for another participant.',
    es: 'Esta invitación es para otro participante.',
  },
  'enrolment.alreadyVerified': {
    en: 'Your account is already verified. You can log in.',
    es: 'Su cuenta ya está verificada. Puede iniciar sesión.',
  },
  'enrolment.noPendingVerification': {
    en: 'There is no account waiting for verification. Please register or log in.',
    es: 'No hay ninguna cuenta pendiente de verificación. Regístrese o inicie sesión.',
  },
  'enrolment.resendLimit': {
    en: 'Too many codes were sent. Please use the last code you received, or try again in an hour.',
    es: 'Se han enviado demasiados códigos. Use el último código que recibió o inténtelo de nuevo dentro de una hora.',
  },
  'enrolment.linkInvalid': {
    en: 'This verification link is not valid. Please register again or ask your study team.',
    es: 'Este enlace de verificación no es válido. Vuelva a registrarse o consulte a su equipo del estudio.',
  },
  'enrolment.linkExpired': {
    en: 'This verification link has expired. Enter the code from the e-mail, or ask for a new one.',
    es: 'Este enlace de verificación ha caducado. Introduzca el código del correo o solicite uno nuevo.',
  },
  'enrolment.mobileRequired': {
    en: 'Enter your mobile number: your code is sent to it.',
    es: 'Introduzca su número de móvil: el código se le envía a él.',
  },
  'enrolment.localTimeInvalid': {
    en: 'The local time is not a date and time.',
    es: 'La hora local no es una fecha y hora.',
  },
} as const satisfies Record<string, CatalogueEntry>;

/** Adds the enrolment messages to the catalogue (again is harmless): the callers that show them call it. */
export function registerEnrolmentMessages(): void {
  registerMessages(ENROLMENT_MESSAGES);
}

registerEnrolmentMessages();
