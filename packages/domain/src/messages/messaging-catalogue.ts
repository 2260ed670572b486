/** Messages from staff to participants (issue 12): its messages. Ours: the spec gives none. Registered through `@trialpath/domain/staff-messages`. */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const MESSAGING_MESSAGES = {
  // ── refusals of a send or a preview ───────────────────────────────────────────────────────
  'messaging.noParticipantsPicked': {
    en: 'Pick at least one participant.',
    es: 'Elija al menos un participante.',
  },
  'messaging.participantsUnavailable': {
    en: '{count} of the participants picked are not ones you can send to here. Pick them again.',
    es: '{count} de los participantes elegidos no son participantes a los que pueda escribir aquí. Elíjalos de nuevo.',
  },
  'messaging.noSitesChosen': {
    en: 'Choose at least one site.',
    es: 'Elija al menos un centro.',
  },
  'messaging.siteUnavailable': {
    en: 'One of the sites chosen is not one of yours in this study.',
    es: 'Uno de los centros elegidos no es uno de los suyos en este estudio.',
  },
  'messaging.noRecipients': {
    en: 'Nobody would receive this message: no participant you can see matches the audience.',
    es: 'Nadie recibiría este mensaje: ningún participante que usted pueda ver coincide con el público.',
  },
  'messaging.countChanged': {
    en: 'The recipients changed since you checked them: {count} now instead of {confirmed}. Check them again, then send.',
    es: 'Los destinatarios han cambiado desde que los comprobó: ahora son {count} en lugar de {confirmed}. Compruébelos de nuevo y envíe.',
  },
  // ── what the participant receives ─────────────────────────────────────────────────────────
  'messaging.email.subject': { en: '{study}: {subject}', es: '{study}: {subject}' },
  'messaging.email.body': {
    en: 'Hello,\n\nYour study team at {site} sent you a message:\n\n{body}\n\nYou can also read it in your study portal: {link}\n\nTo receive no more e-mails from this study: {unsubscribeLink}',
    es: 'Hola:\n\nSu equipo del estudio en {site} le ha enviado un mensaje:\n\n{body}\n\nTambién puede leerlo en el portal del estudio: {link}\n\nPara no recibir más correos de este estudio: {unsubscribeLink}',
  },
  'messaging.sms.body': {
    en: '{study}: your study team sent you a message, "{subject}". Read it in your study portal: {link}',
    es: '{study}: su equipo del estudio le ha enviado un mensaje, "{subject}". Léalo en el portal del estudio: {link}',
  },
  'messaging.push.title': { en: 'A message from your study team', es: 'Un mensaje de su equipo del estudio' },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(MESSAGING_MESSAGES);
