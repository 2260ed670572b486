import { STORAGE_KEYS, storageKey } from '@trialpath/domain';
import type { StorageLike } from './storage';

/** What the portal holds for a signed-in participant (tokens are kept locally, spec 001 §6). */
export interface ParticipantSession {
  pid: string;
  participantId: string;
  username: string;
  studyCode: string;
  accessToken: string;
  refreshToken: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  pid: string;
}

/** One key for the whole participant session, so a sign-out removes it in one step. */
export const SESSION_KEY = storageKey(STORAGE_KEYS.participant);

function nonEmpty(v: unknown): v is string {
  return typeof v === 'string' && v.trim() !== '';
}

/** A stored session, or null when missing or malformed (a malformed one is treated as signed out). */
export function parseSession(raw: string | null): ParticipantSession | null {
  if (!raw) return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (!nonEmpty(o.pid) || !nonEmpty(o.accessToken) || !nonEmpty(o.refreshToken) || !nonEmpty(o.studyCode)) return null;
  return {
    pid: o.pid,
    participantId: typeof o.participantId === 'string' ? o.participantId : '',
    username: typeof o.username === 'string' ? o.username : '',
    studyCode: o.studyCode,
    accessToken: o.accessToken,
    refreshToken: o.refreshToken,
  };
}

function sameStudy(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/**
 * Spec 001 §4: logged in means a participant with a non-empty pid is held. With a study code, the
 * session must also belong to that study (a session of study A does not open study B's pages).
 */
export function isLoggedIn(session: ParticipantSession | null | undefined, studyCode?: string): boolean {
  if (!session || !nonEmpty(session.pid)) return false;
  return studyCode === undefined || sameStudy(session.studyCode, studyCode);
}

/** The session store: reads and writes storage, and tells subscribers (React) about changes. */
export function createSessionStore(storage: StorageLike) {
  let current = parseSession(storage.getItem(SESSION_KEY));
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  return {
    get(): ParticipantSession | null {
      return current;
    },
    set(session: ParticipantSession): void {
      current = session;
      storage.setItem(SESSION_KEY, JSON.stringify(session));
      emit();
    },
    /** New tokens after a refresh; ignored when signed out meanwhile or for another participant. */
    updateTokens(tokens: TokenPair): void {
      if (!current || current.pid !== tokens.pid) return;
      this.set({ ...current, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    },
    /** Sign-out: the participant's session goes; device id, language and country stay (decision 0011). */
    clear(): void {
      current = null;
      storage.removeItem(SESSION_KEY);
      emit();
    },
    /** Re-read storage (another tab signed in or out). */
    reload(): void {
      const next = parseSession(storage.getItem(SESSION_KEY));
      if (JSON.stringify(next) === JSON.stringify(current)) return;
      current = next;
      emit();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;
