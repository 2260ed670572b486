/**
 * The activity sections of a version's content (issue 10, decision 0044): which of the study's activities
 * the version uses, in the order participants see them (C-053 activity order), each at a pinned revision;
 * and the schedule plan — milestones, packets and schedules (schedule/model.ts) — that places them on study
 * days. Publishing freezes both with the rest of the version.
 */
import { z } from 'zod';
import { SchedulePlanSchema } from '../schedule/model';
import type { TextKit } from './content-fields';
import { ItemIdSchema, keyedById } from './keyed';

export const MAX_VERSION_ACTIVITIES = 500;

export const StudyActivityRefSchema = z
  .object({
    /** The activity's id (an activity of this study). */
    id: ItemIdSchema,
    /** The revision this version uses: answers are given against it. */
    revisionId: z.string().uuid(),
    /** Not offered to participants in this version (E-135). */
    disabled: z.boolean().default(false),
    /** Its reminders are not sent (E-135). */
    notificationsDisabled: z.boolean().default(false),
  })
  .strict();
export type StudyActivityRef = z.infer<typeof StudyActivityRefSchema>;

export const ACTIVITY_SECTION_BUILDERS = {
  studyActivities: (_t: TextKit) =>
    z.object({ items: keyedById(StudyActivityRefSchema, MAX_VERSION_ACTIVITIES).default([]) }).strict(),
  schedule: (_t: TextKit) => SchedulePlanSchema,
};
