/**
 * The one message catalogue. `en` holds the spec's exact texts (typos included) where the spec gives
 * one; other texts are ours. `es` is the Spanish translation. Placeholders are `{name}`.
 */
import type { ACTIVITY_MESSAGES } from './activity-catalogue';
import { IDENTITY_MESSAGES } from './identity-catalogue';
import type { SSO_MESSAGES } from './sso-catalogue';
import type { STUDY_MESSAGES } from './study-catalogue';
import type { FILES_MESSAGES } from './files-catalogue';
import type { ENROLMENT_MESSAGES } from './enrolment-catalogue';
import type { PUSH_MESSAGES } from './push-catalogue';
import type { PARTICIPANT_SITE_MESSAGES } from './participant-site-catalogue';
import type { PORTAL_CONTENT_MESSAGES } from './portal-content-catalogue';
import type { PARTICIPANT_MESSAGES } from './participants-catalogue';
import type { EDC_MESSAGES } from './edc-catalogue';
import type { ANALYTICS_MESSAGES } from './analytics-catalogue';
import type { QUERY_MESSAGES } from './queries-catalogue';
import type { MESSAGING_MESSAGES } from './messaging-catalogue';
import type { PARTICIPANT_DOCUMENT_MESSAGES } from './participant-documents-catalogue';
import type { EXPORT_MESSAGES } from './exports-catalogue';
import type { DEVICE_MESSAGES } from './devices-catalogue';
import type { LINKAGE_MESSAGES } from './linkage-catalogue';
import type { VIDEO_MESSAGES } from './videos-catalogue';
import type { SFTP_MESSAGES } from './sftp-catalogue';
import type { EHR_MESSAGES } from './ehr-catalogue';
import type { TELEHEALTH_MESSAGES } from './telehealth-catalogue';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface CatalogueEntry {
  en: string;
  es: string;
}

