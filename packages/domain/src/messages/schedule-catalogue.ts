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
  'schedule.activitiesDisabled': {
    en: 'Activities are turned off for this participant: turn them on again before sending any.',
    es: 'Las actividades están desactivadas para este participante: vuelva a activarlas antes de enviar alguna.',
  },
  'schedule.noDayZero': {
    en: 'The participant’s study start has not been set yet.',
    es: 'Aún no se ha fijado el inicio del estudio del participante.',
  },
  'forms.sameStatus': {
    en: 'The form already has this status.',
    es: 'El formulario ya tiene este estado.',
  },
  'forms.participantAnswers': {
    en: 'Only the participant’s answer completes this form: staff can mark it not done, or undo that.',
    es: 'Solo la respuesta del participante completa este formulario: el personal puede marcarlo como no realizado o deshacerlo.',
  },
  'forms.moveNotAllowed': {
    en: 'A form cannot go from this status to the one chosen.',
    es: 'Un formulario no puede pasar de este estado al elegido.',
  },
  'forms.unknownForm': {
    en: 'This form is not one of the participant’s.',
    es: 'Este formulario no es uno de los del participante.',
  },
  'forms.noneAtMilestone': {
    en: 'The participant has no such forms at this milestone.',
    es: 'El participante no tiene formularios de este tipo en este hito.',
  },
  'forms.signoffBlocked': {
    en: 'Every site form due so far must be completed or marked not done before signing: {count} are not.',
    es: 'Todos los formularios del centro previstos hasta ahora deben estar completados o marcados como no realizados antes de firmar: faltan {count}.',
  },
  'forms.nothingToSign': {
    en: 'There is nothing to sign yet: no form of the participant is due.',
    es: 'Aún no hay nada que firmar: no hay ningún formulario del participante previsto.',
  },
  'forms.signoffMeaning': {
    en: 'I have reviewed this participant’s data and confirm that it is accurate and complete.',
    es: 'He revisado los datos de este participante y confirmo que son exactos y completos.',
  },
  'forms.piConfirmNeedsStart': {
    en: 'There is no study start to confirm yet: set the participant’s day zero first.',
    es: 'Aún no hay inicio del estudio que confirmar: fije primero el día cero del participante.',
  },
} as const satisfies Record<string, CatalogueEntry>;
