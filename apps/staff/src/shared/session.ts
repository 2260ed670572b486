/**
 * The signed-in state of this tab: whether a token is held (reactive, also across tabs through the
 * storage event) and whether a telehealth call is running (no idle expiry then, 000 §9).
 */
import { useSyncExternalStore } from 'react';
import { STAFF_STORAGE_KEYS, storage } from './storage';

const listeners = new Set<() => void>();
let token: string | null = storage.getToken();
let telehealthCallActive = false;

function emit() {
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === STAFF_STORAGE_KEYS.token) {
      const next = storage.getToken();
      if (next !== token) {
        token = next;
        emit();
      }
    }
  });
}

export const session = {
  hasToken: () => token !== null,
  /** Re-read the token after storage changed in this tab (sign-in, refresh, logout). */
  sync() {
    const next = storage.getToken();
    if (next !== token) {
      token = next;
      emit();
    }
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  isTelehealthCallActive: () => telehealthCallActive,
  setTelehealthCallActive(active: boolean) {
    telehealthCallActive = active;
  },
};

export function useSignedIn(): boolean {
  return useSyncExternalStore(session.subscribe, session.hasToken, session.hasToken);
}