export const MESSAGES = {
  // ── sign-in (000 §8.2, 002 §8) ─────────────────────────────────────────────────────────────
  'auth.usernameNotFound': { en: 'Username not found.', es: 'Nombre de usuario no encontrado.' },
  'auth.invalidCredentials': {
    en: 'You have entered an invalid username or password',
    es: 'Ha introducido un nombre de usuario o una contraseña no válidos',
  },
  'auth.notVerified': {
    en: 'Access token not available. Seems your account is not fully verified.',
    es: 'Token de acceso no disponible. Parece que su cuenta no está completamente verificada.',
  },
  // ours
  'auth.accountLocked': {
    en: 'Your account is locked after too many failed sign-in attempts. Try again in {minutes} minutes, or reset your password to unlock it now.',
    es: 'Su cuenta está bloqueada tras demasiados intentos fallidos de inicio de sesión. Inténtelo de nuevo dentro de {minutes} minutos o restablezca su contraseña para desbloquearla ya.',
  },
  // The spec's default login failure (000 §8.2) with the attempts left before the lock.
  'auth.attemptsRemaining': {
    en: 'You have entered an invalid username or password. Attempts left before your account is locked: {remaining}.',
    es: 'Ha introducido un nombre de usuario o una contraseña no válidos. Intentos restantes antes de que se bloquee su cuenta: {remaining}.',
  },
  'auth.noPhoneOnFile': {
    en: 'No mobile number is on file for this account. Choose e-mail to receive the code.',
    es: 'Esta cuenta no tiene ningún número de móvil registrado. Elija el correo electrónico para recibir el código.',
  },
  'auth.unauthenticated': {
    en: 'Please sign in to continue.',
    es: 'Inicie sesión para continuar.',
  },
  'auth.tokenExpired': {
    en: 'Your session token has expired. Please sign in again.',
    es: 'El token de su sesión ha caducado. Vuelva a iniciar sesión.',
  },
  'auth.participantSessionExpired': {
    en: 'Your session has expired. Please sign in again.',
    es: 'Su sesión ha caducado. Vuelva a iniciar sesión.',
  },
  'auth.twoFaInvalid': {
    en: 'The verification code is invalid or has expired.',
    es: 'El código de verificación no es válido o ha caducado.',
  },
  'auth.resetTokenInvalid': {
    en: 'This link is invalid. Please request a new one.',
    es: 'Este enlace no es válido. Solicite uno nuevo.',
  },
  'auth.resetTokenExpired': {
    en: 'This link has expired. Please request a new one.',
    es: 'Este enlace ha caducado. Solicite uno nuevo.',
  },
  'auth.resetTokenUsed': {
    en: 'This link has already been used. Please request a new one.',
    es: 'Este enlace ya se ha utilizado. Solicite uno nuevo.',
  },
  'auth.accountInactive': {
    en: 'Your account is not active. Please contact your administrator.',
    es: 'Su cuenta no está activa. Póngase en contacto con su administrador.',
  },
  'auth.cognitoModeRequired': {
    en: 'This page is not available for your organisation.',
    es: 'Esta página no está disponible para su organización.',
  },

  // ── participant identity service (001 §8) ──────────────────────────────────────────────────
  'auth.attemptLimitExceeded': {
    en: 'Attempt limit exceeded, please try after some time.',
    es: 'Se ha superado el límite de intentos; inténtelo de nuevo más tarde.',
  },
  'auth.resetRequestLimit': {
    en: 'Too many reset requests for this account. Use the last link or code you received, or try again in an hour.',
    es: 'Demasiadas solicitudes de restablecimiento para esta cuenta. Use el último enlace o código que recibió, o inténtelo de nuevo dentro de una hora.',
  },
  'auth.badRequest': { en: 'Bad Request.', es: 'Solicitud incorrecta.' },
  'auth.changePasswordFailed': {
    en: 'Unable to change password. Please try again later!',
    es: 'No se ha podido cambiar la contraseña. ¡Inténtelo de nuevo más tarde!',
  },
  'auth.forgotPasswordFailed': { en: 'Error occurred. Try again', es: 'Se ha producido un error. Inténtelo de nuevo' },
  'data.syncFailed': {
    en: 'Data sync failed, please try again after some time.',
    es: 'La sincronización de datos ha fallado; inténtelo de nuevo más tarde.',
  },
  'push.allowNotifications': {
    en: 'Please allow app to receive notifications.',
    es: 'Permita que la aplicación reciba notificaciones.',
  },

  // ── start-up errors (000 §8.2) ─────────────────────────────────────────────────────────────
  'errors.clients': { en: 'Error while getting clients.', es: 'Error al obtener los clientes.' },
  'errors.profile': {
    en: 'Error while getting the profile details',
    es: 'Error al obtener los datos del perfil',
  },
  'errors.userRoles': { en: 'Error while getting the user roles', es: 'Error al obtener los roles del usuario' },
  'errors.siteTeamRoles': {
    en: 'Error while getting the site team roles',
    es: 'Error al obtener los roles del equipo del centro',
  },
  'errors.internal': { en: 'Internal Server Error', es: 'Error interno del servidor' },
  'errors.chunkLoad': {
    en: 'Part of the application failed to load. Please reload the page.',
    es: 'No se ha podido cargar una parte de la aplicación. Vuelva a cargar la página.',
  },
  'conversion.failed': { en: 'Unable to get the conversion.', es: 'No se ha podido obtener la conversión.' },

  // ── request/response errors (ours, A-196) ─────────────────────────────────────────────────
  'errors.validationFailed': {
    en: 'Some fields are not valid. Please check them and try again.',
    es: 'Algunos campos no son válidos. Revíselos e inténtelo de nuevo.',
  },
  'errors.malformedJson': {
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la solicitud no es un JSON válido.',
  },
  'errors.payloadTooLarge': {
    en: 'The request is too large (limit {limit}).',
    es: 'La solicitud es demasiado grande (límite {limit}).',
  },
  'errors.unsupportedMediaType': {
    en: 'Unsupported content type.',
    es: 'Tipo de contenido no admitido.',
  },
  'errors.unknownField': { en: 'Unknown field: {field}.', es: 'Campo desconocido: {field}.' },
  'errors.required': { en: 'This field is required.', es: 'Este campo es obligatorio.' },
  'errors.invalidValue': { en: 'This value is not valid.', es: 'Este valor no es válido.' },
  'errors.invalidCharacters': {
    en: 'This text contains characters that are not allowed (a null character or a broken character pair).',
    es: 'Este texto contiene caracteres no permitidos (un carácter nulo o un par de caracteres roto).',
  },
  'errors.tooShort': { en: 'Enter at least {min} characters.', es: 'Introduzca al menos {min} caracteres.' },
  'errors.tooLong': { en: 'Enter at most {max} characters.', es: 'Introduzca como máximo {max} caracteres.' },
  'errors.tooSmall': { en: 'Enter a value of at least {min}.', es: 'Introduzca un valor de al menos {min}.' },
  'errors.tooLarge': { en: 'Enter a value of at most {max}.', es: 'Introduzca un valor de como máximo {max}.' },
  'errors.tooFew': { en: 'Choose at least {min}.', es: 'Elija al menos {min}.' },
  'errors.tooMany': { en: 'Choose at most {max}.', es: 'Elija como máximo {max}.' },
  'errors.invalidFormat': {
    en: 'This value is not in the expected format.',
    es: 'Este valor no tiene el formato esperado.',
  },
  'errors.invalidEmail': {
    en: 'Enter a valid e-mail address.',
    es: 'Introduzca una dirección de correo electrónico válida.',
  },
  'errors.rateLimited': {
    en: 'Too many requests. Please wait a moment and try again.',
    es: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
  },
  'errors.notFound': { en: 'The requested item was not found.', es: 'No se ha encontrado el elemento solicitado.' },
  'errors.conflict': {
    en: 'This item was changed by someone else or already exists. Please reload and try again.',
    es: 'Otra persona ha modificado este elemento o ya existe. Vuelva a cargar e inténtelo de nuevo.',
  },
  'errors.featureDisabled': { en: 'This feature is not enabled.', es: 'Esta función no está habilitada.' },
  'errors.notNotifiable': {
    en: 'There is nothing to notify this person on.',
    es: 'No hay nada en lo que avisar a esta persona.',
  },
  'errors.serviceUnavailable': {
    en: 'The service is temporarily unavailable. Please try again later.',
    es: 'El servicio no está disponible temporalmente. Inténtelo de nuevo más tarde.',
  },
  'errors.reasonRequired': {
    en: 'A reason for change is required.',
    es: 'Es obligatorio indicar el motivo del cambio.',
  },

  // ── access, session, navigation ────────────────────────────────────────────────────────────
  'access.denied': { en: 'You do not have access to this page.', es: 'No tiene acceso a esta página.' },
  'access.userOutranks': {
    en: 'You cannot manage this user: their role is above yours.',
    es: 'No puede gestionar a este usuario: su rol es superior al suyo.',
  },
  'session.ended': {
    en: 'Your session was ended. Please sign in again.',
    es: 'Su sesión ha finalizado. Vuelva a iniciar sesión.',
  },
  'session.expired': {
    en: 'Your session has expired due to inactivity. Any unsaved work may not be saved.',
    es: 'Su sesión ha caducado por inactividad. Es posible que no se guarde el trabajo no guardado.',
  },
  'session.ok': { en: 'OK', es: 'Aceptar' },
  'page.notFound': { en: 'Page not found', es: 'Página no encontrada' },
  'unsaved.text': {
    en: 'You have not saved your progress. Are you sure you want to leave? Your changes will not be saved.',
    es: 'No ha guardado su progreso. ¿Seguro que desea salir? Sus cambios no se guardarán.',
  },
  'unsaved.yes': { en: 'Yes', es: 'Sí' },
  'unsaved.cancel': { en: 'Cancel', es: 'Cancelar' },
  'signature.cancel': {
    en: "Are you sure you want to cancel? Any provided responses won't be saved.",
    es: '¿Seguro que desea cancelar? No se guardará ninguna de las respuestas proporcionadas.',
  },

  // ── connectivity (000 §8) ──────────────────────────────────────────────────────────────────
  'network.offlineStaff': { en: 'Sorry! No internet connection.', es: '¡Lo sentimos! No hay conexión a internet.' },
  'network.offlineParticipant': {
    en: 'No internet connection detected. Please try again after a connection is established.',
    es: 'No se ha detectado conexión a internet. Inténtelo de nuevo cuando se haya establecido la conexión.',
  },
  'network.onlineStaff': {
    en: 'Welcome back, unfortunately we lost you, Continue with your Research!!',
    es: 'Bienvenido de nuevo, lamentablemente le perdimos. ¡¡Continúe con su investigación!!',
  },
  'network.onlineParticipant': {
    en: 'Glad to see you back. Please continue with your activities.',
    es: 'Nos alegra verle de nuevo. Continúe con sus actividades.',
  },
  'network.serverIssue': {
    en: 'Sorry! There is some server issue. Please try after some time.',
    es: '¡Lo sentimos! Hay un problema con el servidor. Inténtelo de nuevo más tarde.',
  },

  // ── password and username rules (001 §5; texts ours) ──────────────────────────────────────
  'password.minLength': {
    en: 'Password must be at least {min} characters long.',
    es: 'La contraseña debe tener al menos {min} caracteres.',
  },
  'password.letter': {
    en: 'Password must contain at least one letter.',
    es: 'La contraseña debe contener al menos una letra.',
  },
  'password.number': {
    en: 'Password must contain at least one number.',
    es: 'La contraseña debe contener al menos un número.',
  },
  'password.special': {
    en: 'Password must contain at least one special character ({specials}).',
    es: 'La contraseña debe contener al menos un carácter especial ({specials}).',
  },
  'password.currentWrong': {
    en: 'The current password is not correct.',
    es: 'La contraseña actual no es correcta.',
  },
  'password.mismatch': { en: 'Passwords do not match.', es: 'Las contraseñas no coinciden.' },
  'password.reused': {
    en: 'The new password must be different from the current one.',
    es: 'La nueva contraseña debe ser distinta de la actual.',
  },
  'password.recentlyUsed': {
    en: 'This password was used recently. Choose one that is not among your last {count} passwords.',
    es: 'Esta contraseña se usó recientemente. Elija una que no esté entre sus últimas {count} contraseñas.',
  },
  'username.minLength': {
    en: 'Username must be at least {min} characters long.',
    es: 'El nombre de usuario debe tener al menos {min} caracteres.',
  },
  'username.letter': {
    en: 'Username must contain at least one letter.',
    es: 'El nombre de usuario debe contener al menos una letra.',
  },
  'username.number': {
    en: 'Username must contain at least one number.',
    es: 'El nombre de usuario debe contener al menos un número.',
  },
  'username.special': {
    en: 'Username must contain at least one special character ({specials}).',
    es: 'El nombre de usuario debe contener al menos un carácter especial ({specials}).',
  },
  'username.taken': {
    en: 'This username is already taken.',
    es: 'Este nombre de usuario ya está en uso.',
  },
  ...IDENTITY_MESSAGES,
  // The activity messages (activity-catalogue.ts) register themselves when imported; the single sign-on
  // and study build messages (sso-catalogue.ts, study-catalogue.ts) when staff-messages.ts is: see translate.ts.
} as const satisfies Record<string, CatalogueEntry>;

