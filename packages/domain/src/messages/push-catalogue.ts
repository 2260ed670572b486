/**
 * Messages of Web Push for participants (001 §7, §8; decision D-092): the device registration's refusals,
 * the test push's own text, and why a test push cannot be sent. Ours: the spec gives only 'Please allow
 * app to receive notifications.' (push.allowNotifications, in the main catalogue: the portal shows it).
 * Registered through `@trialpath/domain/staff-messages` (the server), so the participant portal's first
 * load stays without them; the portal shows the server's text of a refusal in the request's language.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const PUSH_MESSAGES = {
  'push.endpointNotHttps': {
    en: 'The push subscription must have an https endpoint.',
    es: 'La suscripción push debe tener un punto de conexión https.',
  },
  'push.endpointUnknownService': {
    en: 'This push service is not one the server sends notifications through.',
    es: 'Este servicio push no es uno a través del cual el servidor envía notificaciones.',
  },
  'push.p256dhInvalid': {
    en: 'The subscription key (p256dh) is not a P-256 public key.',
    es: 'La clave de la suscripción (p256dh) no es una clave pública P-256.',
  },
  'push.authInvalid': {
    en: 'The subscription secret (auth) must be 16 bytes in base64url.',
    es: 'El secreto de la suscripción (auth) debe tener 16 bytes en base64url.',
  },
  'push.notOwnRecord': {
    en: 'You can register a device only for yourself, in your own study.',
    es: 'Solo puede registrar un dispositivo para usted, en su propio estudio.',
  },
  'push.registrationUnknown': {
    en: 'This registration is not the one of this device.',
    es: 'Este registro no es el de este dispositivo.',
  },
  'push.fieldMustBeBlank': {
    en: 'Leave this field empty for a web device.',
    es: 'Deje este campo vacío para un dispositivo web.',
  },
  'push.noDevice': {
    en: 'No device of yours is registered for notifications. Allow notifications first.',
    es: 'No tiene ningún dispositivo registrado para recibir notificaciones. Permita primero las notificaciones.',
  },
  'push.turnedOff': {
    en: 'Your study team has turned notifications off for you.',
    es: 'Su equipo del estudio ha desactivado las notificaciones para usted.',
  },
  'push.testTitle': { en: 'Test notification', es: 'Notificación de prueba' },
  'push.testBody': {
    en: 'Notifications from {study} are working on this device.',
    es: 'Las notificaciones de {study} funcionan en este dispositivo.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(PUSH_MESSAGES);
