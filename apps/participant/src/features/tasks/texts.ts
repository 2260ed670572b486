/**
 * The tasks screens' static strings (key group `tasks`), English and Spanish. They arrive with the
 * tasks code (on demand, as the staff features' texts do, decision 0019) instead of in the first load's
 * en.ts, and are added to the portal's i18next when this module loads.
 */
import { addFeatureTexts } from '../../i18n';

export const tasksEn = {
  today: "Today's tasks",
  studyDay: 'Day {{day}} of the study',
  allTasks: 'All tasks',
  empty: 'There is nothing to do today.',
  emptyAll: 'You have no tasks yet.',
  dayHeading: 'Day {{day}}',
  dayToday: 'Day {{day}} (today)',
  holdConsent: 'A consent is waiting for your signature. Your activities are paused until you sign it.',
  holdDisabled: 'Your study team has paused your activities for now.',
  opens: 'Opens {{at}}',
  closes: 'Closes {{at}}',
  noClose: 'No closing time',
  answer: 'Answer',
  correct: 'Correct and send again',
  status: {
    open: 'Open',
    done: 'Done',
    expired: 'Expired',
    upcoming: 'Upcoming',
    notSentYet: 'Not yet available',
    withdrawn: 'Withdrawn',
    waiting: 'Waiting to send',
    failed: 'Not accepted',
  },
  group: {
    todo: 'To do',
    waiting: 'Waiting to send',
    done: 'Done',
    expired: 'Expired',
    later: 'Later',
    withdrawn: 'Withdrawn',
    otherDays: 'Answers from other days on this device',
  },
  task: 'Task',
  checkAnswers: 'Please check these answers:',
  refused: 'Your answers were not accepted: {{message}}',
  restored: 'Your earlier answers have been restored.',
  fieldErrors: 'Some answers were not accepted. Correct them and submit again.',
  notAnswerable: 'This task cannot be answered now.',
  sentTitle: 'Thank you!',
  sentText: 'Your answers have been sent.',
  queuedTitle: 'Your answers are saved',
  queuedText: 'They are kept on this device and will be sent when the connection returns.',
  sendNow: 'Send now',
  stillWaiting: 'Not sent yet. We will try again when the connection returns.',
} as const;

type TextsLike<T> = { [K in keyof T]: T[K] extends string ? string : TextsLike<T[K]> };

export const tasksEs: TextsLike<typeof tasksEn> = {
  today: 'Tareas de hoy',
  studyDay: 'Día {{day}} del estudio',
  allTasks: 'Todas las tareas',
  empty: 'Hoy no hay nada que hacer.',
  emptyAll: 'Todavía no tiene tareas.',
  dayHeading: 'Día {{day}}',
  dayToday: 'Día {{day}} (hoy)',
  holdConsent: 'Hay un consentimiento pendiente de su firma. Sus actividades están en pausa hasta que lo firme.',
  holdDisabled: 'El equipo del estudio ha pausado sus actividades por ahora.',
  opens: 'Se abre el {{at}}',
  closes: 'Se cierra el {{at}}',
  noClose: 'Sin hora de cierre',
  answer: 'Responder',
  correct: 'Corregir y volver a enviar',
  status: {
    open: 'Abierta',
    done: 'Hecha',
    expired: 'Caducada',
    upcoming: 'Próxima',
    notSentYet: 'Aún no disponible',
    withdrawn: 'Retirada',
    waiting: 'Pendiente de envío',
    failed: 'No aceptada',
  },
  group: {
    todo: 'Por hacer',
    waiting: 'Pendientes de envío',
    done: 'Hechas',
    expired: 'Caducadas',
    later: 'Más adelante',
    withdrawn: 'Retiradas',
    otherDays: 'Respuestas de otros días en este dispositivo',
  },
  task: 'Tarea',
  checkAnswers: 'Revise estas respuestas:',
  refused: 'Sus respuestas no se aceptaron: {{message}}',
  restored: 'Se han recuperado sus respuestas anteriores.',
  fieldErrors: 'Algunas respuestas no se aceptaron. Corríjalas y vuelva a enviarlas.',
  notAnswerable: 'Esta tarea no se puede responder ahora.',
  sentTitle: '¡Gracias!',
  sentText: 'Sus respuestas se han enviado.',
  queuedTitle: 'Sus respuestas están guardadas',
  queuedText: 'Se conservan en este dispositivo y se enviarán cuando vuelva la conexión.',
  sendNow: 'Enviar ahora',
  stillWaiting: 'Aún no se han enviado. Lo intentaremos de nuevo cuando vuelva la conexión.',
};

/** Add the strings to i18next (now, or once it has started). */
export function registerTaskTexts(): void {
  addFeatureTexts({ en: { tasks: tasksEn }, es: { tasks: tasksEs } });
}

registerTaskTexts();