/**
 * Every message key: the catalogue's own, and the single sign-on and study build keys (sso-catalogue.ts,
 * study-catalogue.ts), whose tables join at run time when `@trialpath/domain/staff-messages` is imported
 * (the server and the staff portal), so the participant portal's first load does not carry them (budget
 * 150 kB, DESIGN §5).
 */
export type MessageKey =
  | keyof typeof MESSAGES
  | keyof typeof ACTIVITY_MESSAGES
  | keyof typeof SSO_MESSAGES
  | keyof typeof STUDY_MESSAGES
  | keyof typeof FILES_MESSAGES
  | keyof typeof ENROLMENT_MESSAGES
  | keyof typeof PUSH_MESSAGES
  | keyof typeof PARTICIPANT_SITE_MESSAGES
  | keyof typeof PORTAL_CONTENT_MESSAGES
  | keyof typeof PARTICIPANT_MESSAGES
  | keyof typeof EDC_MESSAGES
  | keyof typeof ANALYTICS_MESSAGES
  | keyof typeof QUERY_MESSAGES
  | keyof typeof MESSAGING_MESSAGES
  | keyof typeof PARTICIPANT_DOCUMENT_MESSAGES
  | keyof typeof EHR_MESSAGES
  | keyof typeof EXPORT_MESSAGES
  | keyof typeof DEVICE_MESSAGES
  | keyof typeof LINKAGE_MESSAGES
  | keyof typeof TELEHEALTH_MESSAGES
  | keyof typeof VIDEO_MESSAGES
  | keyof typeof SFTP_MESSAGES;
