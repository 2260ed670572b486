/**
 * Local storage of the staff portal. Every key goes through the domain's STORAGE_PREFIX /
 * STORAGE_KEYS (000 §9); logout clears our keys except the study summary and the client id.
 */
import { keysToRemove, STORAGE_KEYS, storageKey, studyStorageKey } from '@trialpath/domain';

export interface FormDraft<T> {
  data: T;
  /** When the draft was stored (ms since epoch). */
  savedAt: number;
}

const SIGNATURE_STATUSES = ['pending', 'acquired'] as const;
export interface StoredSignature {
  /** `acquired` once the person has signed; leaving the document clears it (000 §4). */
  status: (typeof SIGNATURE_STATUSES)[number];
  /** The signature image as a data URL, null before signing. */
  image: string | null;
}

/** The last study the user opened, kept across their logout (000 §9); `userId` says whose it is. */
export interface StudySummary {
  userId: string;
  id: string;
  code: string;
  name: string;
}

export interface StudyTokenPair {
  token: string;
  refreshToken: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the session lives in memory only */
  }
}
function readJson<T>(key: string, fallback: T): T {
  const raw = read(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

const K = {
  token: storageKey(STORAGE_KEYS.token),
  refreshToken: storageKey(STORAGE_KEYS.refreshToken),
  studyTokens: storageKey(STORAGE_KEYS.studyTokens),
  lastActivity: storageKey(STORAGE_KEYS.lastActivity),
  clientId: storageKey(STORAGE_KEYS.clientId),
  language: storageKey(STORAGE_KEYS.language),
  studySummary: storageKey(STORAGE_KEYS.studySummary),
  user: storageKey(STORAGE_KEYS.user),
  roles: storageKey(STORAGE_KEYS.roles),
};
export const STAFF_STORAGE_KEYS = K;

export const storage = {
  getToken: () => read(K.token),
  getRefreshToken: () => read(K.refreshToken),
  setTokens(token: string, refreshToken: string) {
    write(K.token, token);
    write(K.refreshToken, refreshToken);
  },

  getStudyTokens: (): Record<string, StudyTokenPair> => readJson(K.studyTokens, {}),
  getStudyToken(studyId: string): StudyTokenPair | null {
    return this.getStudyTokens()[studyId] ?? null;
  },
  setStudyToken(studyId: string, pair: StudyTokenPair) {
    write(K.studyTokens, JSON.stringify({ ...this.getStudyTokens(), [studyId]: pair }));
  },
  removeStudyTokens(studyIds: readonly string[]) {
    if (studyIds.length === 0) return;
    const all = this.getStudyTokens();
    for (const id of studyIds) delete all[id];
    write(K.studyTokens, JSON.stringify(all));
  },

  getLastActivity(): number | null {
    const v = Number(read(K.lastActivity));
    return Number.isFinite(v) && v > 0 ? v : null;
  },
  setLastActivity: (ms: number) => write(K.lastActivity, String(ms)),

  getClientId: () => read(K.clientId),
  setClientId: (id: string) => write(K.clientId, id),

  getLanguage: () => read(K.language),
  setLanguage: (lang: string) => write(K.language, lang),

  /** Study details cached per study (000 §3, §7.7). */
  getStudyDetails<T>(studyId: string): T | null {
    return readJson<T | null>(studyStorageKey(STORAGE_KEYS.studyDetails, studyId), null);
  },
  setStudyDetails(studyId: string, details: unknown) {
    write(studyStorageKey(STORAGE_KEYS.studyDetails, studyId), JSON.stringify(details));
  },
  /** The last study opened (kept across logout, 000 §9). */
  getStudySummary(): StudySummary | null {
    return readJson<StudySummary | null>(K.studySummary, null);
  },
  setStudySummary(summary: StudySummary) {
    write(K.studySummary, JSON.stringify(summary));
  },

  /** The signed-in user's profile as stored after sign-in (000 §6), updated per study. */
  getUser<T>(): T | null {
    return readJson<T | null>(K.user, null);
  },
  setUser(user: unknown) {
    write(K.user, JSON.stringify(user));
  },

  /** Platform and site-team roles loaded after sign-in (000 §6, A-119). */
  getRoles<T>(type: 'platform' | 'site'): T[] | null {
    return readJson<T[] | null>(`${K.roles}.${type}`, null);
  },
  setRoles(type: 'platform' | 'site', roles: readonly unknown[]) {
    write(`${K.roles}.${type}`, JSON.stringify(roles));
  },

  /** Study features from the toggled-features call, per study (000 §3, §7.1; ). */
  getStudyFeatures(studyId: string): Record<string, boolean> | null {
    return readJson<Record<string, boolean> | null>(studyStorageKey(STORAGE_KEYS.studyFeatures, studyId), null);
  },
  setStudyFeatures(studyId: string, features: Record<string, boolean>) {
    write(studyStorageKey(STORAGE_KEYS.studyFeatures, studyId), JSON.stringify(features));
  },

  /** Saved form-editing data, per form id (000 §3, A-038): what was typed but not saved yet. */
  getFormDraft<T>(formId: string): FormDraft<T> | null {
    return readJson<FormDraft<T> | null>(studyStorageKey(STORAGE_KEYS.formDraft, formId), null);
  },
  setFormDraft<T>(formId: string, data: T, now: number = Date.now()) {
    write(studyStorageKey(STORAGE_KEYS.formDraft, formId), JSON.stringify({ data, savedAt: now }));
  },
  clearFormDraft(formId: string) {
    write(studyStorageKey(STORAGE_KEYS.formDraft, formId), null);
  },

  /** Signature status and image (data URL) of the signature being given (000 §3, A-039). */
  getSignature(): StoredSignature | null {
    const s = readJson<StoredSignature | null>(storageKey(STORAGE_KEYS.signature), null);
    if (!s || !SIGNATURE_STATUSES.includes(s.status)) return null;
    if (s.image !== null && !/^data:image\/(png|jpeg|svg\+xml);base64,/.test(s.image)) return null;
    return s;
  },
  setSignature(signature: StoredSignature) {
    write(storageKey(STORAGE_KEYS.signature), JSON.stringify(signature));
  },
  clearSignature() {
    write(storageKey(STORAGE_KEYS.signature), null);
  },

  /** Logout: remove our keys except the study summary and the client id. */
  clearOnLogout() {
    removeOwnKeys('logout');
  },

  /**
   * Clearing all local storage (000 §9): remove every key of ours except the client id; other apps' keys
   * stay. Done when another person signs in on this browser (`startSession`).
   */
  clearAll() {
    removeOwnKeys('clear');
  },
};

function removeOwnKeys(mode: 'logout' | 'clear') {
  try {
    const present: string[] = [];
    for (let i = 0; i < window.localStorage.length; i++) {
      const k = window.localStorage.key(i);
      if (k) present.push(k);
    }
    for (const k of keysToRemove(present, mode)) window.localStorage.removeItem(k);
  } catch {
    /* ignore */
  }
}
