/**
 * Form statuses (issue 10, decision 0046; E-130…E-132, E-136): each form a participant has — an activity task,
 * or one data capture form of a packet task — has a status staff see and move. Site-facing forms (data capture
 * forms, filled by site staff) move through the whole workflow; participant-facing ones (surveys, ePROs, eDROs)
 * are completed only by the participant's answer, so staff can only mark one not done (or undo that).
 */
import type { ActivityType } from '../activity/model';
import { epochDay } from './calendar';

export const FORM_STATUSES = ['NOT_STARTED', 'IN_PROGRESS', 'COMPLETED', 'NOT_DONE'] as const;
export type FormStatus = (typeof FORM_STATUSES)[number];

export const FORM_FACINGS = ['site', 'participant'] as const;
export type FormFacing = (typeof FORM_FACINGS)[number];

export function formFacing(kind: ActivityType): FormFacing {
  return kind === 'dataCaptureForm' ? 'site' : 'participant';
}

/** The status a form has until staff set one: answered is COMPLETED, anything else NOT_STARTED. */
export function derivedFormStatus(answered: boolean): FormStatus {
  return answered ? 'COMPLETED' : 'NOT_STARTED';
}

const MOVES: Record<FormFacing, Record<FormStatus, readonly FormStatus[]>> = {
  site: {
    NOT_STARTED: ['IN_PROGRESS', 'NOT_DONE'],
    IN_PROGRESS: ['NOT_STARTED', 'COMPLETED', 'NOT_DONE'],
    // reopening a completed form is a correction: the reason says why
    COMPLETED: ['IN_PROGRESS'],
    NOT_DONE: ['NOT_STARTED', 'IN_PROGRESS'],
  },
  participant: {
    NOT_STARTED: ['NOT_DONE'],
    IN_PROGRESS: ['NOT_DONE'],
    COMPLETED: [],
    NOT_DONE: ['NOT_STARTED'],
  },
};

export const FORM_STATUS_ISSUES = {
  same: 'forms.sameStatus',
  participantAnswers: 'forms.participantAnswers',
  notAllowed: 'forms.moveNotAllowed',
} as const;

/** Why staff may not move a form from one status to another (a message key), or null when they may. */
export function formStatusMoveProblem(facing: FormFacing, from: FormStatus, to: FormStatus): string | null {
  if (from === to) return FORM_STATUS_ISSUES.same;
  if (MOVES[facing][from].includes(to)) return null;
  if (facing === 'participant' && (to === 'COMPLETED' || to === 'IN_PROGRESS' || from === 'COMPLETED'))
    return FORM_STATUS_ISSUES.participantAnswers;
  return FORM_STATUS_ISSUES.notAllowed;
}

/** A form a sign-off can cover: its outcome is settled (done, or recorded as not done). */
export function isSettledForm(status: FormStatus): boolean {
  return status === 'COMPLETED' || status === 'NOT_DONE';
}

/**
 * What blocks an investigator's sign-off of these forms (decision 0046): a site form that is open and not
 * settled. Participant-facing forms are signed as they stand (a missed ePRO is a fact, not a gap to fill).
 */
export function signoffBlockers<F extends { facing: FormFacing; status: FormStatus }>(forms: readonly F[]): F[] {
  return forms.filter((f) => f.facing === 'site' && !isSettledForm(f.status));
}

/**
 * The day of a task relative to its milestone's date (0 = the milestone's day), given the participant's day zero
 * and the milestone's date, both `YYYY-MM-DD`; null when either is unreadable.
 */
export function milestoneDayOf(taskStudyDay: number, dayZero: string, milestoneDate: string): number | null {
  const zero = epochDay(dayZero);
  const milestone = epochDay(milestoneDate);
  if (zero === null || milestone === null) return null;
  return taskStudyDay - (milestone - zero);
}
