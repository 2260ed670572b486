/**
 * A participant's forms and their study start (issue 10, decision 0046): form statuses site-facing and
 * participant-facing, also at a milestone day (E-130…E-132); the study start and its confirmations (E-133,
 * E-134); activities and notifications turned off for one participant (E-135); the investigator's sign-off
 * (E-136); the participant's full detail, optionally as of one version (E-123); and the study dashboard's
 * activity figures (C-133).
 */
import { FORM_FACINGS, FORM_STATUSES } from '@trialpath/domain';
import { z } from 'zod';
import { withReason } from './common';
import { defineEndpoint } from './endpoint';
import { ComplianceSchema, ParticipantScheduleSchema, TASK_LIST_STATUSES } from './schedules';

const Uuid = z.string().uuid();
const ParticipantParams = z.object({ studyId: Uuid, participantId: Uuid }).strict();

export const FormStatusItemSchema = z.object({
  taskId: z.string(),
  /** The form: the task's activity, or one data capture form of a packet task. */
  activityId: z.string(),
  activityIdentifier: z.string().nullable(),
  activityName: z.string().nullable(),
  kind: z.enum(['survey', 'epro', 'edro', 'dataCaptureForm']).nullable(),
  facing: z.enum(FORM_FACINGS),
  packetId: z.string().nullable(),
  scheduleId: z.string(),
  startDay: z.number().int(),
  endDay: z.number().int().nullable(),
  milestoneId: z.string().nullable(),
  /** The day relative to the milestone's date (0 = that day); null when not anchored to a milestone. */
  milestoneDay: z.number().int().nullable(),
  opensAt: z.string(),
  closesAt: z.string().nullable(),
  taskStatus: z.enum(TASK_LIST_STATUSES),
  status: z.enum(FORM_STATUSES),
  /** Set by staff (with the reason), or implied by the task when null. */
  reason: z.string().nullable(),
  setAt: z.string().nullable(),
  /** The sign-off that covers the form as it stands; cleared by a later change. */
  signoffId: z.string().nullable(),
});
export type FormStatusItem = z.infer<typeof FormStatusItemSchema>;

