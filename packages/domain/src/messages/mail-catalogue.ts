/**
 * The outbox's templates: every e-mail and text message the platform sends, in each catalogue
 * language. A template `mail.<name>` has a `.subject` (e-mail only) and a `.body`; the outbox renders
 * them in the recipient's language (their stored language, else the request's, else en). Texts are
 * ours. A table of its own, not part of MESSAGES: only the server sends mail, so the portals' bundles
 * do not carry these texts.
 */
import type { CatalogueEntry } from './catalogue';

export const MAIL_MESSAGES = {
  // ── staff accounts ────────────────────────────────────────────────────────────────────────
  'mail.staffReset.subject': { en: 'Reset your Trialpath password', es: 'Restablezca su contraseña de Trialpath' },
  'mail.staffReset.body': {
    en: 'Hello {firstName},\n\nTo choose a new password, open this link within one hour:\n{link}\n\nA new password also unlocks your account if it was locked.\nIf you did not ask for this, ignore this e-mail.',
    es: 'Hola, {firstName}:\n\nPara elegir una contraseña nueva, abra este enlace antes de una hora:\n{link}\n\nUna contraseña nueva también desbloquea su cuenta si estaba bloqueada.\nSi no lo ha solicitado, ignore este correo.',
  },
  'mail.staffInvite.subject': { en: 'You are invited to Trialpath', es: 'Le invitamos a Trialpath' },
  'mail.staffInvite.body': {
    en: 'Hello {firstName},\n\nYou are invited to Trialpath. Choose your username and password within 7 days:\n{link}',
    es: 'Hola, {firstName}:\n\nLe invitamos a Trialpath. Elija su nombre de usuario y su contraseña antes de 7 días:\n{link}',
  },
  'mail.staffInviteWithUsername.subject': { en: 'You are invited to Trialpath', es: 'Le invitamos a Trialpath' },
  'mail.staffInviteWithUsername.body': {
    en: 'Hello {firstName},\n\nAn account with the username "{username}" was created for you on Trialpath.\nCreate your password within 7 days:\n{link}',
    es: 'Hola, {firstName}:\n\nSe ha creado para usted una cuenta de Trialpath con el nombre de usuario "{username}".\nCree su contraseña antes de 7 días:\n{link}',
  },
  'mail.usernameReminder.subject': { en: 'Your Trialpath username', es: 'Su nombre de usuario de Trialpath' },
  'mail.usernameReminder.body': {
    en: 'Hello {firstName},\n\nThe Trialpath username for this e-mail address:\n{usernames}\n\nIf you did not ask for this, ignore this e-mail.',
    es: 'Hola, {firstName}:\n\nEl nombre de usuario de Trialpath de esta dirección de correo electrónico:\n{usernames}\n\nSi no lo ha solicitado, ignore este correo.',
  },
  'mail.usernamesReminder.subject': { en: 'Your Trialpath usernames', es: 'Sus nombres de usuario de Trialpath' },
  'mail.usernamesReminder.body': {
    en: 'Hello {firstName},\n\nThe Trialpath usernames for this e-mail address:\n{usernames}\n\nIf you did not ask for this, ignore this e-mail.',
    es: 'Hola, {firstName}:\n\nLos nombres de usuario de Trialpath de esta dirección de correo electrónico:\n{usernames}\n\nSi no lo ha solicitado, ignore este correo.',
  },
  'mail.emailChangeNotice.subject': {
    en: 'Your Trialpath e-mail address is being changed',
    es: 'Se está cambiando la dirección de correo electrónico de Trialpath',
  },
  'mail.emailChangeNotice.body': {
    en: 'Hello {firstName},\n\nA change of the e-mail address of your Trialpath account to {newEmail} was requested.\nIf this was not you, contact your administrator.',
    es: 'Hola, {firstName}:\n\nSe ha solicitado cambiar la dirección de correo electrónico de su cuenta de Trialpath a {newEmail}.\nSi no ha sido usted, póngase en contacto con su administrador.',
  },
  // After the change, to the address that was replaced (decision 0028): a takeover does not go unnoticed.
  'mail.emailChanged.subject': {
    en: 'Your Trialpath e-mail address was changed',
    es: 'Se ha cambiado la dirección de correo electrónico de Trialpath',
  },
  'mail.emailChanged.body': {
    en: 'Hello {firstName},\n\nThe e-mail address of your Trialpath account was changed to {newEmail}. Messages will no longer come to this address.\nIf this was not you, contact your administrator at once.',
    es: 'Hola, {firstName}:\n\nLa dirección de correo electrónico de su cuenta de Trialpath se ha cambiado a {newEmail}. Los mensajes ya no llegarán a esta dirección.\nSi no ha sido usted, póngase en contacto con su administrador de inmediato.',
  },
  'mail.mobileChanged.subject': {
    en: 'Your Trialpath mobile number was changed',
    es: 'Se ha cambiado el número de móvil de Trialpath',
  },
  'mail.mobileChanged.body': {
    en: 'Hello {firstName},\n\nThe mobile number of your Trialpath account was changed to {newPhone}. Codes by text message now go to that number.\nIf this was not you, contact your administrator at once.',
    es: 'Hola, {firstName}:\n\nEl número de móvil de su cuenta de Trialpath se ha cambiado a {newPhone}. Los códigos por mensaje de texto se envían ahora a ese número.\nSi no ha sido usted, póngase en contacto con su administrador de inmediato.',
  },
  // ── one-time codes (e-mail and text message) ────────────────────────────────────────────────
  'mail.code.subject': { en: 'Your Trialpath verification code', es: 'Su código de verificación de Trialpath' },
  'mail.code.body': {
    en: 'Your Trialpath verification code is {code}. It expires in {minutes} minutes.',
    es: 'Su código de verificación de Trialpath es {code}. Caduca en {minutes} minutos.',
  },
  // ── participants ──────────────────────────────────────────────────────────────────────────
  'mail.participantUsername.subject': { en: 'Your username for {study}', es: 'Su nombre de usuario para {study}' },
  'mail.participantUsername.body': {
    en: 'Your username for {study} is: {username}',
    es: 'Su nombre de usuario para {study} es: {username}',
  },
  'mail.participantReset.subject': {
    en: 'Reset your password for {study}',
    es: 'Restablezca su contraseña para {study}',
  },
  'mail.participantReset.body': {
    en: 'To choose a new password, open this link within one hour:\n{link}\n\nIf you did not ask for this, ignore this e-mail.',
    es: 'Para elegir una contraseña nueva, abra este enlace antes de una hora:\n{link}\n\nSi no lo ha solicitado, ignore este correo.',
  },
  // ── participant enrolment (decisions D-055…D-058) ──────────────────────────────────────────
  'mail.participantVerify.subject': {
    en: 'Confirm your account for {study}',
    es: 'Confirme su cuenta para {study}',
  },
  'mail.participantVerify.body': {
    en: 'Your verification code for {study} is {code}. It expires in {minutes} minutes.\n\nYou can also confirm your account by opening this link within {hours} hours:\n{link}\n\nIf you did not sign up for this study, ignore this e-mail.',
    es: 'Su código de verificación para {study} es {code}. Caduca en {minutes} minutos.\n\nTambién puede confirmar su cuenta abriendo este enlace antes de {hours} horas:\n{link}\n\nSi no se ha inscrito en este estudio, ignore este correo.',
  },
  // Sent as a text message (the subject is for the outbox page only).
  'mail.participantVerifySms.subject': { en: 'Your code for {study}', es: 'Su código para {study}' },
  'mail.participantVerifySms.body': {
    en: '{code} is your verification code for {study}. It expires in {minutes} minutes.',
    es: '{code} es su código de verificación para {study}. Caduca en {minutes} minutos.',
  },
  'mail.participantInvitation.subject': {
    en: 'You are invited to join {study}',
    es: 'Le invitamos a participar en {study}',
  },
  'mail.participantInvitation.body': {
    en: 'Hello,\n\nYour study team invites you to take part in {study}. Create your account within {days} days:\n{link}\n\nIf you were not expecting this invitation, ignore this e-mail.\n\nTo receive no more e-mail about this study: {unsubscribeLink}',
    es: 'Hola:\n\nSu equipo del estudio le invita a participar en {study}. Cree su cuenta antes de {days} días:\n{link}\n\nSi no esperaba esta invitación, ignore este correo.\n\nPara no recibir más correos sobre este estudio: {unsubscribeLink}',
  },
  // ── telehealth appointments (decision F-appointments): the time in the participant's zone and language ──
  'mail.appointmentBooked.subject': {
    en: 'Your appointment for {study}',
    es: 'Su cita para {study}',
  },
  'mail.appointmentBooked.body': {
    en: 'Hello,\n\nYour study team has booked an appointment for you in {study}:\n\n{visit} with {host}\n{when} ({timeZone})\n\nIf this time does not suit you, contact your study team.',
    es: 'Hola:\n\nSu equipo del estudio le ha reservado una cita en {study}:\n\n{visit} con {host}\n{when} ({timeZone})\n\nSi esta hora no le viene bien, póngase en contacto con su equipo del estudio.',
  },
  'mail.appointmentChanged.subject': {
    en: 'Your appointment for {study} has changed',
    es: 'Su cita para {study} ha cambiado',
  },
  'mail.appointmentChanged.body': {
    en: 'Hello,\n\nYour study team has changed your appointment in {study}. It is now:\n\n{visit} with {host}\n{when} ({timeZone})\n\nIt was on {previous}.\nIf this time does not suit you, contact your study team.',
    es: 'Hola:\n\nSu equipo del estudio ha cambiado su cita en {study}. Ahora es:\n\n{visit} con {host}\n{when} ({timeZone})\n\nAntes era el {previous}.\nSi esta hora no le viene bien, póngase en contacto con su equipo del estudio.',
  },
  'mail.appointmentCancelled.subject': {
    en: 'Your appointment for {study} is cancelled',
    es: 'Su cita para {study} se ha cancelado',
  },
  'mail.appointmentCancelled.body': {
    en: 'Hello,\n\nYour study team has cancelled your appointment in {study}:\n\n{visit} with {host}\n{when} ({timeZone})\n\nYour study team will contact you if a new appointment is needed.',
    es: 'Hola:\n\nSu equipo del estudio ha cancelado su cita en {study}:\n\n{visit} con {host}\n{when} ({timeZone})\n\nSu equipo del estudio se pondrá en contacto con usted si hace falta una cita nueva.',
  },
  // ── IRB/EC documentation (helper "review", decision 0035) ─────────────────────────────────
  'mail.irbDocumentation.subject': {
    en: 'IRB/EC documentation: {study}, {version}',
    es: 'Documentación para el CEI: {study}, {version}',
  },
  'mail.irbDocumentation.body': {
    en: 'Hello,\n\n{sender} sends you the IRB/EC documentation of {study}, version {version} (PDF, SHA-256 {sha256}).\nStudy staff open it in Trialpath:\n{link}\n\n{message}',
    es: 'Hola:\n\n{sender} le envía la documentación para el CEI de {study}, versión {version} (PDF, SHA-256 {sha256}).\nEl personal del estudio la abre en Trialpath:\n{link}\n\n{message}',
  },
} as const satisfies Record<string, CatalogueEntry>;

