/**
 * Single-sign-on messages (spec 000 §2.1 route `/`, §7.3; docs/decisions/A-064-single-sign-on.md).
 * The spec gives no texts here: all are ours. Only the server and the staff portal need them: the table
 * joins the catalogue when staff-messages.ts is imported (see study-catalogue.ts for why).
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const SSO_MESSAGES = {
  'sso.providerNotFound': {
    en: 'This single sign-on option is not available. Please sign in with your username and password.',
    es: 'Esta opción de inicio de sesión único no está disponible. Inicie sesión con su nombre de usuario y contraseña.',
  },
  'sso.providerUnavailable': {
    en: 'The single sign-on service could not be reached. Please try again later or sign in with your username and password.',
    es: 'No se ha podido contactar con el servicio de inicio de sesión único. Inténtelo de nuevo más tarde o inicie sesión con su nombre de usuario y contraseña.',
  },
  'sso.stateInvalid': {
    en: 'This single sign-on attempt is invalid or has expired. Please start the sign-in again.',
    es: 'Este intento de inicio de sesión único no es válido o ha caducado. Vuelva a iniciar sesión.',
  },
  'sso.stateUsed': {
    en: 'This single sign-on attempt has already been used. Please start the sign-in again.',
    es: 'Este intento de inicio de sesión único ya se ha utilizado. Vuelva a iniciar sesión.',
  },
  'sso.idpRefused': {
    en: 'The single sign-on provider did not confirm your identity. Please try again.',
    es: 'El proveedor de inicio de sesión único no ha confirmado su identidad. Inténtelo de nuevo.',
  },
  'sso.emailNotVerified': {
    en: 'Your single sign-on account has no verified e-mail address, so it cannot be matched to a Trialpath account.',
    es: 'Su cuenta de inicio de sesión único no tiene una dirección de correo electrónico verificada, por lo que no se puede asociar a una cuenta de Trialpath.',
  },
  'sso.noAccount': {
    en: 'No active Trialpath account matches the e-mail address of your single sign-on account. Ask an administrator for an invitation.',
    es: 'Ninguna cuenta activa de Trialpath coincide con la dirección de correo electrónico de su cuenta de inicio de sesión único. Pida una invitación a un administrador.',
  },
  'sso.ambiguousAccount': {
    en: 'Several Trialpath accounts use the e-mail address of your single sign-on account. Ask an administrator to resolve it.',
    es: 'Varias cuentas de Trialpath usan la dirección de correo electrónico de su cuenta de inicio de sesión único. Pida a un administrador que lo resuelva.',
  },
  'sso.linkMismatch': {
    en: 'Your single sign-on account is linked to a different Trialpath account. Ask an administrator to check it.',
    es: 'Su cuenta de inicio de sesión único está vinculada a otra cuenta de Trialpath. Pida a un administrador que lo compruebe.',
  },
  // staff portal page `/`
  'sso.signInWith': { en: 'Sign in with {name}', es: 'Iniciar sesión con {name}' },
  'sso.usePassword': {
    en: 'Sign in with username and password',
    es: 'Iniciar sesión con nombre de usuario y contraseña',
  },
  'sso.title': { en: 'Sign in', es: 'Iniciar sesión' },
  'sso.subtitle': {
    en: 'Choose how you want to sign in.',
    es: 'Elija cómo quiere iniciar sesión.',
  },
  'sso.signingIn': { en: 'Signing you in…', es: 'Iniciando sesión…' },
  'sso.failedTitle': { en: 'Single sign-on failed', es: 'El inicio de sesión único ha fallado' },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(SSO_MESSAGES);
