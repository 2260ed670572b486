/**
 * Activity messages (spec 001 §4, §5). `en` is the spec's exact text where the spec gives one (typos
 * included); texts marked "ours" are decisions (docs/decisions/B-*.md). Placeholders `{name}` are filled
 * by translate(). The table joins the catalogue when this module is imported
 * (`@trialpath/domain/activity-messages`: the server, the staff portal through staff-messages, and the
 * participant portal's activity screens), so neither portal's first screen carries it (decision 0036).
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const ACTIVITY_MESSAGES = {
  // ── required answers (001 §5) ─────────────────────────────────────────────────────────────
  'activity.required': { en: 'Please select an answer', es: 'Seleccione una respuesta' },
  'activity.wongBaker': { en: 'Please select correct answer.', es: 'Seleccione una respuesta correcta.' },
  // ours: an answer that names an option the question does not have, or a scale value not offered
  'activity.invalidOption': {
    en: 'Please select one of the answers offered.',
    es: 'Seleccione una de las respuestas ofrecidas.',
  },
  // ours: an answer to a question that branching has skipped (server side)
  'activity.answerToDisabled': {
    en: 'This question was skipped by the answers given earlier, so it cannot be answered.',
    es: 'Esta pregunta se ha omitido por las respuestas anteriores, por lo que no se puede responder.',
  },
  // ours: an answer to a question the activity does not have
  'activity.unknownQuestion': {
    en: 'This question is not part of the activity.',
    es: 'Esta pregunta no forma parte de la actividad.',
  },
  // ours: entries the participant portal never sends (issue 7; docs/activity-model.md § Submission payload)
  'activity.repeatedQuestion': {
    en: 'This question is answered more than once in the submission.',
    es: 'Esta pregunta se responde más de una vez en el envío.',
  },
  'activity.notInFlow': {
    en: 'This question is not part of the participant flow, so it cannot be answered.',
    es: 'Esta pregunta no forma parte del recorrido del participante, por lo que no se puede responder.',
  },
  'activity.typeMismatch': {
    en: 'This answer was sent for a {given} question, but the question is of type {expected}.',
    es: 'Esta respuesta se envió para una pregunta de tipo {given}, pero la pregunta es de tipo {expected}.',
  },
  'activity.noAnswerExpected': { en: 'This question takes no answer.', es: 'Esta pregunta no admite respuesta.' },
  'activity.skippedWithAnswer': {
    en: 'An answer marked as skipped cannot carry a value.',
    es: 'Una respuesta marcada como omitida no puede llevar un valor.',
  },
  'activity.invalidPayload': {
    en: 'The submission is not in the expected format.',
    es: 'El envío no tiene el formato esperado.',
  },
  'activity.invalidActivity': {
    en: 'The activity definition is not valid.',
    es: 'La definición de la actividad no es válida.',
  },

  // ── date (001 §5) ─────────────────────────────────────────────────────────────────────────
  'activity.date.range': {
    en: 'Enter a date in the range of {start} - {end}.',
    es: 'Introduzca una fecha en el intervalo {start} - {end}.',
  },
  'activity.date.min': {
    en: 'Enter a Date that begins {date} or later.',
    es: 'Introduzca una fecha a partir del {date}.',
  },
  'activity.date.max': { en: 'Enter a Date no later than {date}.', es: 'Introduzca una fecha no posterior al {date}.' },
  // ours
  'activity.date.invalid': {
    en: 'Enter a valid date ({format}).',
    es: 'Introduzca una fecha válida ({format}).',
  },

  // ── time (001 §5) ─────────────────────────────────────────────────────────────────────────
  'activity.time.range': {
    en: 'Enter a time in the range of {start} - {end}.',
    es: 'Introduzca una hora en el intervalo {start} - {end}.',
  },
  // ours
  'activity.time.invalid': { en: 'Enter a valid time ({format}).', es: 'Introduzca una hora válida ({format}).' },
  'activity.dateTime.both': { en: 'Enter both a date and a time.', es: 'Introduzca una fecha y una hora.' },

  // ── number, integer, decimal (001 §5) ─────────────────────────────────────────────────────
  'activity.number.invalid': { en: 'Answer should be a valid number', es: 'La respuesta debe ser un número válido' },
  'activity.number.between': {
    en: 'Please enter a number that is between {min} (Min) and {max} (Max).',
    es: 'Introduzca un número entre {min} (mín.) y {max} (máx.).',
  },
  // decision B-054: the one-bound variants keep the two-bound sentence's shape
  'activity.number.min': {
    en: 'Please enter a number that is greater than {min} (Min).',
    es: 'Introduzca un número mayor que {min} (mín.).',
  },
  'activity.number.max': {
    en: 'Please enter a number that is less than {max} (Max).',
    es: 'Introduzca un número menor que {max} (máx.).',
  },
  // ours: soft bounds warn and pass
  'activity.number.softMin': {
    en: 'This value is below the expected minimum of {min}. Please check your answer.',
    es: 'Este valor es inferior al mínimo esperado de {min}. Revise su respuesta.',
  },
  'activity.number.softMax': {
    en: 'This value is above the expected maximum of {max}. Please check your answer.',
    es: 'Este valor es superior al máximo esperado de {max}. Revise su respuesta.',
  },
  'activity.number.decimals': { en: 'Up to {n} decimals are allowed.', es: 'Se permiten hasta {n} decimales.' },
  'activity.number.noDecimals': { en: 'Decimals not allowed', es: 'No se permiten decimales' },
  'activity.number.negative': { en: 'Negative value not allowed', es: 'No se permiten valores negativos' },

  // ── text (001 §5) ─────────────────────────────────────────────────────────────────────────
  'activity.text.limit': {
    en: 'Character limit cannot exceed {n}.',
    es: 'El número de caracteres no puede superar {n}.',
  },
  // ours: data-type failures
  'activity.text.alphabet': {
    en: 'Only letters and spaces are allowed.',
    es: 'Solo se permiten letras y espacios.',
  },
  'activity.text.alphanumeric': {
    en: 'Only letters, numbers and spaces are allowed.',
    es: 'Solo se permiten letras, números y espacios.',
  },
  'activity.text.numeric': { en: 'Only numbers are allowed.', es: 'Solo se permiten números.' },

  // ── data edit checks (001 §5; decision B-074) ────────────────────────────────────────────
  'activity.dec.required': { en: 'This field is required.', es: 'Este campo es obligatorio.' },
  'activity.dec.enterResponse': { en: 'Please enter a response.', es: 'Introduzca una respuesta.' },
  'activity.dec.formatSoft': {
    en: 'Your response is not in the expected format: {type}. Please review your response.',
    es: 'Su respuesta no tiene el formato esperado: {type}. Revise su respuesta.',
  },
  'activity.dec.formatHard': {
    en: 'Please enter a response with format: {type}.',
    es: 'Introduzca una respuesta con el formato: {type}.',
  },
  'activity.dec.greaterSoft': {
    en: 'Your response is greater than the expected range {n}. Please review your response.',
    es: 'Su respuesta es mayor que el intervalo esperado {n}. Revise su respuesta.',
  },
  'activity.dec.lessSoft': {
    en: 'Your response is less than the expected range {n}. Please review your response.',
    es: 'Su respuesta es menor que el intervalo esperado {n}. Revise su respuesta.',
  },
  'activity.dec.greaterHard': {
    en: 'Please enter a response greater than {n}.',
    es: 'Introduzca una respuesta mayor que {n}.',
  },
  'activity.dec.lessHard': {
    en: 'Please enter a response less than {n}.',
    es: 'Introduzca una respuesta menor que {n}.',
  },
  'activity.dec.shouldBeGreater': {
    en: 'This field should be greater than {n}.',
    es: 'Este campo debe ser mayor que {n}.',
  },
  'activity.dec.shouldBeLess': { en: 'This field should be less than {n}.', es: 'Este campo debe ser menor que {n}.' },

  // ── medication (001 §5; dose texts ours, decision B-082) ─────────────────────────────────
  'activity.medication.name': { en: 'Medication name is required.', es: 'El nombre del medicamento es obligatorio.' },
  'activity.medication.dosageAmount': {
    en: 'Medication dosage amount, such as 250, is required.',
    es: 'La cantidad de la dosis del medicamento, por ejemplo 250, es obligatoria.',
  },
  'activity.medication.dosageUnit': {
    en: 'Medication dosage unit is required.',
    es: 'La unidad de la dosis del medicamento es obligatoria.',
  },
  'activity.medication.dosesRequired': {
    en: 'Number of doses is required.',
    es: 'El número de dosis es obligatorio.',
  },
  'activity.medication.dosesPositive': {
    en: 'Number of doses must be a whole number greater than 0.',
    es: 'El número de dosis debe ser un número entero mayor que 0.',
  },
  'activity.medication.dosesDigits': {
    en: 'Number of doses must be less than 3 digits.',
    es: 'El número de dosis debe tener menos de 3 dígitos.',
  },
  'activity.medication.reason': { en: 'Reason for use required.', es: 'El motivo de uso es obligatorio.' },
  // ours: amount given but not a positive number
  'activity.medication.dosageAmountInvalid': {
    en: 'Medication dosage amount must be a number greater than 0.',
    es: 'La cantidad de la dosis del medicamento debe ser un número mayor que 0.',
  },

  // ── the participant's tasks and submissions (ours: decision B-091) ────────────────────────
  'activity.notYours': {
    en: 'This activity is not one of yours.',
    es: 'Esta actividad no es una de las suyas.',
  },
  'activity.taskNotYours': {
    en: 'This task is not one of your tasks for this activity.',
    es: 'Esta tarea no es una de sus tareas de esta actividad.',
  },
  'activity.taskClosed': { en: 'This task is no longer open.', es: 'Esta tarea ya no está abierta.' },
  'activity.taskNotOpenYet': { en: 'This task is not open yet.', es: 'Esta tarea aún no está abierta.' },
  'activity.taskAnswered': {
    en: 'This task has already been answered.',
    es: 'Esta tarea ya se ha respondido.',
  },
  'activity.activitiesPaused': {
    en: 'Your study team has paused your activities. Please contact them if you have any questions.',
    es: 'El equipo del estudio ha pausado sus actividades. Póngase en contacto con ellos si tiene alguna pregunta.',
  },
  'activity.otherParticipant': {
    en: 'This result names another participant or study than the one signed in.',
    es: 'Este resultado indica otro participante u otro estudio distinto del que ha iniciado sesión.',
  },
  'activity.otherSite': {
    en: 'This answer names another site than the participant’s.',
    es: 'Esta respuesta indica un centro distinto del centro del participante.',
  },
  'activity.otherActivity': {
    en: 'This result is for another activity than the one it was sent to.',
    es: 'Este resultado es de una actividad distinta de aquella a la que se envió.',
  },
  'activity.versionChanged': {
    en: 'Your study has been updated since you opened this activity. Please open it again.',
    es: 'Su estudio se ha actualizado desde que abrió esta actividad. Vuelva a abrirla.',
  },
  'activity.completionTimeInvalid': {
    en: 'The completion time is not a valid date and time.',
    es: 'La hora de finalización no es una fecha y hora válidas.',
  },

  // ── navigation (001 §4) ───────────────────────────────────────────────────────────────────
  'activity.nav.start': { en: 'Start', es: 'Comenzar' },
  'activity.nav.next': { en: 'Next', es: 'Siguiente' },
  'activity.nav.submit': { en: 'Submit', es: 'Enviar' },
  'activity.nav.back': { en: 'Back', es: 'Atrás' },

  // ── answer status (001 §4) ────────────────────────────────────────────────────────────────
  'activity.status.completed': { en: 'Completed', es: 'Completada' },
  'activity.status.incomplete': { en: 'Incomplete', es: 'Incompleta' },

  // ── boolean defaults (ours) ───────────────────────────────────────────────────────────────
  'activity.boolean.yes': { en: 'Yes', es: 'Sí' },
  'activity.boolean.no': { en: 'No', es: 'No' },
} as const satisfies Record<string, CatalogueEntry>;

export type ActivityMessageKey = keyof typeof ACTIVITY_MESSAGES;

registerMessages(ACTIVITY_MESSAGES);
