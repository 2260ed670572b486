/** Participant documents and e-signature (issue 12): its messages. Ours: the spec gives none. Registered through `@trialpath/domain/staff-messages`. */
import type { CatalogueEntry } from './catalogue';
import { registerMessages } from './translate';

export const PARTICIPANT_DOCUMENT_MESSAGES = {
  'participantDocuments.notSendable': {
    en: "This document is not active for the participant's site. Activate it in the study's documents first.",
    es: 'Este documento no está activo para el centro del participante. Actívelo primero en los documentos del estudio.',
  },
  'participantDocuments.selectedOnly': {
    en: 'This document is offered to selected participants only. Send it to each participant, or allow it for more participants first.',
    es: 'Este documento solo se ofrece a participantes seleccionados. Envíelo a cada participante o permítalo primero para más participantes.',
  },
  'participantDocuments.alreadySent': {
    en: 'The participant already has this document. Invalidate it to send it again.',
    es: 'El participante ya tiene este documento. Invalídelo para enviarlo de nuevo.',
  },
  'participantDocuments.stateRefused': {
    en: 'This cannot be done while the document is {status}.',
    es: 'Esto no se puede hacer mientras el documento está en estado {status}.',
  },
  'participantDocuments.invalidated': {
    en: 'This document was invalidated and can no longer change.',
    es: 'Este documento se invalidó y ya no puede cambiar.',
  },
  'participantDocuments.alreadySigned': {
    en: 'A signature was already given on this document: invalidate it instead.',
    es: 'Ya se ha firmado este documento: invalídelo en su lugar.',
  },
  'participantDocuments.cancelOrResend': {
    en: 'Choose either to cancel the request or to resend it, not both.',
    es: 'Elija cancelar la solicitud o reenviarla, no ambas cosas.',
  },
  'participantDocuments.piAlreadyAsked': {
    en: 'The investigator is already asked to sign this document, or it is completed.',
    es: 'Ya se ha pedido la firma del investigador para este documento, o ya está completado.',
  },
  'participantDocuments.notPiTurn': {
    en: "The investigator signs after the participant, and only when asked. Nothing waits for the investigator's signature now.",
    es: 'El investigador firma después del participante y solo cuando se le pide. Ahora no se espera la firma del investigador.',
  },
  'participantDocuments.notYourTurn': {
    en: 'Your signature is not asked for on this document now.',
    es: 'Ahora no se le pide su firma en este documento.',
  },
  'participantDocuments.changed': {
    en: 'The document is not the one you opened. Open it again before signing.',
    es: 'El documento no es el que abrió. Ábralo de nuevo antes de firmar.',
  },
  'participantDocuments.replay': {
    en: 'This signature was already sent.',
    es: 'Esta firma ya se envió.',
  },
  'participantDocuments.noEmail': {
    en: 'The participant has no e-mail address on file.',
    es: 'El participante no tiene ninguna dirección de correo electrónico registrada.',
  },
  'participantDocuments.notAwaitingParticipant': {
    en: 'Nothing on this document waits for the participant: ask for their signature first.',
    es: 'Nada en este documento espera al participante: pida primero su firma.',
  },
  'participantDocuments.notSigned': {
    en: 'This document has no signature yet, so there is no signed PDF.',
    es: 'Este documento aún no tiene firmas, así que no hay PDF firmado.',
  },
  'participantDocuments.siteNotInStudy': {
    en: 'This site is not a site of the study.',
    es: 'Este centro no es un centro del estudio.',
  },
  'participantDocuments.meaning.participant': {
    en: 'By signing, I confirm that I have read this document and agree to it.',
    es: 'Al firmar, confirmo que he leído este documento y que estoy de acuerdo con él.',
  },
  'participantDocuments.meaning.pi': {
    en: "By signing, I confirm as investigator that I have reviewed this document and the participant's signature.",
    es: 'Al firmar, confirmo como investigador que he revisado este documento y la firma del participante.',
  },
  'participantDocuments.mail.subject': {
    en: 'A document waits for your signature',
    es: 'Un documento espera su firma',
  },
  'participantDocuments.mail.body': {
    en: 'Hello,\n\nthe study team of {study} asks you to read and sign the document "{title}". Sign in to the participant portal and open Documents to sign.\n\nThank you.',
    es: 'Hola:\n\nel equipo del estudio {study} le pide que lea y firme el documento «{title}». Inicie sesión en el portal del participante y abra Documentos para firmar.\n\nGracias.',
  },
  'participantDocuments.pdf.signaturePage': { en: 'Electronic signatures', es: 'Firmas electrónicas' },
  'participantDocuments.pdf.document': { en: 'Document', es: 'Documento' },
  'participantDocuments.pdf.study': { en: 'Study', es: 'Estudio' },
  'participantDocuments.pdf.participant': { en: 'Participant', es: 'Participante' },
  'participantDocuments.pdf.role.PARTICIPANT': { en: 'Participant', es: 'Participante' },
  'participantDocuments.pdf.role.PI': { en: 'Investigator', es: 'Investigador' },
  'participantDocuments.pdf.signedBy': { en: 'Signed by', es: 'Firmado por' },
  'participantDocuments.pdf.meaning': { en: 'Meaning', es: 'Significado' },
  'participantDocuments.pdf.signedUtc': { en: 'Signed (UTC)', es: 'Firmado (UTC)' },
  'participantDocuments.pdf.hash': { en: 'Document SHA-256', es: 'SHA-256 del documento' },
  'participantDocuments.pdf.method': {
    en: 'Signed electronically after re-entering the password; the signature applies to the document whose SHA-256 is shown.',
    es: 'Firmado electrónicamente tras volver a introducir la contraseña; la firma se aplica al documento cuyo SHA-256 se muestra.',
  },
} as const satisfies Record<string, CatalogueEntry>;

registerMessages(PARTICIPANT_DOCUMENT_MESSAGES);
