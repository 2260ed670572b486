/**
 * The recordings this tab is playing back (decision F-recording): set when a visit's recordings are opened, cleared
 * on close. The shell shows the playback panel beside the page while it is set (74% / 26%, F-048).
 */
import { useSyncExternalStore } from 'react';

export interface ActivePlayback {
  studyId: string;
  appointmentId: string;
  participantCode: string;
  /** The recording to show first (F-005 opens one by its id); else the first. */
  recordingId: string | null;
}

let active: ActivePlayback | null = null;
const listeners = new Set<() => void>();

export const playbackStore = {
  get: () => active,
  set(next: ActivePlayback | null) {
    active = next;
    for (const l of listeners) l();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function usePlayback(): ActivePlayback | null {
  return useSyncExternalStore(playbackStore.subscribe, playbackStore.get, playbackStore.get);
}
