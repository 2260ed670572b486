/**
 * The consent flow's steps and checks, without React: which steps a consent has (each only when its flag
 * and its content say so), what blocks the way on from a step, and the study text of a language.
 */
import { type Consent, isQuizAnswerCorrect, pickText, type StudyText } from '@trialpath/domain';

export type ConsentStep =
  /** One education section a page (educationEnabled). */
  | { kind: 'section'; index: number }
  /** One quiz question a page (comprehensionEnabled). */
  | { kind: 'quiz'; index: number }
  /** The consent's documents (documentAndSignatureEnabled), its privacy policy and licence when written. */
  | { kind: 'documents' }
  | { kind: 'disclaimers' }
  | { kind: 'optional' }
  /** Password, meaning, typed name and (digitalSignatureEnabled) the drawn signature. */
  | { kind: 'signature' };

/** Whether a study text is written in any language. */
export const hasText = (text: StudyText | null | undefined): boolean =>
  Object.values(text ?? {}).some((s) => typeof s === 'string' && s.trim() !== '');

/** A study text in `language`, else the default language's, else any language it is written in. */
export function studyTextIn(text: StudyText | null | undefined, language: string, defaultLanguage: string): string {
  const picked = pickText(text, language, defaultLanguage);
  if (picked.trim() !== '') return picked;
  return Object.values(text ?? {}).find((s) => typeof s === 'string' && s.trim() !== '') ?? '';
}

/** Whether the documents step shows anything. */
export function hasDocumentsStep(c: Consent): boolean {
  return (c.documentAndSignatureEnabled && c.documents.length > 0) || hasText(c.privacyPolicy) || hasText(c.license);
}

/**
 * The steps of a consent in order: education, comprehension, documents, disclaimers, optional consents,
 * then the signature. A step whose flag is off, or which has nothing to show, is left out. The signature
 * always ends the flow: every consent is recorded only with a Part 11 signature (signMyConsent).
 */
export function consentSteps(c: Consent): ConsentStep[] {
  const steps: ConsentStep[] = [
    ...(c.educationEnabled ? c.sections.map((_, index) => ({ kind: 'section' as const, index })) : []),
    ...(c.comprehensionEnabled ? c.quiz.map((_, index) => ({ kind: 'quiz' as const, index })) : []),
  ];
  if (hasDocumentsStep(c)) steps.push({ kind: 'documents' });
  if (c.disclaimers.length > 0) steps.push({ kind: 'disclaimers' });
  if (c.optionalConsents.length > 0) steps.push({ kind: 'optional' });
  steps.push({ kind: 'signature' });
  return steps;
}

/** The required disclaimers not ticked. */
export function missingDisclaimers(c: Consent, accepted: readonly string[]): string[] {
  return c.disclaimers.filter((d) => d.required && !accepted.includes(d.id)).map((d) => d.id);
}

/** The optional consents not answered yes or no. */
export function unansweredOptional(c: Consent, answers: Readonly<Record<string, boolean>>): string[] {
  return c.optionalConsents.filter((o) => typeof answers[o.id] !== 'boolean').map((o) => o.id);
}

/** What the signature step still lacks: the meaning accepted, a typed name, the password (participant only). */
export interface SignatureInput {
  meaningAccepted: boolean;
  typedName: string;
  password: string;
}
export type SignatureProblem = 'meaning' | 'typedName' | 'password';

export function signatureProblems(input: SignatureInput, needsPassword: boolean): SignatureProblem[] {
  const out: SignatureProblem[] = [];
  if (!input.meaningAccepted) out.push('meaning');
  // The contract's rule: the name trimmed, 2 to 200 characters.
  const name = input.typedName.trim();
  if (name.length < 2 || name.length > 200) out.push('typedName');
  if (needsPassword && input.password.length === 0) out.push('password');
  return out;
}

/** The accepted disclaimers in the consent's order (ids the consent no longer has are dropped). */
export function acceptedInOrder(c: Consent, accepted: readonly string[]): string[] {
  return c.disclaimers.filter((d) => accepted.includes(d.id)).map((d) => d.id);
}

/** Whether an answer to a quiz question is right (the domain's rule). */
export const isRightAnswer = (c: Consent, questionId: string, optionId: string) =>
  isQuizAnswerCorrect(c, questionId, optionId);
