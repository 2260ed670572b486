/**
 * Device and wearable data (issue 14; H-030…H-032, H-038, H-039; decision H-devices): why a FHIR bundle or an Open
 * mHealth data point is refused (each with the failing path in the error's details), and the ingestion refusals.
 * Registered through `@trialpath/domain/staff-messages` (the server and the staff portal).
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const DEVICE_MESSAGES = {
  'devices.notDeviceData': {
    en: 'Send a FHIR R4 Bundle of Observations or Open mHealth data points.',
    es: 'Envíe un Bundle FHIR R4 de Observations o puntos de datos de Open mHealth.',
  },
  'devices.notBundle': {
    en: 'Only a FHIR Bundle is accepted here, not a {resourceType}.',
    es: 'Aquí solo se acepta un Bundle FHIR, no un {resourceType}.',
  },
  'devices.bundleType': {
    en: 'The Bundle type must be collection, transaction or batch.',
    es: 'El tipo del Bundle debe ser collection, transaction o batch.',
  },
  'devices.empty': { en: 'No measurement was sent.', es: 'No se ha enviado ninguna medición.' },
  'devices.tooMany': {
    en: 'At most {max} measurements can be sent at once.',
    es: 'Se pueden enviar como máximo {max} mediciones a la vez.',
  },
  'devices.notObservation': {
    en: 'Each entry must hold an Observation resource.',
    es: 'Cada entrada debe contener un recurso Observation.',
  },
  'devices.status': {
    en: 'The observation status must be final, amended, corrected or preliminary.',
    es: 'El estado de la observación debe ser final, amended, corrected o preliminary.',
  },
  'devices.unknownCode': {
    en: 'The code needs a LOINC coding of a supported measurement ({codes}).',
    es: 'El código necesita una codificación LOINC de una medición admitida ({codes}).',
  },
  'devices.unit': {
    en: 'The unit of {code} must be one of these UCUM units: {units}.',
    es: 'La unidad de {code} debe ser una de estas unidades UCUM: {units}.',
  },
  'devices.unitSystem': {
    en: 'Units must be UCUM (system http://unitsofmeasure.org).',
    es: 'Las unidades deben ser UCUM (sistema http://unitsofmeasure.org).',
  },
  'devices.value': { en: 'The value must be a number.', es: 'El valor debe ser un número.' },
  'devices.range': {
    en: 'The value {value} {unit} of {code} is outside the plausible range {min}–{max} {unit}.',
    es: 'El valor {value} {unit} de {code} está fuera del rango plausible {min}–{max} {unit}.',
  },
  'devices.components': {
    en: 'A blood pressure needs its systolic (8480-6) and diastolic (8462-4) components.',
    es: 'Una presión arterial necesita sus componentes sistólico (8480-6) y diastólico (8462-4).',
  },
  'devices.effective': {
    en: 'Say when the measurement was taken: effectiveDateTime, effectiveInstant or effectivePeriod.',
    es: 'Indique cuándo se tomó la medición: effectiveDateTime, effectiveInstant o effectivePeriod.',
  },
  'devices.dateTime': {
    en: 'A date and time in ISO 8601 with a time zone, e.g. 2026-03-01T08:30:00Z.',
    es: 'Una fecha y hora ISO 8601 con zona horaria, p. ej. 2026-03-01T08:30:00Z.',
  },
  'devices.periodOrder': {
    en: 'The end of the period is before its start.',
    es: 'El final del periodo es anterior a su inicio.',
  },
  'devices.text': { en: 'A non-empty text is required here.', es: 'Aquí se necesita un texto no vacío.' },
  'devices.object': { en: 'An object is required here.', es: 'Aquí se necesita un objeto.' },
  'devices.omhNamespace': {
    en: 'The schema namespace must be omh.',
    es: 'El espacio de nombres del esquema debe ser omh.',
  },
  'devices.omhSchema': {
    en: 'The schema {name} is not one of the accepted Open mHealth schemas: {names}.',
    es: 'El esquema {name} no es uno de los esquemas de Open mHealth aceptados: {names}.',
  },
  'devices.omhVersion': {
    en: 'The schema version must be major.minor, e.g. 1.0.',
    es: 'La versión del esquema debe ser mayor.menor, p. ej. 1.0.',
  },
  'devices.typeNotEnabled': {
    en: 'This study does not collect {type} data.',
    es: 'Este estudio no recoge datos de {type}.',
  },
  'devices.ingestionOff': {
    en: 'This study does not accept device data.',
    es: 'Este estudio no acepta datos de dispositivos.',
  },
  'devices.keyInvalid': {
    en: 'The ingestion key is missing or not valid for this study.',
    es: 'La clave de ingesta falta o no es válida para este estudio.',
  },
  'devices.participantUnknown': {
    en: 'The study has no participant with this code.',
    es: 'El estudio no tiene ningún participante con este código.',
  },
  'devices.unknownDevice': {
    en: 'The device {id} is not in the catalogue.',
    es: 'El dispositivo {id} no está en el catálogo.',
  },
  'devices.deviceTypeOff': {
    en: 'The device {id} measures nothing the study collects: enable one of its types first.',
    es: 'El dispositivo {id} no mide nada que el estudio recoja: active antes uno de sus tipos.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(DEVICE_MESSAGES);