/**
 * Notices only the server writes into its answers (the portals show the answer's text as it comes): like
 * the templates, a table of their own so the portals' bundles do not carry them.
 */
export const SERVER_NOTICES = {
  staffResetLinkSent: {
    en: 'If the account exists, an e-mail with a reset link has been sent.',
    es: 'Si la cuenta existe, se ha enviado un correo electrónico con un enlace para restablecer la contraseña.',
  },
  participantDetailsMatchSent: {
    en: 'If the details match an account, an e-mail has been sent.',
    es: 'Si los datos coinciden con una cuenta, se ha enviado un correo electrónico.',
  },
} as const satisfies Record<string, CatalogueEntry>;
export type ServerNotice = keyof typeof SERVER_NOTICES;

/** The templates' names: `mail.<name>.body` exists for each (and `.subject` for e-mail). */
type BodyKey = Extract<keyof typeof MAIL_MESSAGES, `mail.${string}.body`>;
export type MailTemplate = BodyKey extends `mail.${infer Name}.body` ? Name : never;
/** Templates that can go as e-mail: those with a subject. */
export type EmailTemplate = Extract<
  MailTemplate,
  Extract<keyof typeof MAIL_MESSAGES, `mail.${string}.subject`> extends `mail.${infer Name}.subject` ? Name : never
>;
