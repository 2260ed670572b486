/**
 * Local-storage key rules (000 §9, 002 §9; decision A-220). All keys carry the `trialpath.`
 * prefix. Logout removes our keys except the study summary and the client id; "clear all" removes
 * our keys except the client id. Keys without our prefix (other apps on the origin) are untouched.
 */
import { STORAGE_KEYS, STORAGE_PREFIX, type StorageKeyName } from './constants';

/** The full local-storage key of an item: `storageKey('token')` → `trialpath.token`. */
export function storageKey(name: StorageKeyName | (string & {})): string {
  return `${STORAGE_PREFIX}${name}`;
}

/** Per-study key, e.g. `trialpath.studyDetails.<studyId>`. */
export function studyStorageKey(name: StorageKeyName | (string & {}), studyId: string): string {
  return `${storageKey(name)}.${studyId}`;
}

const keysToKeepOnLogout: readonly string[] = Object.freeze([
  storageKey(STORAGE_KEYS.studySummary),
  storageKey(STORAGE_KEYS.clientId),
]);
const keysToKeepOnClear: readonly string[] = Object.freeze([storageKey(STORAGE_KEYS.clientId)]);

/** Which of the present keys to remove on logout or clear-all. */
export function keysToRemove(presentKeys: Iterable<string>, mode: 'logout' | 'clear'): string[] {
  const keep = mode === 'logout' ? keysToKeepOnLogout : keysToKeepOnClear;
  return [...presentKeys].filter((k) => k.startsWith(STORAGE_PREFIX) && !keep.includes(k));
}
