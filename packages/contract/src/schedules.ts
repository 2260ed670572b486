/**
 * Each participant's tasks, made from their study version's schedule plan (issue 10, decision 0044; E-120…
 * E-125, E-139…E-143): the version a participant is on, day zero and milestone dates (each change starts a job
 * that makes the tasks, polled until it is done), the job's status, and the participant's task list.
 */
import { ACTIVITY_GROUP_NAMES, SCHEDULE_DELIVERIES } from '@trialpath/domain';
import { z } from 'zod';
import { withReason } from './common';
import { defineEndpoint } from './endpoint';

const Uuid = z.string().uuid();
const DateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ParticipantParams = z.object({ studyId: Uuid, participantId: Uuid }).strict();

export const SCHEDULE_JOB_STATUSES = ['INPROGRESS', 'SUCCEEDED', 'FAILED'] as const;

export const ScheduleJobSchema = z.object({
  id: z.string(),
  status: z.enum(SCHEDULE_JOB_STATUSES),
  total: z.number().int(),
  processed: z.number().int(),
  added: z.number().int(),
  moved: z.number().int(),
  withdrawn: z.number().int(),
  /** The migration report: per participant, what was added, moved and withdrawn. */
  report: z.array(
    z.object({
      participantId: z.string(),
      participantCode: z.string(),
      added: z.number().int(),
      moved: z.number().int(),
      withdrawn: z.number().int(),
      kept: z.number().int(),
    }),
  ),
  /** FAILED only: "Internal Server Error" (E-143); the cause is in the server's log. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ScheduleJob = z.infer<typeof ScheduleJobSchema>;

export const ParticipantScheduleSchema = z.object({
  participantId: z.string(),
  versionId: z.string().nullable(),
  versionNumber: z.number().int().nullable(),
  timeZone: z.string(),
  dayZero: z.string().nullable(),
  /** The participant's day of study today (null before day zero). */
  currentDay: z.number().int().nullable(),
  milestones: z.array(z.object({ milestoneId: z.string(), date: z.string() })),
  job: ScheduleJobSchema.nullable(),
});

export const assignParticipantVersion = defineEndpoint({
  id: 'assignParticipantVersion',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/study-version',
  audience: 'staff',
  permission: 'participants.manage',
  reasonRequired: true,
  summary:
    'Put a participant on a published version of the study; the tasks are made (or moved) by a job whose status is polled (E-140)',
  params: ParticipantParams,
  body: withReason({ versionId: Uuid }),
  response: ParticipantScheduleSchema,
});

export const triggerDayZero = defineEndpoint({
  id: 'triggerDayZero',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/day-zero',
  audience: 'staff',
  permission: 'participants.manage',
  summary: "Start the participant's schedule: day zero is today in their time zone, or the date given (E-125)",
  params: ParticipantParams,
  body: z
    .object({
      date: DateText.optional(),
      /** The participant's IANA time zone, when it is set or corrected at the same time. */
      timeZone: z.string().min(1).max(64).optional(),
    })
    .strict(),
  response: ParticipantScheduleSchema,
});

export const setParticipantMilestones = defineEndpoint({
  id: 'setParticipantMilestones',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/milestones',
  audience: 'staff',
  permission: 'participants.manage',
  reasonRequired: true,
  summary: "Set (or clear, date null) the participant's milestone dates; anchored tasks move with them (E-122)",
  params: ParticipantParams,
  body: withReason({
    participantMileStoneList: z
      .array(z.object({ milestoneId: z.string().min(1).max(200), date: DateText.nullable() }).strict())
      .min(1)
      .max(100),
  }),
  response: ParticipantScheduleSchema,
});

export const getParticipantSchedule = defineEndpoint({
  id: 'getParticipantSchedule',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/schedule',
  audience: 'staff',
  permission: 'participants.view',
  summary: "The participant's version, time zone, day zero, milestones and newest schedule job",
  params: ParticipantParams,
  response: ParticipantScheduleSchema,
});

export const getScheduleJob = defineEndpoint({
  id: 'getScheduleJob',
  method: 'GET',
  path: '/api/v1/studies/:studyId/schedule-jobs/:jobId',
  audience: 'staff',
  permission: 'participants.view',
  noLoader: true,
  summary: 'The schedule-creation check (E-139): INPROGRESS while tasks are being made, then SUCCEEDED or FAILED',
  params: z.object({ studyId: Uuid, jobId: Uuid }).strict(),
  response: ScheduleJobSchema,
});

export const TASK_LIST_STATUSES = [
  'SCHEDULED',
  'AVAILABLE',
  'COMPLETED',
  'EXPIRED',
  'WITHDRAWN',
  'PENDING_SEND',
] as const;

export const ParticipantTaskSchema = z.object({
  id: z.string(),
  scheduleId: z.string(),
  type: z.enum(['activity', 'packet']),
  targetId: z.string(),
  startDay: z.number().int(),
  endDay: z.number().int().nullable(),
  opensAt: z.string(),
  closesAt: z.string().nullable(),
  delivery: z.enum(SCHEDULE_DELIVERIES),
  telehealth: z.boolean(),
  /** As the participant sees it now: upcoming, open, done, missed, withdrawn, or waiting for staff to send. */
  status: z.enum(TASK_LIST_STATUSES),
  versionId: z.string(),
  answeredAt: z.string().nullable(),
});
export type ParticipantTask = z.infer<typeof ParticipantTaskSchema>;

