/**
 * Privacy-preserving linkage tokens (issue 14; H-024…H-029; decision H-linkage-tokens): the server's messages and
 * the names of the identifier fields a token needs. Registered through `@trialpath/domain/staff-messages`.
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const LINKAGE_MESSAGES = {
  'linkage.keyUnreadable': {
    en: 'The linkage key cannot be read with this server’s secret. Replace the key to make tokens again.',
    es: 'La clave de vinculación no se puede leer con el secreto de este servidor. Sustituya la clave para volver a generar los tokens.',
  },
  'linkage.off': {
    en: 'Linkage tokens are off for this study. Turn them on first.',
    es: 'Los tokens de vinculación están desactivados en este estudio. Actívelos primero.',
  },
  'linkage.confirmRotate': {
    en: 'Type ROTATE to confirm: every token of the study changes and the linkage partner needs the new list.',
    es: 'Escriba ROTATE para confirmar: todos los tokens del estudio cambian y el socio de vinculación necesita la nueva lista.',
  },
  'linkage.keyFormat': {
    en: 'The key is 64 hexadecimal characters (32 bytes).',
    es: 'La clave tiene 64 caracteres hexadecimales (32 bytes).',
  },
  'linkage.typesRequired': {
    en: 'Choose at least one kind of token.',
    es: 'Elija al menos un tipo de token.',
  },
  'linkage.datasetNameRequired': {
    en: 'Give the dataset configuration name the linkage partner knows this data by.',
    es: 'Indique el nombre de configuración del conjunto de datos con el que el socio de vinculación conoce estos datos.',
  },
  'linkage.field.first': { en: 'first name', es: 'nombre' },
  'linkage.field.last': { en: 'last name', es: 'apellido' },
  'linkage.field.firstInitial': { en: 'first name', es: 'nombre' },
  'linkage.field.firstSoundex': { en: 'first name', es: 'nombre' },
  'linkage.field.lastSoundex': { en: 'last name', es: 'apellido' },
  'linkage.field.sex': { en: 'sex', es: 'sexo' },
  'linkage.field.dob': { en: 'date of birth', es: 'fecha de nacimiento' },
  'linkage.field.zip5': { en: 'ZIP code', es: 'código postal' },
  'linkage.field.zip3': { en: 'ZIP code', es: 'código postal' },
} as const satisfies Record<string, CatalogueEntry>;

export type LinkageMessageKey = keyof typeof LINKAGE_MESSAGES;

registerMessages(LINKAGE_MESSAGES);
