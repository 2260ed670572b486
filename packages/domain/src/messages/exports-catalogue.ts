/**
 * Data exports (issue 14; H-001…H-013; decision H-exports): the server's messages about exports and their links.
 * Registered through `@trialpath/domain/staff-messages`: only the server and the staff portal export data.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const EXPORT_MESSAGES = {
  'exports.notFound': { en: 'This export does not exist.', es: 'Esta exportación no existe.' },
  'exports.linkExpired': {
    en: 'This download link has expired. Run the export again.',
    es: 'Este enlace de descarga ha caducado. Vuelva a ejecutar la exportación.',
  },
  'exports.linkInvalid': {
    en: 'This download link is not valid.',
    es: 'Este enlace de descarga no es válido.',
  },
  'exports.notReady': {
    en: 'This export is not finished yet.',
    es: 'Esta exportación aún no ha terminado.',
  },
  'exports.failed': {
    en: 'This export failed: {reason}',
    es: 'Esta exportación ha fallado: {reason}',
  },
  'exports.outOfScope': {
    en: 'This export holds data of sites or answers you may not see.',
    es: 'Esta exportación contiene datos de centros o respuestas que usted no puede ver.',
  },
  'exports.notYours': {
    en: 'Only the person who asked for this export may download it.',
    es: 'Solo la persona que pidió esta exportación puede descargarla.',
  },
  'exports.siteNotVisible': {
    en: 'You cannot export data of a site you are not assigned to.',
    es: 'No puede exportar datos de un centro al que no está asignado.',
  },
  'exports.participantRequired': {
    en: 'Choose the participant whose dashboard to export.',
    es: 'Elija el participante cuyo panel desea exportar.',
  },
  'exports.reportRequired': {
    en: 'Choose the report to export.',
    es: 'Elija el informe que desea exportar.',
  },
  'exports.formatsStudyDataOnly': {
    en: 'ODM, FHIR and Dataset-JSON files are made only for the study data export.',
    es: 'Los archivos ODM, FHIR y Dataset-JSON solo se generan en la exportación de datos del estudio.',
  },
  'exports.complianceRange': {
    en: 'The highest compliance must not be lower than the lowest.',
    es: 'El cumplimiento máximo no puede ser inferior al mínimo.',
  },
  'exports.dateRange': {
    en: 'The end date must not be before the start date.',
    es: 'La fecha final no puede ser anterior a la inicial.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(EXPORT_MESSAGES);
