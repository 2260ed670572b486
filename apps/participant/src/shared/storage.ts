import { DEFAULT_LANGUAGE, STORAGE_KEYS, storageKey } from '@trialpath/domain';

/** The part of the Web Storage API the portal uses (a Map-backed fake in unit tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage when it works (private modes may throw), else an in-memory stand-in for this tab. */
export function browserStorage(): StorageLike {
  try {
    const s = window.localStorage;
    const probe = storageKey('probe');
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStorage();
  }
}

export function memoryStorage(initial: Record<string, string> = {}): StorageLike & { dump(): Record<string, string> } {
  const m = new Map(Object.entries(initial));
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    dump: () => Object.fromEntries(m),
  };
}

export const LANGUAGE_KEY = storageKey(STORAGE_KEYS.language);
export const COUNTRY_KEY = storageKey(STORAGE_KEYS.country);
export const DEVICE_ID_KEY = storageKey(STORAGE_KEYS.deviceId);
/** Enrolment (001 §9; decision D-133): the open-study flag, open-enrol email, verification method, from-web. */
export const OPEN_STUDY_KEY = storageKey('openStudy');
export const OPEN_ENROL_EMAIL_KEY = storageKey('openEnrolEmail');
export const VERIFICATION_METHOD_KEY = storageKey('verificationMethod');
export const FROM_WEB_KEY = storageKey('fromWeb');
/** The account registered on this device and waiting for its code (decision D-133). */
export const PENDING_VERIFICATION_KEY = storageKey('pendingVerification');

/** The study this device last opened (001 §9; decision D-133): where `#/` sends a returning person. */
export const STUDY_KEY = storageKey(STORAGE_KEYS.study);
export const VERSION_KEY = storageKey(STORAGE_KEYS.version);
export const STUDY_NAME_KEY = storageKey(STORAGE_KEYS.studyName);

export interface RememberedStudy {
  studyCode: string;
  name: string;
  /** The version the study ran when last opened: what the portal reads before anyone signs in. */
  versionId: string | null;
}

export function rememberStudy(storage: StorageLike, study: RememberedStudy): void {
  storage.setItem(STUDY_KEY, study.studyCode);
  storage.setItem(STUDY_NAME_KEY, study.name);
  if (study.versionId) storage.setItem(VERSION_KEY, study.versionId);
  else storage.removeItem(VERSION_KEY);
}

/** The remembered study; with `studyCode`, only when it is that study (codes compare case-blind, as addresses do). */
export function rememberedStudy(storage: StorageLike, studyCode?: string): RememberedStudy | null {
  const code = storage.getItem(STUDY_KEY);
  if (!code || (studyCode !== undefined && code.toUpperCase() !== studyCode.toUpperCase())) return null;
  return { studyCode: code, name: storage.getItem(STUDY_NAME_KEY) ?? '', versionId: storage.getItem(VERSION_KEY) };
}

/** A study that no longer exists is forgotten, so `#/` stops sending the person to it. */
export function forgetStudy(storage: StorageLike, studyCode: string): void {
  if (!rememberedStudy(storage, studyCode)) return;
  for (const key of [STUDY_KEY, STUDY_NAME_KEY, VERSION_KEY]) storage.removeItem(key);
}

export function readLanguage(storage: StorageLike): string {
  return storage.getItem(LANGUAGE_KEY) || DEFAULT_LANGUAGE;
}
export function storeLanguageAndCountry(storage: StorageLike, language: string, country: string): void {
  storage.setItem(LANGUAGE_KEY, language);
  storage.setItem(COUNTRY_KEY, country);
}

/**
 * The language to take after sign-in: none while this device holds a choice (the person made it here); else the
 * participant's own (their account's, set at enrolment or on another device) when the study offers it.
 */
export function languageAfterSignIn(
  storage: StorageLike,
  accountLanguage: string,
  offered: readonly { language_id: string; language_culture: string }[],
): string | null {
  if (storage.getItem(LANGUAGE_KEY)) return null;
  const match = offered.find((l) => l.language_culture === accountLanguage || l.language_id === accountLanguage);
  return match?.language_culture ?? null;
}

/** A random RFC 4122 version-4 UUID from 16 random bytes. */
export function uuidFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new Error('16 random bytes are needed');
  const b = Array.from(bytes.slice(0, 16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const hex = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function randomUuid(): string {
  // crypto.randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return uuidFromBytes(crypto.getRandomValues(new Uint8Array(16)));
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** This browser's device id: made once, then kept in storage (sent with sign-in and token refresh). */
export function getOrCreateDeviceId(storage: StorageLike, makeId: () => string = randomUuid): string {
  const existing = storage.getItem(DEVICE_ID_KEY);
  if (existing && UUID_RE.test(existing)) return existing;
  const id = makeId();
  storage.setItem(DEVICE_ID_KEY, id);
  return id;
}
