/** EDC: site data entry of data capture forms (issue 12): its messages. Ours: the spec gives none. Registered through `@trialpath/domain/staff-messages`. */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const EDC_MESSAGES = {
  'edc.locked': {
    en: 'This form is locked. Someone with the data lock permission must unlock it, with a reason, before it can change.',
    es: 'Este formulario está bloqueado. Alguien con permiso de bloqueo de datos debe desbloquearlo, con un motivo, antes de cambiarlo.',
  },
  'edc.siteLocked': {
    en: "The site's data is locked: no new form can be entered there until it is unlocked.",
    es: 'Los datos del centro están bloqueados: no se puede introducir ningún formulario nuevo hasta que se desbloqueen.',
  },
  'edc.siteAlreadyLocked': {
    en: "The site's data is already locked.",
    es: 'Los datos del centro ya están bloqueados.',
  },
  'edc.siteNotLocked': { en: "The site's data is not locked.", es: 'Los datos del centro no están bloqueados.' },
  'edc.notLocked': { en: 'This form is not locked.', es: 'Este formulario no está bloqueado.' },
  'edc.alreadyLocked': { en: 'This form is already locked.', es: 'Este formulario ya está bloqueado.' },
  'edc.nothingToLock': {
    en: 'Nothing has been entered in this form yet: there is nothing to lock.',
    es: 'Aún no se ha introducido nada en este formulario: no hay nada que bloquear.',
  },
  'edc.alreadySigned': { en: 'This form is already signed.', es: 'Este formulario ya está firmado.' },
  'edc.signIncomplete': {
    en: 'Only a completed form can be signed: save it as complete first.',
    es: 'Solo se puede firmar un formulario completo: guárdelo primero como completo.',
  },
  'edc.reasonRequired': {
    en: 'Saved values change: give a reason for change.',
    es: 'Cambian valores guardados: indique un motivo del cambio.',
  },
  'edc.staleEntry': {
    en: 'Someone else saved this form after you opened it. Reload it to see their changes, then enter yours again.',
    es: 'Otra persona guardó este formulario después de que usted lo abriera. Vuelva a cargarlo para ver sus cambios e introduzca de nuevo los suyos.',
  },
  'edc.unknownQuestion': {
    en: 'This form has no such question.',
    es: 'Este formulario no tiene esa pregunta.',
  },
  'edc.blindedQuestion': {
    en: 'You may not enter or clear this answer: only unblinded staff may.',
    es: 'No puede introducir ni borrar esta respuesta: solo puede hacerlo el personal no ciego.',
  },
  'edc.unblindedItemsOpen': {
    en: 'Answers that only unblinded staff enter are missing or need attention: the form cannot be completed yet.',
    es: 'Faltan respuestas que solo introduce el personal no ciego, o requieren atención: aún no se puede completar el formulario.',
  },
  'edc.invalidAnswers': {
    en: 'Some answers break the rules of their question. Nothing was saved.',
    es: 'Algunas respuestas no cumplen las reglas de su pregunta. No se guardó nada.',
  },
  'edc.incompleteAnswers': {
    en: 'The form is not complete: correct the answers shown, or save it as incomplete.',
    es: 'El formulario no está completo: corrija las respuestas indicadas o guárdelo como incompleto.',
  },
  'edc.notSiteForm': {
    en: "Only the data capture forms of the participant's study version can be entered here.",
    es: 'Aquí solo se pueden introducir los formularios de recogida de datos de la versión del estudio del participante.',
  },
  'edc.noVersion': {
    en: 'The participant has no study version yet: there are no forms to enter.',
    es: 'El participante aún no tiene versión del estudio: no hay formularios que introducir.',
  },
  'edc.signatureMeaning': {
    en: 'As investigator I have reviewed the data of this form and confirm that they are accurate and complete.',
    es: 'Como investigador he revisado los datos de este formulario y confirmo que son exactos y completos.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(EDC_MESSAGES);
