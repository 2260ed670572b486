/**
 * Messages of the schedule model (issue 10, decision 0044): the refusals of schedule/model.ts, shown on
 * the builder's inputs and in the API's field errors. Joined into STUDY_MESSAGES (study-catalogue.ts), so
 * they register and type with the rest of the study build's messages.
 */
import type { CatalogueEntry } from './catalogue';

export const SCHEDULE_MESSAGES = {
  'schedule.endBeforeStart': {
    en: 'The window ends before it starts: the end day must be on or after the start day.',
    es: 'El periodo termina antes de empezar: el día final debe ser igual o posterior al día inicial.',
  },
  'schedule.neverEnds': {
    en: 'This repeat never ends: give an end day or a number of times.',
    es: 'Esta repetición no termina nunca: indique un día final o un número de veces.',
  },
  'schedule.tooManyTasks': {
    en: 'This schedule would plan more than {max} tasks for each participant. Shorten the window or repeat less often.',
    es: 'Esta programación crearía más de {max} tareas para cada participante. Acorte el periodo o repita con menos frecuencia.',
  },
  'schedule.duplicateWeekday': {
    en: 'A weekday is listed more than once: choose each weekday only once.',
    es: 'Un día de la semana aparece más de una vez: elija cada día de la semana una sola vez.',
  },
  'schedule.duplicateId': {
    en: 'Another item of this schedule already uses this identifier. Each one needs its own.',
    es: 'Otro elemento de esta programación ya usa este identificador. Cada uno necesita el suyo.',
  },
  'schedule.unknownMilestone': {
    en: 'This schedule is anchored to a milestone the version does not have. Choose one of its milestones.',
    es: 'Esta programación está anclada a un hito que la versión no tiene. Elija uno de sus hitos.',
  },
  'schedule.unknownPacket': {
    en: 'This schedule names a packet the version does not have. Choose one of its packets.',
    es: 'Esta programación indica un paquete que la versión no tiene. Elija uno de sus paquetes.',
  },
  'schedule.unknownActivity': {
    en: 'This names an activity the version does not have. Choose one of its activities.',
    es: 'Aquí se indica una actividad que la versión no tiene. Elija una de sus actividades.',
  },
  'schedule.versionUnknown': {
    en: 'This version does not belong to the study.',
    es: 'Esta versión no pertenece al estudio.',
  },
  'schedule.versionNotPublished': {
    en: 'Only a published version can be given to participants.',
    es: 'Solo se puede asignar a los participantes una versión publicada.',
  },
  'schedule.timeZoneUnknown': { en: 'This time zone is not known.', es: 'Esta zona horaria no se conoce.' },
  'schedule.noVersion': {
    en: 'The participant is not on a study version yet.',
    es: 'El participante aún no tiene una versión del estudio.',
  },
  'schedule.nothingToSend': {
    en: 'There is nothing to send: these tasks were sent already, answered or withdrawn.',
    es: 'No hay nada que enviar: estas tareas ya se enviaron, se respondieron o se retiraron.',
  },
  'schedule.notWithdrawable': {
    en: 'Only an on-demand activity that has not been answered can be taken away.',
    es: 'Solo se puede retirar una actividad a demanda que no se haya respondido.',
  },
} as const satisfies Record<string, CatalogueEntry>;
