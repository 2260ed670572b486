/**
 * The participant's own tasks and their answers (issue 11; decision B-091): today's tasks by day of study,
 * one task's activity to run, and the idempotent submission of a result (`uuidFromMobile` is the key: the
 * same participant and uuid are stored once, a repeat answers `duplicate` with the first result).
 */
import { ACTIVITY_TYPES, ActivityResultPayloadSchema, ActivitySchema, LocalizedTextSchema } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ParticipantTaskSchema } from './schedules';

/** A task as its participant sees it: the schedule's facts plus the activity's title and kind. */
export const MyTaskSchema = ParticipantTaskSchema.extend({
  title: LocalizedTextSchema,
  kind: z.enum(ACTIVITY_TYPES),
  /** The activity the task asks for (a packet task: its first participant-facing activity). */
  activityId: z.string(),
  /** Open now, not answered, and nothing holds the participant back (re-consent, activities turned off). */
  canAnswer: z.boolean(),
});
export type MyTask = z.infer<typeof MyTaskSchema>;

/** Why a participant may not start tasks now: a consent waits to be (re)signed, or staff turned activities off. */
export const TASK_HOLDS = ['consentRequired', 'activitiesDisabled'] as const;

export const listMyTasks = defineEndpoint({
  id: 'listMyTasks',
  method: 'GET',
  path: '/api/v1/participant/tasks',
  audience: 'participant',
  summary: "The signed-in participant's participant-facing tasks: today's (open now) or all, by study day",
  query: z.object({ scope: z.enum(['today', 'all']).default('today') }).strict(),
  response: z.object({
    /** Day of study today in the participant's time zone (null before day zero is set). */
    participantCurrentDay: z.number().int().nullable(),
    timeZone: z.string(),
    hold: z.enum(TASK_HOLDS).nullable(),
    items: z.array(MyTaskSchema),
  }),
});

export const getMyTask = defineEndpoint({
  id: 'getMyTask',
  method: 'GET',
  path: '/api/v1/participant/tasks/:taskId',
  audience: 'participant',
  summary: 'One of the participant’s tasks with the activity definition to answer (their version’s revision)',
  params: z.object({ taskId: z.string().uuid() }).strict(),
  response: z.object({
    task: MyTaskSchema,
    activity: ActivitySchema,
    revisionId: z.string(),
    studyId: z.string(),
    studyVersionId: z.string(),
    participantId: z.string(),
    siteId: z.string(),
  }),
});

export const DataCheckRecordSchema = z.object({ id: z.string(), type: z.string(), message: z.string() });

export const submitActivityResult = defineEndpoint({
  id: 'submitActivityResult',
  method: 'POST',
  path: '/api/v1/participant/activities/:activityId/results',
  audience: 'participant',
  summary:
    'Submit an activity result (idempotent by uuidFromMobile); the domain rules run again on the server and a failing answer is refused per question',
  params: z.object({ activityId: z.string().min(1).max(200) }).strict(),
  body: ActivityResultPayloadSchema,
  response: z.object({
    responseId: z.string(),
    status: z.enum(['stored', 'duplicate']),
    /** The domain's score of the stored answers (null when the activity has no scoring). */
    score: z.unknown().nullable(),
    /** Soft data-edit checks the answers set off (recorded with the response). */
    dataChecks: z.array(DataCheckRecordSchema),
    /** Soft warnings (soft minimum/maximum and the like), per question identifier. */
    warnings: z.record(z.string(), z.array(z.string())),
  }),
});
