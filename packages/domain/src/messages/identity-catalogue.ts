/**
 * Identity and profile messages (000 §3, §7.2, §7.3; decisions ).
 * All texts are ours (the spec gives none). Merged into MESSAGES by catalogue.ts.
 */
import type { CatalogueEntry } from './catalogue';

export const IDENTITY_MESSAGES = {
  // ── one-time codes ────────────────────────────────────────────────────────────────────────
  'otp.invalid': {
    en: 'The code is not correct. Please check it and try again.',
    es: 'El código no es correcto. Revíselo e inténtelo de nuevo.',
  },
  'otp.expired': {
    en: 'This code is no longer valid. Please ask for a new one.',
    es: 'Este código ya no es válido. Solicite uno nuevo.',
  },
  'phone.invalid': {
    en: 'Enter a valid mobile number.',
    es: 'Introduzca un número de móvil válido.',
  },
  'phone.countryCodeInvalid': {
    en: 'Enter a valid country code, for example +1.',
    es: 'Introduzca un prefijo de país válido, por ejemplo +1.',
  },
  // ── e-mail change ─────────────────────────────────────────────────────────────────
  'email.sameAsCurrent': {
    en: 'This is already your e-mail address.',
    es: 'Esta ya es su dirección de correo electrónico.',
  },
  // ── forgot username ───────────────────────────────────────────────────────────────
  'username.reminderSent': {
    en: 'If an account uses this e-mail address, its username has been sent to it.',
    es: 'Si alguna cuenta usa esta dirección de correo electrónico, se le ha enviado su nombre de usuario.',
  },
  // ── registration ────────────────────────────────────────────────────────────
  'username.noSpaces': {
    en: 'Username must not contain spaces.',
    es: 'El nombre de usuario no debe contener espacios.',
  },
  'username.available': { en: 'This username is available.', es: 'Este nombre de usuario está disponible.' },
  // ── profile (000 §3) ──────────────────────────────────────────────────────────────────────
  'profile.imageTypeMismatch': {
    en: 'The file is not a {type} image.',
    es: 'El archivo no es una imagen {type}.',
  },
  'profile.imageEmpty': { en: 'The image file is empty.', es: 'El archivo de imagen está vacío.' },
} as const satisfies Record<string, CatalogueEntry>;
