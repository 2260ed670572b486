/**
 * The life of one site form entry (EDC, issue 12; decision E-edc): not started → in progress (saved incomplete) →
 * completed (saved and valid) → signed by the investigator. Any change to a signed entry takes it back to in
 * progress or completed and clears the signature. A lock (of the entry, or of the whole site's data) is orthogonal:
 * while locked nothing is entered or signed until someone with the data lock permission unlocks it with a reason.
 */
import type { MessageKey } from '../messages/catalogue';

export const SITE_FORM_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'SIGNED'] as const;
export type SiteFormStatus = (typeof SITE_FORM_STATUSES)[number];

export type SiteFormAction = 'save' | 'sign' | 'lock' | 'unlock';

export interface SiteFormState {
  /** false: a scheduled form nobody has saved yet (no entry row). */
  exists: boolean;
  status: SiteFormStatus;
  /** The entry itself is locked. */
  locked: boolean;
  /** The site's data is locked: no new entry may be made there. */
  siteLocked: boolean;
}

/** Why the action may not happen to the entry in this state (a catalogue key), or null when it may. */
export function siteFormActionProblem(state: SiteFormState, action: SiteFormAction): MessageKey | null {
  switch (action) {
    case 'save':
      if (state.locked) return 'edc.locked';
      // an entry started before the site lock and unlocked on its own may be corrected; a new one may not be made
      if (!state.exists && state.siteLocked) return 'edc.siteLocked';
      return null;
    case 'sign':
      if (state.locked) return 'edc.locked';
      if (state.status === 'SIGNED') return 'edc.alreadySigned';
      if (state.status !== 'COMPLETED') return 'edc.signIncomplete';
      return null;
    case 'lock':
      if (!state.exists) return 'edc.nothingToLock';
      if (state.locked) return 'edc.alreadyLocked';
      return null;
    case 'unlock':
      return state.locked ? null : 'edc.notLocked';
  }
}

/** Whether a new unscheduled entry may be started at the participant's site. */
export function startUnscheduledProblem(siteLocked: boolean): MessageKey | null {
  return siteLocked ? 'edc.siteLocked' : null;
}

/** The status a save leaves: complete (and valid) or not; a save never leaves an entry signed. */
export function statusAfterSave(complete: boolean): Extract<SiteFormStatus, 'IN_PROGRESS' | 'COMPLETED'> {
  return complete ? 'COMPLETED' : 'IN_PROGRESS';
}
