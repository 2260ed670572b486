/**
 * How a person becomes a participant from the web portal (001 §3, §4; 002 §3 "Participant registration";
 * decisions D-055…D-058, D-097): the study version's open-enrolment flag and verification method, its
 * eligibility rules, which contact fields the registration form asks, the participant's time zone from
 * the browser's local offset, and the participant code a self-registered participant gets.
 */
import type { SectionValue } from './content';

/** How a participant confirms their account (001 §3: phone or email; the version's registration section). */
export const VERIFICATION_METHODS = ['email', 'phone'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** How a registration came about: from the study's link (open enrolment) or from an invitation. */
export const REGISTRATION_PROCESSES = ['OPEN_ENROLMENT', 'INVITATION'] as const;
export type RegistrationProcess = (typeof REGISTRATION_PROCESSES)[number];

/** The outcome a screening attempt is kept as (002 §3 participant statuses). */
export type ScreeningOutcome = 'PRESCREENED' | 'SCREENFAILED';

type Registration = Pick<SectionValue<'registration'>, 'verificationMethod' | 'fields' | 'openEnrolment'>;

/** The version's verification method as the portal names it: the study build's `sms` is the spec's phone. */
export function verificationMethodOf(registration: Pick<Registration, 'verificationMethod'>): VerificationMethod {
  return registration.verificationMethod === 'sms' ? 'phone' : 'email';
}

export type FieldNeed = 'required' | 'optional' | 'hidden';

/**
 * Which contact fields the registration form shows: the one the code goes to is always required; the
 * other as the study build set it (asked, required).
 */
export function contactFieldNeeds(registration: Pick<Registration, 'verificationMethod' | 'fields'>): {
  email: FieldNeed;
  mobile: FieldNeed;
} {
  const method = verificationMethodOf(registration);
  const need = (f: { asked: boolean; required: boolean }, verifies: boolean): FieldNeed =>
    verifies || f.required ? 'required' : f.asked ? 'optional' : 'hidden';
  return {
    email: need(registration.fields.email, method === 'email'),
    mobile: need(registration.fields.mobile, method === 'phone'),
  };
}

export type EligibilityAnswer = 'YES' | 'NO';

export interface EligibilityQuestionRule {
  id: string;
  qualifyingAnswer: EligibilityAnswer;
}

export type EligibilityOutcome =
  | { kind: 'eligible' }
  | { kind: 'ineligible'; failed: string[] }
  /** Not every question answered once, or answers to questions the version does not ask: no decision. */
  | { kind: 'incomplete'; missing: string[]; unknown: string[]; repeated: string[] };

/**
 * The eligibility rule (D-097): every question of the version answered exactly once; eligible when each
 * answer is the question's qualifying answer. Never throws.
 */
export function evaluateEligibility(
  questions: readonly EligibilityQuestionRule[],
  answers: readonly { questionId: string; answer: EligibilityAnswer }[],
): EligibilityOutcome {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<string, EligibilityAnswer>();
  const unknown: string[] = [];
  const repeated: string[] = [];
  for (const a of answers) {
    if (!byId.has(a.questionId)) unknown.push(a.questionId);
    else if (given.has(a.questionId)) repeated.push(a.questionId);
    else given.set(a.questionId, a.answer);
  }
  const missing = questions.filter((q) => !given.has(q.id)).map((q) => q.id);
  if (missing.length || unknown.length || repeated.length) return { kind: 'incomplete', missing, unknown, repeated };
  const failed = questions.filter((q) => given.get(q.id) !== q.qualifyingAnswer).map((q) => q.id);
  return failed.length ? { kind: 'ineligible', failed } : { kind: 'eligible' };
}

/** The browser's offset from UTC, in minutes east (UTC+01:00 → 60): at most ±14 hours. */
export const MAX_LOCAL_OFFSET_MINUTES = 14 * 60;

/**
 * The participant's time zone: the browser's IANA zone when it names one the runtime knows, else the
 * fixed zone of a whole-hour local offset (`Etc/GMT-1` is UTC+01:00: POSIX signs are inverted), else UTC.
 */
export function participantTimeZone(input: { timeZone?: string | null; offsetMinutes: number }): string {
  const tz = input.timeZone?.trim();
  if (tz && isZone(tz)) return tz;
  const m = input.offsetMinutes;
  if (!Number.isInteger(m) || m === 0 || m % 60 !== 0 || Math.abs(m) > MAX_LOCAL_OFFSET_MINUTES) return 'UTC';
  const hours = m / 60;
  const zone = `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
  return isZone(zone) ? zone : 'UTC';
}

function isZone(tz: string): boolean {
  if (tz.length === 0 || tz.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The code of a self-registered participant, like the demo's `DEMO-US001-0001`: the study code (or TEST
 * in the test data space), the site code without separators, the participant's number at the site.
 */
export function participantCodeOf(prefix: string, siteCode: string, n: number): string {
  const site = siteCode.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  return `${prefix.toUpperCase()}-${site}-${String(n).padStart(4, '0')}`;
}

/** The number in a participant code made by participantCodeOf, or null for another shape. */
export function participantNumberOf(code: string): number | null {
  const m = /-(\d{4,})$/.exec(code);
  return m ? Number(m[1]) : null;
}
