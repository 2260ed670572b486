/**
 * The enrolment screens' rules, without React (decisions D-053…D-058, D-097): which step a visitor starts
 * at, whether every eligibility question is answered, the registration form's schema (the contract's body
 * fields, with the domain's username rules and the contact fields the study asks), the registration body
 * with the device's local offset and time, and where an e-mailed link leads.
 */
import {
  type BodyOf,
  type getStudyEnrolment,
  type registerParticipant,
  RegistrationBodySchema,
  type ResponseOf,
} from '@trialpath/contract';
import { checkUsername, RULE_MESSAGE_PARAMS } from '@trialpath/domain';
import type { z } from 'zod';
import { PAGES, studyPath } from '../../app/routes';

export type EnrolmentFacts = ResponseOf<typeof getStudyEnrolment>;
export type EnrolMode = { kind: 'open' } | { kind: 'invited'; token: string };

/** The first step: closed (no open enrolment, or no version to join), the eligibility questions, or the form. */
export function startStep(facts: EnrolmentFacts, mode: EnrolMode): 'closed' | 'eligibility' | 'register' {
  if (!facts.studyVersionId) return 'closed';
  if (mode.kind === 'invited') return 'register';
  if (!facts.openEnrolment) return 'closed';
  return facts.eligibility.questions.length > 0 ? 'eligibility' : 'register';
}

export type Answers = Readonly<Record<string, 'YES' | 'NO'>>;

/** The questions not answered yet (their ids, in order). */
export function unansweredQuestions(facts: EnrolmentFacts, answers: Answers): string[] {
  return facts.eligibility.questions.filter((q) => answers[q.id] === undefined).map((q) => q.id);
}

/** The screening call's answers, in the questions' order. */
export function screeningAnswers(facts: EnrolmentFacts, answers: Answers) {
  return facts.eligibility.questions
    .filter((q) => answers[q.id] !== undefined)
    .map((q) => ({ questionId: q.id, answer: answers[q.id]! }));
}

const FORM_FIELDS = {
  username: true,
  email: true,
  mobileCountryCode: true,
  mobile: true,
  password: true,
  confirmPassword: true,
} as const;

const issue = (path: string, messageKey: string, messageParams?: Record<string, string | number>) => ({
  code: 'custom' as const,
  path: [path],
  message: messageKey,
  params: { messageKey, messageParams },
});

/**
 * The registration form's schema: the contract's fields, the username rules (001 §5, the server's own),
 * the confirmation, and the contact field the code goes to (and any the study requires).
 */
