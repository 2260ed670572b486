/**
 * The participant's screens of 000 §2.4 seen by who answers (E-009 forms, E-011 survey, E-012 EDC forms): surveys,
 * the participant's own forms (ePRO, eDRO) and the site's forms (data capture forms and the packets that hold them).
 * One grouping for the profile's filter and the server's task list (decision E-participant-profile addendum).
 */
import type { ActivityType } from './model';

export const ACTIVITY_GROUP_NAMES = ['survey', 'participantForm', 'siteForm'] as const;
export type ActivityGroup = (typeof ACTIVITY_GROUP_NAMES)[number];

export const ACTIVITY_GROUPS: Record<ActivityGroup, readonly ActivityType[]> = {
  survey: ['survey'],
  participantForm: ['epro', 'edro'],
  siteForm: ['dataCaptureForm'],
};

/** Packets hold site forms only, so they belong to the site's group. */
export const groupTakesPackets = (group: ActivityGroup) => group === 'siteForm';
