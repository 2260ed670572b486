/**
 * The call this tab is in (decision F-calls): set when a call is started or joined, cleared when it ends. The
 * shell shows the call panel beside the page while it is set (F-044); the idle sign-out waits meanwhile (000 §9).
 */
import type { CallSession } from '@trialpath/contract';
import { useSyncExternalStore } from 'react';
import { session as signedIn } from '../../shared/session';

export interface ActiveCall {
  studyId: string;
  session: CallSession;
  /** The camera and microphone, opened before the call was started (so a refusal starts no call). */
  media?: MediaStream;
}

let active: ActiveCall | null = null;
const listeners = new Set<() => void>();

export const callStore = {
  get: () => active,
  set(next: ActiveCall | null) {
    active = next;
    signedIn.setTelehealthCallActive(next !== null);
    for (const l of listeners) l();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useActiveCall(): ActiveCall | null {
  return useSyncExternalStore(callStore.subscribe, callStore.get, callStore.get);
}