export function registrationFormSchema(needs: EnrolmentFacts['registration']) {
  return RegistrationBodySchema.pick(FORM_FIELDS).superRefine((v, ctx) => {
    for (const key of checkUsername(v.username)) ctx.addIssue(issue('username', key, RULE_MESSAGE_PARAMS));
    if (/\s/.test(v.username)) ctx.addIssue(issue('username', 'username.noSpaces'));
    if (v.confirmPassword !== v.password) ctx.addIssue(issue('confirmPassword', 'password.mismatch'));
    const email = v.email?.trim() ?? '';
    if (needs.email === 'required' && email === '') ctx.addIssue(issue('email', 'errors.required'));
    else if (email !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      ctx.addIssue(issue('email', 'errors.invalidEmail'));
    const mobile = v.mobile?.trim() ?? '';
    if (needs.mobile === 'required' && mobile === '') ctx.addIssue(issue('mobile', 'enrolment.mobileRequired'));
    if (mobile !== '' && !/^\+?\d{1,4}$/.test(v.mobileCountryCode?.trim() ?? ''))
      ctx.addIssue(issue('mobileCountryCode', 'phone.countryCodeInvalid'));
  });
}
export type RegistrationForm = z.output<ReturnType<typeof registrationFormSchema>>;

/** The device's offset from UTC in minutes east, and its wall-clock time `YYYY-MM-DDTHH:mm:ss`. */
export function localTimeOf(now: Date): { offset: number; localTime: string } {
  const p = (n: number) => String(n).padStart(2, '0');
  const localTime = `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}T${p(now.getHours())}:${p(
    now.getMinutes(),
  )}:${p(now.getSeconds())}`;
  // getTimezoneOffset is minutes *behind* UTC; the registration carries minutes east (UTC+01:00 → 60).
  return { offset: -now.getTimezoneOffset() || 0, localTime };
}

/** The registration body (002 §3, D-053) from the form and what the portal knows of the device and study. */
export function registrationBody(input: {
  form: RegistrationForm;
  facts: EnrolmentFacts;
  mode: EnrolMode;
  screeningId: string | null;
  deviceId: string;
  now: Date;
  timeZone: string | undefined;
  language: string;
  countryId: string | null;
  optInSms: boolean;
}): BodyOf<typeof registerParticipant> {
  const { form, facts, mode } = input;
  const { offset, localTime } = localTimeOf(input.now);
  const email = form.email?.trim() || undefined;
  const mobile = form.mobile?.trim() || undefined;
  return {
    registrationProcess: mode.kind === 'invited' ? 'INVITATION' : 'OPEN_ENROLMENT',
    ...(mode.kind === 'invited' && { activationToken: mode.token }),
    ...(input.screeningId && { screeningId: input.screeningId }),
    studyId: facts.studyId,
    studyVersionId: facts.studyVersionId ?? '',
    username: form.username.trim(),
    ...(email && { email }),
    verificationMethod: facts.verificationMethod,
    ...(mobile && { mobile, mobileCountryCode: form.mobileCountryCode?.trim() }),
    verificationOptInSMS: mobile ? input.optInSms : false,
    password: form.password,
    confirmPassword: form.confirmPassword,
    deviceId: input.deviceId,
    deviceType: 'Web',
    participantLocalOffset: offset,
    participantLocalTime: localTime,
    ...(input.timeZone && { timeZone: input.timeZone }),
    language: input.language,
    ...(input.countryId && /^[A-Za-z]{2}$/.test(input.countryId) && { countryId: input.countryId.toUpperCase() }),
  };
}

/** Error codes of a refused registration that send the person back to the start (the screening or version is gone). */
export function restartsEnrolment(messageKey: string | undefined): boolean {
  return (
    messageKey === 'enrolment.versionChanged' ||
    messageKey === 'enrolment.screeningInvalid' ||
    messageKey === 'enrolment.screeningRequired'
  );
}

/** An e-mailed link of 000 §2.1 (decision D-025), read from its address. */
export type LinkRoute =
  | { kind: 'verifyLink'; studyId: string; participantId: string | null; token: string; email: string }
  | { kind: 'resetLink'; token: string; languageId: string; lang: string }
  /** E-003: /participants/{participantId}/unsubscribeemail?token=… (the token of the participant's e-mails). */
  | { kind: 'unsubscribe'; participantId: string; token: string };

/**
 * /studies/{studyId}/{token}/{email}/verify-participant, /studies/{studyId}/{participantId}/{token}/{email}/
 * verify-participant-v2 (and -v3), /participant-reset-password/{token}/{languageId}/{lang},
 * /participants/{participantId}/unsubscribeemail?token=…; null for any other path.
 */
export function parseLinkRoute(segments: readonly string[], query = ''): LinkRoute | null {
  const s = segments;
  if (!s.every(Boolean)) return null;
  if (s[0] === 'studies' && s.length === 5 && s[4] === 'verify-participant') {
    return { kind: 'verifyLink', studyId: s[1]!, participantId: null, token: s[2]!, email: s[3]! };
  }
  if (s[0] === 'studies' && s.length === 6 && (s[5] === 'verify-participant-v2' || s[5] === 'verify-participant-v3')) {
    return { kind: 'verifyLink', studyId: s[1]!, participantId: s[2]!, token: s[3]!, email: s[4]! };
  }
  if (s[0] === 'participants' && s.length === 3 && s[2] === 'unsubscribeemail') {
    const token = new URLSearchParams(query).get('token');
    return token ? { kind: 'unsubscribe', participantId: s[1]!, token } : null;
  }
  if (s[0] === 'participant-reset-password' && s.length === 4) {
    return { kind: 'resetLink', token: s[1]!, languageId: s[2]!, lang: s[3]! };
  }
  return null;
}

/** The study page an e-mailed verification link opens, once its study code is known. */
export function verifyLinkTarget(studyCode: string, route: Extract<LinkRoute, { kind: 'verifyLink' }>): string {
  const rest = route.participantId ? [route.token, route.email, route.participantId] : [route.token, route.email];
  return studyPath(studyCode, PAGES.verifyLink, ...rest);
}
