/**
 * Messages of the consent configuration (000 §7.5, decision D-018): refusals of the consent and cohort
 * calls. Joined into STUDY_MESSAGES (study-catalogue.ts) with the rest of the study build's messages.
 */
import type { CatalogueEntry } from './catalogue';

export const CONSENT_MESSAGES = {
  'consent.notFound': {
    en: 'The draft has no consent “{consentId}”.',
    es: 'El borrador no tiene ningún consentimiento «{consentId}».',
  },
  'consent.idTaken': {
    en: 'The draft already has a consent with the id “{consentId}”.',
    es: 'El borrador ya tiene un consentimiento con el identificador «{consentId}».',
  },
  'consent.usedByCohort': {
    en: 'The cohort “{cohort}” lists this consent. Take it out of the cohort first.',
    es: 'La cohorte «{cohort}» incluye este consentimiento. Quítelo primero de la cohorte.',
  },
  'consent.unknownInCohort': {
    en: 'The draft has no consent “{consentId}”.',
    es: 'El borrador no tiene ningún consentimiento «{consentId}».',
  },
  'consent.cohortNotFound': {
    en: 'The draft has no cohort “{cohortId}”.',
    es: 'El borrador no tiene ninguna cohorte «{cohortId}».',
  },
  'consent.orderMismatch': {
    en: 'Give every item of the list exactly once: {expected} items, {given} given.',
    es: 'Indique cada elemento de la lista exactamente una vez: {expected} elementos, {given} indicados.',
  },
  'consent.defaultLanguage': {
    en: "The study's default language ({language}) cannot be removed from a consent.",
    es: 'El idioma predeterminado del estudio ({language}) no se puede quitar de un consentimiento.',
  },
  // ── signing (decision D-consent-signature) ─────────────────────────────────────────────────────────────────
  'consent.signatureMeaning': {
    en: 'By signing, I confirm that I have read and understood this consent, that my questions have been answered, and that I agree to take part in this study of my own free will.',
    es: 'Al firmar, confirmo que he leído y entendido este consentimiento, que se han respondido mis preguntas y que acepto participar en este estudio por mi propia voluntad.',
  },
  'consent.countersignMeaning': {
    en: 'By signing, I confirm as investigator that I explained this consent to the participant and that they signed it.',
    es: 'Al firmar, confirmo como investigador que expliqué este consentimiento al participante y que lo firmó.',
  },
  // ── record linkage (decision D-138) ───────────────────────────────────────────────────────────
  'recordLinkage.notAsked': {
    en: 'Your study does not link its data with other health records.',
    es: 'Su estudio no vincula sus datos con otros registros de salud.',
  },
  'recordLinkage.notAgreed': {
    en: 'Please agree to record linkage before you send your details for it.',
    es: 'Acepte la vinculación de registros antes de enviar sus datos para ella.',
  },
  'consent.required': {
    en: 'Please sign your consent before you answer activities.',
    es: 'Firme su consentimiento antes de responder las actividades.',
  },
  'consent.notInVersion': {
    en: 'This consent is not one you are asked to sign.',
    es: 'Este consentimiento no es uno de los que se le pide firmar.',
  },
  'consent.changed': {
    en: 'This consent has changed since you opened it. Please read it again before signing.',
    es: 'Este consentimiento ha cambiado desde que lo abrió. Léalo de nuevo antes de firmar.',
  },
  'consent.alreadySigned': {
    en: 'You have already signed this consent.',
    es: 'Ya ha firmado este consentimiento.',
  },
  'consent.replay': {
    en: 'This signature was already sent. Open the consent again to sign.',
    es: 'Esta firma ya se envió. Abra de nuevo el consentimiento para firmar.',
  },
  'consent.cohortRequired': {
    en: 'Please choose your group before you sign.',
    es: 'Elija su grupo antes de firmar.',
  },
  'consent.cohortChosen': {
    en: 'Your group has already been chosen.',
    es: 'Su grupo ya se ha elegido.',
  },
  'consent.noSignature': {
    en: 'This consent is not signed.',
    es: 'Este consentimiento no se firma.',
  },
  'consent.disclaimerRequired': {
    en: 'Please accept this statement to go on.',
    es: 'Acepte esta declaración para continuar.',
  },
  'consent.optionalAnswerRequired': {
    en: 'Please answer yes or no.',
    es: 'Responda sí o no.',
  },
  'consent.nameMismatch': {
    en: 'Please type your full name as your signature.',
    es: 'Escriba su nombre completo como firma.',
  },
  'consent.alreadyCountersigned': {
    en: 'This consent has already been countersigned.',
    es: 'Este consentimiento ya ha sido refrendado.',
  },
  'consent.pdf.manifest': { en: 'Signature manifest', es: 'Manifiesto de firma' },
  'consent.pdf.study': { en: 'Study', es: 'Estudio' },
  'consent.pdf.participant': { en: 'Participant', es: 'Participante' },
  'consent.pdf.version': { en: 'Study version', es: 'Versión del estudio' },
  'consent.pdf.signedBy': { en: 'Signed by', es: 'Firmado por' },
  'consent.pdf.meaning': { en: 'Meaning of the signature', es: 'Significado de la firma' },
  'consent.pdf.signedUtc': { en: 'Signed at (UTC)', es: 'Firmado el (UTC)' },
  'consent.pdf.signedLocal': {
    en: 'Signed at (participant’s local time)',
    es: 'Firmado el (hora local del participante)',
  },
  'consent.pdf.method': {
    en: 'Method: electronic signature, identity confirmed by password at signing',
    es: 'Método: firma electrónica, identidad confirmada con contraseña al firmar',
  },
  'consent.pdf.hash': { en: 'Content hash (SHA-256)', es: 'Hash del contenido (SHA-256)' },
  'consent.pdf.optional': { en: 'Optional consents', es: 'Consentimientos opcionales' },
  'consent.pdf.yes': { en: 'Yes', es: 'Sí' },
  'consent.pdf.no': { en: 'No', es: 'No' },
  'consent.pdf.disclaimers': { en: 'Statements accepted', es: 'Declaraciones aceptadas' },
  'consent.pdf.drawn': { en: 'Drawn signature', es: 'Firma dibujada' },
  'consent.pdf.countersignedBy': { en: 'Countersigned by', es: 'Refrendado por' },
  'consent.pdf.countersignedUtc': { en: 'Countersigned at (UTC)', es: 'Refrendado el (UTC)' },
  'consent.pdf.notCountersigned': {
    en: 'Not yet countersigned by the investigator.',
    es: 'Aún no refrendado por el investigador.',
  },
} as const satisfies Record<string, CatalogueEntry>;
