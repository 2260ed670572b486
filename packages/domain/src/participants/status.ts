/**
 * Participant statuses and the changes staff may make (E-031…E-049; decision E-046). The platform's own flows
 * move a participant through the first statuses (an invitation: INVITED; registration: REGISTERED; the code:
 * VERIFIED); staff move them through pre-screening, screening, activity and the way out, each change with a reason. The four ways out are final: a correction of one is a new record, not a change.
 */
import type { ParticipantStatus } from './list';

/** Where staff may move a participant from each status. */
export const STAFF_STATUS_CHANGES: Readonly<Record<ParticipantStatus, readonly ParticipantStatus[]>> = {
  // a site may pre-screen a referred person (by telephone, from records) before the screening visit
  NOTINVITED: ['PRESCREENED', 'SCREENING', 'ACTIVEWITHOUTAPP', 'DISQUALIFIED', 'WITHDRAWSTUDY'],
  INVITED: ['PRESCREENED', 'SCREENING', 'ACTIVEWITHOUTAPP', 'DISQUALIFIED', 'WITHDRAWSTUDY'],
  REGISTERED: ['PRESCREENED', 'SCREENING', 'ACTIVEWITHOUTAPP', 'DISQUALIFIED', 'WITHDRAWSTUDY'],
  VERIFIED: ['PRESCREENED', 'SCREENING', 'ACTIVE', 'ACTIVEWITHOUTAPP', 'DISQUALIFIED', 'WITHDRAWSTUDY'],
  PRESCREENED: ['SCREENING', 'SCREENPASSED', 'SCREENFAILED', 'DISQUALIFIED', 'WITHDRAWSTUDY'],
  SCREENING: ['SCREENPASSED', 'SCREENFAILED', 'DISQUALIFIED', 'WITHDRAWCONSENT', 'WITHDRAWSTUDY'],
  SCREENPASSED: [
    'ACTIVE',
    'ACTIVEWMODIFICATION',
    'ACTIVEWITHOUTAPP',
    'DISQUALIFIED',
    'WITHDRAWCONSENT',
    'WITHDRAWSTUDY',
  ],
  // screened again (a criterion that may change, such as a lab value out of range)
  SCREENFAILED: ['SCREENING'],
  ACTIVE: [
    'ACTIVEWMODIFICATION',
    'ACTIVEWITHOUTAPP',
    'DISQUALIFIED',
    'WITHDRAWCONSENT',
    'WITHDRAWSTUDY',
    'DISCONTINUED',
  ],
  ACTIVEWMODIFICATION: [
    'ACTIVE',
    'ACTIVEWITHOUTAPP',
    'DISQUALIFIED',
    'WITHDRAWCONSENT',
    'WITHDRAWSTUDY',
    'DISCONTINUED',
  ],
  ACTIVEWITHOUTAPP: [
    'ACTIVE',
    'ACTIVEWMODIFICATION',
    'DISQUALIFIED',
    'WITHDRAWCONSENT',
    'WITHDRAWSTUDY',
    'DISCONTINUED',
  ],
  DISQUALIFIED: [],
  WITHDRAWCONSENT: [],
  WITHDRAWSTUDY: [],
  DISCONTINUED: [],
};

export const mayChangeStatus = (from: ParticipantStatus, to: ParticipantStatus): boolean =>
  STAFF_STATUS_CHANGES[from].includes(to);

/** Who can be invited (or invited again): added by staff (Imported) or invited, not registered yet. */
export const INVITABLE_STATUSES: readonly ParticipantStatus[] = ['NOTINVITED', 'INVITED'];

/** The statuses a participant leaves the study by: no activities are offered and no reminders sent any more. */
export const FINAL_STATUSES: readonly ParticipantStatus[] = [
  'DISQUALIFIED',
  'WITHDRAWCONSENT',
  'WITHDRAWSTUDY',
  'DISCONTINUED',
];

/** Why a screening failed (the analytics group screen failures by these; G-038). */
export const SCREEN_FAILURE_REASONS = [
  'INCLUSION_NOT_MET',
  'EXCLUSION_MET',
  'CONSENT_NOT_GIVEN',
  'LOST_BEFORE_SCREENING_ENDED',
  'INVESTIGATOR_DECISION',
  'OTHER',
] as const;

/** Why a participant left the study (withdrawal, disqualification, discontinuation; G-035, G-036). */
export const LEAVING_REASONS = [
  'ADVERSE_EVENT',
  'PARTICIPANT_DECISION',
  'LOST_TO_FOLLOW_UP',
  'PROTOCOL_DEVIATION',
  'INVESTIGATOR_DECISION',
  'NOT_ELIGIBLE',
  'STUDY_TERMINATED',
  'OTHER',
] as const;

export type StatusReasonCode = (typeof SCREEN_FAILURE_REASONS)[number] | (typeof LEAVING_REASONS)[number];

/** The reason codes a change to this status asks for; none: the text reason alone. */
export function reasonCodesFor(to: ParticipantStatus): readonly StatusReasonCode[] {
  if (to === 'SCREENFAILED') return SCREEN_FAILURE_REASONS;
  if (FINAL_STATUSES.includes(to)) return LEAVING_REASONS;
  return [];
}

/** A reason typed for a status change: at least this many characters once trimmed. */
export const STATUS_REASON_MIN = 3;
export const STATUS_REASON_MAX = 500;

/**
 * E-050: a participant withdrawn from the study, disqualified or discontinued stays on the study day they left on — the
 * day their tasks are read at. (One who withdrew consent is not listed by the spec: their day runs on.)
 */
export const DAY_FROZEN_STATUSES: readonly ParticipantStatus[] = ['WITHDRAWSTUDY', 'DISQUALIFIED', 'DISCONTINUED'];

/** The moment the participant's study day is read at: when they left for a day-frozen status, else now. */
export function studyDayMoment(status: string, leftAt: Date | null, now: Date = new Date()): Date {
  return leftAt && (DAY_FROZEN_STATUSES as readonly string[]).includes(status) && leftAt < now ? leftAt : now;
}
