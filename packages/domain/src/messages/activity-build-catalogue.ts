/**
 * Messages of the activity library and form builder (issue 10, decision 0044); all ours (002 §8 gives
 * none). Spread into the study messages, so the staff portal and the API have them and the participant
 * portal does not carry them.
 */
import type { CatalogueEntry } from './catalogue';

export const ACTIVITY_BUILD_MESSAGES = {
  'activityBuild.duplicateIdentifier': {
    en: 'Another question already uses the identifier {identifier}.',
    es: 'Otra pregunta ya usa el identificador {identifier}.',
  },
  'activityBuild.duplicateOption': {
    en: 'Two options of this question have the same id.',
    es: 'Dos opciones de esta pregunta tienen el mismo id.',
  },
  'activityBuild.branchBackwards': {
    en: 'A branching rule can only skip forward: {target} comes before this question.',
    es: 'Una regla de ramificación solo puede saltar hacia delante: {target} está antes de esta pregunta.',
  },
  'activityBuild.branchToItself': {
    en: 'A branching rule cannot skip to its own question.',
    es: 'Una regla de ramificación no puede saltar a su propia pregunta.',
  },
  'activityBuild.branchUnknown': {
    en: 'The branching rule skips to {target}, which is not a question of this activity.',
    es: 'La regla de ramificación salta a {target}, que no es una pregunta de esta actividad.',
  },
  'activityBuild.duplicateVariable': {
    en: 'The name {name} is already used by a question or another variable.',
    es: 'El nombre {name} ya lo usa una pregunta u otra variable.',
  },
  'activityBuild.formulaEmpty': { en: 'Enter a formula.', es: 'Introduzca una fórmula.' },
  'activityBuild.formulaInvalid': {
    en: 'This formula cannot be read: {detail}.',
    es: 'No se puede leer esta fórmula: {detail}.',
  },
  'activityBuild.formulaUnknownName': {
    en: 'The formula uses {name}, which is neither a question identifier nor an earlier variable.',
    es: 'La fórmula usa {name}, que no es ni un identificador de pregunta ni una variable anterior.',
  },
  'activityBuild.identifierFormat': {
    en: 'Use letters, digits, _ and -, starting with a letter (at most 64).',
    es: 'Use letras, dígitos, _ y -, empezando por una letra (64 como máximo).',
  },
  'activityBuild.identifierTaken': {
    en: 'Another activity here already uses the identifier {identifier}.',
    es: 'Otra actividad de aquí ya usa el identificador {identifier}.',
  },
  'activityBuild.revisionLocked': {
    en: 'Revision {number} is {status} and can no longer change. Make a new revision to edit it.',
    es: 'La revisión {number} está en estado {status} y ya no puede cambiar. Cree una revisión nueva para editarla.',
  },
  'activityBuild.draftRevisionExists': {
    en: 'Revision {number} is already being edited; edit that one.',
    es: 'La revisión {number} ya se está editando; edite esa.',
  },
  'activityBuild.revisionConflict': {
    en: 'Someone else saved this revision while you were editing it. Reload to see their changes.',
    es: 'Otra persona guardó esta revisión mientras usted la editaba. Vuelva a cargar para ver sus cambios.',
  },
  'activityBuild.activityConflict': {
    en: 'Someone else changed this activity while you were editing it. Reload to see their changes.',
    es: 'Otra persona cambió esta actividad mientras usted la editaba. Vuelva a cargar para ver sus cambios.',
  },
  'activityBuild.statusMove': {
    en: 'A revision cannot go from {from} to {to}.',
    es: 'Una revisión no puede pasar de {from} a {to}.',
  },
  'activityBuild.archived': {
    en: 'This activity is archived. Restore it to change it.',
    es: 'Esta actividad está archivada. Restáurela para cambiarla.',
  },
  'activityBuild.groupNameTaken': {
    en: 'A group with this name already exists.',
    es: 'Ya existe un grupo con este nombre.',
  },
  'activityBuild.groupInUse': {
    en: 'This group still holds {count} activities. Move them to another group first.',
    es: 'Este grupo aún contiene {count} actividades. Muévalas antes a otro grupo.',
  },
  'activityBuild.unknownGroup': { en: 'This group does not exist.', es: 'Este grupo no existe.' },
  'activityBuild.importInvalid': {
    en: 'This file is not an activity or a FHIR Questionnaire this platform can read.',
    es: 'Este archivo no es una actividad ni un cuestionario FHIR que esta plataforma pueda leer.',
  },
  'activityBuild.notStudyActivity': {
    en: 'This is not an activity of this study. Add it to the study (or copy it from the library) first.',
    es: 'No es una actividad de este estudio. Añádala al estudio (o cópiela de la biblioteca) primero.',
  },
  'activityBuild.unknownRevision': {
    en: 'This revision does not belong to the activity.',
    es: 'Esta revisión no pertenece a la actividad.',
  },
  'activityBuild.retiredRevision': {
    en: 'Revision {number} is retired and cannot be added to a version.',
    es: 'La revisión {number} está retirada y no se puede añadir a una versión.',
  },
  'activityBuild.notInVersion': {
    en: 'This activity is not among the activities of this version.',
    es: 'Esta actividad no está entre las actividades de esta versión.',
  },
  'activityBuild.packetFormsOnly': {
    en: 'A packet holds data capture forms only; {identifier} is not one.',
    es: 'Un paquete solo contiene formularios de captura de datos; {identifier} no lo es.',
  },
  'activityBuild.stillScheduled': {
    en: '{identifier} is still scheduled or in a packet. Remove it from the schedule first.',
    es: '{identifier} sigue programada o en un paquete. Quítela antes del calendario.',
  },
  'activityBuild.usdmUnreadable': {
    en: 'This file is not a CDISC USDM 4.0 study definition this platform can read.',
    es: 'Este archivo no es una definición de estudio CDISC USDM 4.0 que esta plataforma pueda leer.',
  },
} as const satisfies Record<string, CatalogueEntry>;
