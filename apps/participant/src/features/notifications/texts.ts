/**
 * The notification screen's texts (D-040), in its own chunk: an i18next namespace added when the screen loads,
 * so the portal's first load carries none of them (budget 150 kB, decision 0011). The spec's warning
 * 'Please allow app to receive notifications.' (D-118) is the domain catalogue's push.allowNotifications.
 */
const en = {
  title: 'Notifications',
  intro:
    'Your study team can remind you on this device when an activity or a visit is due. Notifications show only a short reminder, never your answers.',
  choice: 'You can turn them off here at any time.',
  allow: 'Allow',
  notNow: 'Not now',
  blocked:
    'Notifications are blocked for this site in your browser settings. Allow them there, then choose Allow again.',
  unsupported: 'This browser cannot show notifications from the study portal.',
  on: 'Notifications are on for this device.',
  sendTest: 'Send a test notification',
  testSent: 'A test notification is on its way. It should appear on this device within a few seconds.',
  turnOff: 'Turn off notifications',
  turnedOff: 'Notifications are off for this device.',
  failed: 'Your choice could not be saved. Please try again.',
};

type Texts = { [K in keyof typeof en]: string };

const es: Texts = {
  title: 'Notificaciones',
  intro:
    'Su equipo del estudio puede recordarle en este dispositivo cuándo toca una actividad o una visita. Las notificaciones solo muestran un breve recordatorio, nunca sus respuestas.',
  choice: 'Puede desactivarlas aquí en cualquier momento.',
  allow: 'Permitir',
  notNow: 'Ahora no',
  blocked:
    'Las notificaciones de este sitio están bloqueadas en la configuración de su navegador. Permítalas allí y vuelva a elegir Permitir.',
  unsupported: 'Este navegador no puede mostrar notificaciones del portal del estudio.',
  on: 'Las notificaciones están activadas en este dispositivo.',
  sendTest: 'Enviar una notificación de prueba',
  testSent: 'Se está enviando una notificación de prueba. Debería aparecer en este dispositivo en unos segundos.',
  turnOff: 'Desactivar las notificaciones',
  turnedOff: 'Las notificaciones están desactivadas en este dispositivo.',
  failed: 'No se ha podido guardar su elección. Inténtelo de nuevo.',
};

export const NOTIFICATIONS_NS = 'notifications';
export const NOTIFICATIONS_TEXTS = { en, es } as const;