const Bool = z.enum(['true', 'false']);

export const listParticipantTasks = defineEndpoint({
  id: 'listParticipantTasks',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/tasks',
  audience: 'staff',
  permission: 'participants.view',
  summary:
    "The participant's tasks by study day, filtered (E-120: type, status, days, milestone, telehealth, version; E-009, E-011: activity group)",
  params: ParticipantParams,
  query: z
    .object({
      type: z.enum(['activity', 'packet']).optional(),
      status: z.enum(TASK_LIST_STATUSES).optional(),
      startDay: z.coerce.number().int().optional(),
      endDay: z.coerce.number().int().optional(),
      milestoneId: z.string().max(200).optional(),
      telehealth: Bool.optional(),
      showCompletedTasks: Bool.default('true'),
      studyVersionId: Uuid.optional(),
      /** Only surveys, the participant's forms or the site's forms and packets (E-009, E-011, E-012). */
      activityGroup: z.enum(ACTIVITY_GROUP_NAMES).optional(),
      /** Only tasks of one delivery (e.g. onDemand, E-129). */
      delivery: z.enum(SCHEDULE_DELIVERIES).optional(),
      pageIndex: z.coerce.number().int().min(0).default(0),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    })
    .strict(),
  response: z.object({
    items: z.array(ParticipantTaskSchema),
    participantCurrentDay: z.number().int().nullable(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    totalRecords: z.number().int(),
    totalPage: z.number().int(),
  }),
});

export const ComplianceSchema = z.object({
  participantId: z.string(),
  /** Tasks whose window has ended or that were answered: what the participant was asked to do so far. */
  due: z.number().int(),
  completed: z.number().int(),
  missed: z.number().int(),
  upcoming: z.number().int(),
  /** completed / due × 100, one decimal; null while nothing is due yet. */
  percentage: z.number().nullable(),
});

export const getParticipantCompliance = defineEndpoint({
  id: 'getParticipantCompliance',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/compliance',
  audience: 'staff',
  permission: 'participants.view',
  summary: "The participant's compliance: tasks due so far, completed, missed, upcoming, and the percentage (E-124)",
  params: ParticipantParams,
  response: ComplianceSchema,
});

export const computeCompliance = defineEndpoint({
  id: 'computeCompliance',
  method: 'POST',
  path: '/api/v1/studies/:studyId/compliance',
  audience: 'staff',
  permission: 'participants.view',
  audit: false,
  summary:
    'Compliance and percentage of several participants at once (E-124); participants the caller may not see are left out',
  params: z.object({ studyId: Uuid }).strict(),
  body: z.object({ participantIds: z.array(Uuid).min(1).max(500) }).strict(),
  response: z.object({ items: z.array(ComplianceSchema) }),
});

export const listJustInTimeTasks = defineEndpoint({
  id: 'listJustInTimeTasks',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/just-in-time',
  audience: 'staff',
  permission: 'participants.view',
  summary:
    "The participant's just-in-time tasks (or pre-screened ones, preScreened=true): status, telehealth, current day, sort, paging (E-126, E-128)",
  params: ParticipantParams,
  query: z
    .object({
      status: z.enum(['PENDING_SEND', 'SENT']).optional(),
      telehealth: Bool.optional(),
      /** Only tasks whose window includes this study day. */
      currentDay: z.coerce.number().int().optional(),
      sort: z.enum(['startDay', '-startDay']).default('startDay'),
      preScreened: Bool.default('false'),
      pageIndex: z.coerce.number().int().min(0).default(0),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    })
    .strict(),
  response: z.object({
    items: z.array(ParticipantTaskSchema.extend({ sentAt: z.string().nullable() })),
    totalRecords: z.number().int(),
    totalPage: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const sendJustInTimeTasks = defineEndpoint({
  id: 'sendJustInTimeTasks',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/just-in-time',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Send just-in-time (or pre-screened) tasks to the participant: they become visible from their start day (E-127, E-128)',
  params: ParticipantParams,
  body: z.object({ taskIds: z.array(Uuid).min(1).max(200) }).strict(),
  response: z.object({ sent: z.number().int() }),
});

export const sendSiteJustInTimeTasks = defineEndpoint({
  id: 'sendSiteJustInTimeTasks',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/sites/:siteId/just-in-time',
  audience: 'staff',
  permission: 'participants.manage',
  summary: "Send one just-in-time schedule's pending tasks to every participant of a site the caller may see (E-127)",
  params: z.object({ studyId: Uuid, siteId: Uuid }).strict(),
  body: z.object({ scheduleId: z.string().min(1).max(200) }).strict(),
  response: z.object({ sent: z.number().int() }),
});

export const withdrawOnDemandTask = defineEndpoint({
  id: 'withdrawOnDemandTask',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/on-demand/:taskId/withdraw',
  audience: 'staff',
  permission: 'participants.manage',
  reasonRequired: true,
  summary: 'Take an on-demand activity away from the participant (status WITHDRAWN); an answered one stays (E-129)',
  params: z.object({ studyId: Uuid, participantId: Uuid, taskId: Uuid }).strict(),
  body: withReason({}),
  response: ParticipantTaskSchema,
});
