/**
 * Messages of participant management (issue 12). Ours: the spec gives none for these calls. Registered through
 * `@trialpath/domain/staff-messages` (the server and the staff portal only).
 */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const PARTICIPANT_MESSAGES = {
  'participants.labelTaken': {
    en: 'This study already has a label named {name}.',
    es: 'Este estudio ya tiene una etiqueta llamada {name}.',
  },
  'participants.unknownLabel': {
    en: 'This label does not exist in the study any more. Reload the page.',
    es: 'Esta etiqueta ya no existe en el estudio. Vuelva a cargar la página.',
  },
  'participants.sortNeedsIdentity': {
    en: "You cannot sort by a participant's name or e-mail address: your role does not show who participants are.",
    es: 'No puede ordenar por el nombre o el correo electrónico de los participantes: su rol no muestra quiénes son.',
  },
  'participants.statusNotAllowed': {
    en: "This change is not allowed from the participant's current status.",
    es: 'Este cambio no está permitido desde el estado actual del participante.',
  },
  'participants.statusChangedMeanwhile': {
    en: "Someone changed this participant's status while you were working. Reload to see the current status.",
    es: 'Otra persona cambió el estado de este participante mientras usted trabajaba. Vuelva a cargar para ver el estado actual.',
  },
  'participants.reasonCodeRequired': {
    en: 'Choose a reason from the list.',
    es: 'Elija un motivo de la lista.',
  },
  'participants.reasonCodeNotForStatus': {
    en: 'This reason does not apply to that status.',
    es: 'Este motivo no corresponde a ese estado.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(PARTICIPANT_MESSAGES);
