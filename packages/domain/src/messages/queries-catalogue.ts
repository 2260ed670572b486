/** Data queries on site-entered and participant-reported answers, and the participant responses view (issue 12): its messages. Ours: the spec gives none. Registered through `@trialpath/domain/staff-messages`. */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const QUERY_MESSAGES = {
  'queries.status.unchanged': {
    en: 'The query already has this status.',
    es: 'La consulta ya tiene este estado.',
  },
  'queries.status.notAllowed': {
    en: 'The query cannot go to this status from the one it has now.',
    es: 'La consulta no puede pasar a este estado desde el que tiene ahora.',
  },
  'queries.status.mayNot.RESPONSE': {
    en: 'Only site staff who answer queries can respond to a query.',
    es: 'Solo el personal del centro que responde consultas puede responder a una consulta.',
  },
  'queries.status.mayNot.CLOSE': {
    en: 'Only a monitor or data manager who closes queries can close a query.',
    es: 'Solo un monitor o gestor de datos que cierra consultas puede cerrar una consulta.',
  },
  'queries.status.mayNot.REOPEN': {
    en: 'Only a monitor or data manager can reopen a query.',
    es: 'Solo un monitor o gestor de datos puede reabrir una consulta.',
  },
  'queries.status.changedMeanwhile': {
    en: 'Someone changed this query meanwhile: it is now {status}. Read the thread again and retry.',
    es: 'Alguien ha cambiado esta consulta mientras tanto: ahora está {status}. Vuelva a leer el hilo e inténtelo de nuevo.',
  },
  'queries.text.required': {
    en: 'Write a message.',
    es: 'Escriba un mensaje.',
  },
  'queries.text.tooLong': {
    en: 'The message is too long: at most 2000 characters.',
    es: 'El mensaje es demasiado largo: como máximo 2000 caracteres.',
  },
  'queries.alreadyActive': {
    en: 'This answer already has a query that is not closed. Add to that query instead.',
    es: 'Esta respuesta ya tiene una consulta sin cerrar. Añada su mensaje a esa consulta.',
  },
  'queries.reopenWhileActive': {
    en: 'Another query on this answer is not closed. Close it before reopening this one.',
    es: 'Otra consulta sobre esta respuesta no está cerrada. Ciérrela antes de reabrir esta.',
  },
  'queries.target.notFound': {
    en: 'The answer this query is about was not found.',
    es: 'No se ha encontrado la respuesta a la que se refiere esta consulta.',
  },
  'queries.item.unknown': {
    en: 'The form has no question "{item}".',
    es: 'El formulario no tiene la pregunta «{item}».',
  },
  'queries.item.blinded': {
    en: 'This question holds unblinding data: you cannot raise a query on it.',
    es: 'Esta pregunta contiene datos de desenmascaramiento: no puede abrir una consulta sobre ella.',
  },
  'queries.comment.closed': {
    en: 'A closed query takes no further messages. Reopen it first.',
    es: 'Una consulta cerrada no admite más mensajes. Reábrala primero.',
  },
  'queries.comment.mayNot': {
    en: 'Only staff who raise, answer or close queries can write in a query.',
    es: 'Solo el personal que abre, responde o cierra consultas puede escribir en una consulta.',
  },
  'queries.assign.closed': {
    en: 'This query is closed: reopen it before assigning it.',
    es: 'Esta consulta está cerrada: reábrala antes de asignarla.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(QUERY_MESSAGES);
