/**
 * Study features from the toggled-features call (000 §7.1 "Features", A-165; stored item A-041):
 * kept in state (this store, read with useStudyFeatures) and in local storage per study.
 */
import { useSyncExternalStore } from 'react';
import { storage } from './storage';

type Features = Record<string, boolean>;
const state = new Map<string, Features>();
const listeners = new Set<() => void>();

export const studyFeatures = {
  /** The features of a study: from state, else from local storage (a reload), else null. */
  get(studyId: string): Features | null {
    const inState = state.get(studyId);
    if (inState) return inState;
    const stored = storage.getStudyFeatures(studyId);
    if (stored) state.set(studyId, stored);
    return stored;
  },
  set(studyId: string, features: Features) {
    state.set(studyId, features);
    storage.setStudyFeatures(studyId, features);
    for (const l of listeners) l();
  },
  clear() {
    state.clear();
    for (const l of listeners) l();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useStudyFeatures(studyId: string): Features | null {
  return useSyncExternalStore(
    studyFeatures.subscribe,
    () => studyFeatures.get(studyId),
    () => studyFeatures.get(studyId),
  );
}