const FormQuery = z
  .object({
    facing: z.enum(FORM_FACINGS),
    milestoneId: z.string().min(1).max(200).optional(),
    milestoneDay: z.coerce.number().int().min(-100_000).max(100_000).optional(),
    pageIndex: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const getParticipantFormStatuses = defineEndpoint({
  id: 'getParticipantFormStatuses',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/form-statuses',
  audience: 'staff',
  permission: 'responses.view',
  summary:
    "The participant's site-facing or participant-facing forms with their statuses, also at one milestone and its milestoneDay (E-130…E-132)",
  params: ParticipantParams,
  query: FormQuery,
  response: z.object({
    items: z.array(FormStatusItemSchema),
    totalRecords: z.number().int(),
    totalPage: z.number().int(),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const setParticipantFormStatuses = defineEndpoint({
  id: 'setParticipantFormStatuses',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/form-statuses',
  audience: 'staff',
  permission: 'responses.enter',
  reasonRequired: true,
  summary:
    'Move forms to a status: the ones named, or every one of a facing at a milestone (and milestoneDay); all or none (E-130…E-132)',
  params: ParticipantParams,
  body: withReason({
    facing: z.enum(FORM_FACINGS),
    status: z.enum(FORM_STATUSES),
    forms: z
      .array(z.object({ taskId: Uuid, activityId: z.string().min(1).max(200) }).strict())
      .min(1)
      .max(200)
      .optional(),
    milestoneId: z.string().min(1).max(200).optional(),
    milestoneDay: z.number().int().min(-100_000).max(100_000).optional(),
  }).refine((b) => (b.forms === undefined) !== (b.milestoneId === undefined), {
    message: 'Name the forms, or a milestone, not both.',
    path: ['forms'],
  }),
  response: z.object({ changed: z.number().int(), items: z.array(FormStatusItemSchema) }),
});

export const StudyStartSchema = z.object({
  participantId: z.string(),
  dayZero: z.string().nullable(),
  /** The participant confirmed the start date (in the portal). */
  isConfirmed: z.boolean(),
  /** The investigator confirmed it. */
  isPiConfirmed: z.boolean(),
  /** The start was moved after it had been set (both confirmations are asked for again). */
  isReschedule: z.boolean(),
  confirmedAt: z.string().nullable(),
  piConfirmedAt: z.string().nullable(),
});
export type StudyStart = z.infer<typeof StudyStartSchema>;

export const getParticipantStudyStart = defineEndpoint({
  id: 'getParticipantStudyStart',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/study-start',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'The manual study start status: isConfirmed, isPiConfirmed, isReschedule (E-133, E-134)',
  params: ParticipantParams,
  response: StudyStartSchema,
});

export const confirmParticipantStudyStart = defineEndpoint({
  id: 'confirmParticipantStudyStart',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/study-start/pi-confirmation',
  audience: 'staff',
  permission: 'responses.sign',
  summary: "The investigator confirms the participant's study start (E-133)",
  params: ParticipantParams,
  body: z.object({}).strict(),
  response: StudyStartSchema,
});

export const confirmOwnStudyStart = defineEndpoint({
  id: 'confirmOwnStudyStart',
  method: 'PUT',
  path: '/api/v1/participant/study-start/confirmation',
  audience: 'participant',
  summary: 'The signed-in participant confirms their study start date (E-133)',
  body: z.object({}).strict(),
  response: StudyStartSchema.omit({ participantId: true }),
});

export const setParticipantActivitiesDisabled = defineEndpoint({
  id: 'setParticipantActivitiesDisabled',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/disable',
  audience: 'staff',
  permission: 'participants.manage',
  reasonRequired: true,
  summary: "Turn the participant's activities and notifications off (or on again) (E-135)",
  params: ParticipantParams,
  body: withReason({ activitiesDisabled: z.boolean(), notificationsDisabled: z.boolean() }),
  response: z.object({ activitiesDisabled: z.boolean(), notificationsDisabled: z.boolean() }),
});

export const SignoffSchema = z.object({
  id: z.string(),
  milestoneId: z.string().nullable(),
  signerName: z.string(),
  /** What the signature means (21 CFR 11.50), in the signer's language. */
  meaning: z.string(),
  signedAt: z.string(),
  formCount: z.number().int(),
});

export const signOffParticipant = defineEndpoint({
  id: 'signOffParticipant',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/signoff',
  audience: 'staff',
  permission: 'responses.sign',
  summary:
    "The investigator signs the participant's forms due so far (or those of one milestone) with their password (E-136)",
  params: ParticipantParams,
  body: z
    .object({
      currentPassword: z.string().min(1).max(200),
      milestoneId: z.string().min(1).max(200).optional(),
    })
    .strict(),
  response: SignoffSchema,
});

const StatusCounts = z.record(z.enum(FORM_STATUSES), z.number().int());

export const getParticipantFullDetail = defineEndpoint({
  id: 'getParticipantFullDetail',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/full-detail',
  audience: 'staff',
  permission: 'participants.view',
  summary:
    "Everything about the participant's study path at once, as of their version or the one named (E-123): schedule, start, compliance, forms, sign-offs",
  params: ParticipantParams,
  query: z.object({ studyVersionId: Uuid.optional() }).strict(),
  response: z.object({
    participant: z.object({
      id: z.string(),
      participantId: z.string(),
      siteId: z.string(),
      status: z.string(),
      environment: z.string(),
    }),
    schedule: ParticipantScheduleSchema,
    studyStart: StudyStartSchema,
    activitiesDisabled: z.boolean(),
    notificationsDisabled: z.boolean(),
    compliance: ComplianceSchema,
    version: z
      .object({
        id: z.string(),
        number: z.number().int(),
        activities: z.array(
          z.object({
            id: z.string(),
            identifier: z.string().nullable(),
            name: z.string().nullable(),
            kind: z.enum(['survey', 'epro', 'edro', 'dataCaptureForm']).nullable(),
            disabled: z.boolean(),
          }),
        ),
        milestones: z.array(z.object({ id: z.string(), date: z.string().nullable() })),
      })
      .nullable(),
    forms: z.object({ site: StatusCounts, participant: StatusCounts }),
    signoffs: z.array(SignoffSchema),
  }),
});

export const DashboardActivitySchema = z.object({
  type: z.enum(['activity', 'packet']),
  targetId: z.string(),
  name: z.string().nullable(),
  kind: z.enum(['survey', 'epro', 'edro', 'dataCaptureForm']).nullable(),
  participants: z.number().int(),
  upcoming: z.number().int(),
  open: z.number().int(),
  completed: z.number().int(),
  missed: z.number().int(),
  /** completed / (completed + missed) × 100, one decimal; null while nothing is due. */
  completion: z.number().nullable(),
});

export const getDashboardActivities = defineEndpoint({
  id: 'getDashboardActivities',
  method: 'GET',
  path: '/api/v1/studies/:studyId/dashboard/activities',
  audience: 'staff',
  permission: 'analytics.view',
  summary:
    "The study dashboard's activities: per activity or packet, participants, tasks upcoming, open, completed, missed (C-133)",
  params: z.object({ studyId: Uuid }).strict(),
  response: z.object({ items: z.array(DashboardActivitySchema) }),
});
