/**
 * What enrolment keeps in the browser's local storage (001 §9; decision D-133): the open-study flag, the
 * open-enrolment e-mail, the verification method, from-web, and the account registered on this device that
 * waits for its code. Pure over a StorageLike, so the rules are tested without a browser.
 */
import type { VerificationMethod } from '@trialpath/domain';
import {
  FROM_WEB_KEY,
  OPEN_ENROL_EMAIL_KEY,
  OPEN_STUDY_KEY,
  PENDING_VERIFICATION_KEY,
  type StorageLike,
  VERIFICATION_METHOD_KEY,
} from '../../shared/storage';

/** The study's enrolment facts as the portal last read them. */
export function storeEnrolmentFacts(
  storage: StorageLike,
  facts: { openEnrolment: boolean; verificationMethod: VerificationMethod },
): void {
  storage.setItem(OPEN_STUDY_KEY, String(facts.openEnrolment));
  storage.setItem(VERIFICATION_METHOD_KEY, facts.verificationMethod);
}

/** 001 §4: open enrolment holds when the stored open-study flag equals true. */
export function isOpenStudy(storage: StorageLike): boolean {
  return storage.getItem(OPEN_STUDY_KEY) === 'true';
}

/** The stored verification method; e-mail unless phone was stored (002 §3: the default is e-mail). */
export function storedVerificationMethod(storage: StorageLike): VerificationMethod {
  return storage.getItem(VERIFICATION_METHOD_KEY) === 'phone' ? 'phone' : 'email';
}

/** The person came in through the web portal's enrolment (not an app): kept as the string 'true'. */
export function markFromWeb(storage: StorageLike): void {
  storage.setItem(FROM_WEB_KEY, 'true');
}

export function isFromWeb(storage: StorageLike): boolean {
  return storage.getItem(FROM_WEB_KEY) === 'true';
}

/** 001 §4: an open-enrolment participant is identified by the stored enrolment e-mail. */
export function storeOpenEnrolEmail(storage: StorageLike, email: string | null): void {
  if (email) storage.setItem(OPEN_ENROL_EMAIL_KEY, email);
  else storage.removeItem(OPEN_ENROL_EMAIL_KEY);
}

export function openEnrolEmail(storage: StorageLike): string | null {
  return storage.getItem(OPEN_ENROL_EMAIL_KEY) || null;
}

/** The account registered on this device, waiting for its verification code. */
export interface PendingVerification {
  studyCode: string;
  pid: string;
  verificationMethod: VerificationMethod;
  /** Where the code went, masked as the server said ('' when not known, e.g. after a sign-in attempt). */
  destination: string;
}

export function storePendingVerification(storage: StorageLike, pending: PendingVerification): void {
  storage.setItem(PENDING_VERIFICATION_KEY, JSON.stringify(pending));
}

/** The pending verification of this study, or null (none, another study's, or not readable). */
export function pendingVerification(storage: StorageLike, studyCode: string): PendingVerification | null {
  const raw = storage.getItem(PENDING_VERIFICATION_KEY);
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (typeof o.pid !== 'string' || o.pid === '' || typeof o.studyCode !== 'string') return null;
  if (o.studyCode.toUpperCase() !== studyCode.toUpperCase()) return null;
  return {
    studyCode: o.studyCode,
    pid: o.pid,
    verificationMethod: o.verificationMethod === 'phone' ? 'phone' : 'email',
    destination: typeof o.destination === 'string' ? o.destination : '',
  };
}

export function clearPendingVerification(storage: StorageLike): void {
  storage.removeItem(PENDING_VERIFICATION_KEY);
}
