/**
 * The participant list and its labels (issue 12; E-004, E-005, E-025…E-030, E-064, E-067…E-070, E-087, E-088;
 * decision E-participant-list). The list answers only the participants the caller may see (study assignment →
 * sites → data access type), in the page's data space; identity fields (name, e-mail) are null for a caller who
 * may not identify participants. List filters travel as comma-separated values (the typed client sends a query
 * value as one string).
 */
import {
  CONSENT_LIST_STATUSES,
  ENROLMENT_SOURCES,
  LABEL_COLORS,
  LABEL_NAME_MAX,
  LEAVING_REASONS,
  PARTICIPANT_SORT_KEYS,
  PARTICIPANT_STATUSES,
  SCREEN_FAILURE_REASONS,
  STATUS_REASON_MAX,
  STATUS_REASON_MIN,
} from '@trialpath/domain';
import { z } from 'zod';
import { pageOf } from './common';
import { defineEndpoint } from './endpoint';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const LabelParams = z.object({ studyId: z.string().uuid(), labelId: z.string().uuid() }).strict();
const ParticipantParams = z.object({ studyId: z.string().uuid(), participantId: z.string().uuid() }).strict();

/** A comma-separated list of values of one schema (at most 100 of them). */
function commaList<T extends z.ZodType<string, string>>(item: T) {
  return z
    .string()
    .max(4000)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(100));
}

export const ParticipantLabelSchema = z.object({ id: z.string(), name: z.string(), color: z.enum(LABEL_COLORS) });
export type ParticipantLabel = z.infer<typeof ParticipantLabelSchema>;

/** A participant as the list shows it (E-025, E-026). Identity fields are null unless the caller may identify. */
export const ParticipantListEntrySchema = z.object({
  id: z.string(),
  /** The participant's id in the study (participant code). */
  participantId: z.string(),
  participantName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  siteId: z.string(),
  siteName: z.string(),
  siteCode: z.string(),
  status: z.enum(PARTICIPANT_STATUSES),
  consentStatus: z.enum(CONSENT_LIST_STATUSES),
  source: z.enum(ENROLMENT_SOURCES),
  versionId: z.string().nullable(),
  versionName: z.string().nullable(),
  languageId: z.string(),
  registrationDate: z.string().nullable(),
  createdAt: z.string(),
  labels: z.array(ParticipantLabelSchema),
});
export type ParticipantListEntry = z.infer<typeof ParticipantListEntrySchema>;

export const ParticipantListQuerySchema = z
  .object({
    pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(10).max(100).default(25),
    /** The start of the participant's id, e-mail, first or last name (name and e-mail need the identify right). */
    search: z.string().trim().max(100).optional(),
    /** Statuses (E-067 filter). */
    filter: commaList(z.enum(PARTICIPANT_STATUSES)).optional(),
    sortValue: z.enum(PARTICIPANT_SORT_KEYS).default('participantId'),
    sortOrder: z.enum(['asc', 'desc']).default('asc'),
    /** Enrolment sources (E-068 sourcefilter). */
    sourcefilter: commaList(z.enum(ENROLMENT_SOURCES)).optional(),
    siteIds: commaList(z.string().uuid()).optional(),
    versionIds: commaList(z.string().uuid()).optional(),
    consentStatus: z.enum(CONSENT_LIST_STATUSES).optional(),
    /** Label ids (E-068 customKey): participants carrying any of them. */
    customKey: commaList(z.string().uuid()).optional(),
    cohortId: z.string().max(100).optional(),
    languageId: z.string().max(20).optional(),
    /** Only the participants who withdrew, were disqualified, discontinued or failed screening (E-069). */
    withdrawnOrFailedFilter: z.enum(['true', 'false']).optional(),
    /** Sites' countries (E-070): participants at sites of these countries. */
    countryIds: commaList(z.string().regex(/^[A-Za-z]{2}$/)).optional(),
    /** The migration list (E-070, E-071): participants still in the study, on one of these versions, not on that one. */
    isForMigrationList: z.enum(['true', 'false']).optional(),
    /** E-068 docId: participants who hold a (not invalidated) copy of this study document. */
    docId: z.string().uuid().optional(),
    /** E-069: with docId, the participants who do not hold it yet (those it can still be sent to). */
    activateForMoreParticipants: z.enum(['true', 'false']).optional(),
    /** E-069: false leaves out the participants who have only verified their account (status VERIFIED). */
    includeVerified: z.enum(['true', 'false']).optional(),
    /** Only participants who can be called by video (E-070 isTelehealthSearch): TELEHEALTH_REACHABLE_STATUSES. */
    isTelehealthSearch: z.enum(['true', 'false']).optional(),
    currentAssignedVersionIds: commaList(z.string().uuid()).optional(),
    excludeVersionId: z.string().uuid().optional(),
  })
  .strict();

export const listParticipants = defineEndpoint({
  id: 'listParticipants',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants',
  audience: 'staff',
  permission: 'participants.view',
  noLoader: 'participants-list',
  summary:
    'The participants of the study the caller may see, in the page’s data space: searched, filtered, sorted and paged (E-005, E-067…E-069)',
  params: StudyParams,
  query: ParticipantListQuerySchema,
  response: pageOf(ParticipantListEntrySchema).extend({ identify: z.boolean() }),
});

// ── labels (E-087, E-088) ───────────────────────────────────────────────────────────────────────────

const LabelBodySchema = z
  .object({
    name: z.string().trim().min(1).max(LABEL_NAME_MAX),
    color: z.enum(LABEL_COLORS).default('blue'),
  })
  .strict();

export const listParticipantLabels = defineEndpoint({
  id: 'listParticipantLabels',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-labels',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'The labels of the study, with how many participants the caller may see carry each',
  params: StudyParams,
  response: z.object({ items: z.array(ParticipantLabelSchema.extend({ participants: z.number().int() })) }),
});

export const createParticipantLabel = defineEndpoint({
  id: 'createParticipantLabel',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-labels',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'Create a label (its name unique in the study, whatever the case)',
  params: StudyParams,
  body: LabelBodySchema,
  response: ParticipantLabelSchema,
});

export const updateParticipantLabel = defineEndpoint({
  id: 'updateParticipantLabel',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participant-labels/:labelId',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'Rename or recolour a label',
  params: LabelParams,
  body: LabelBodySchema,
  response: ParticipantLabelSchema,
});

export const deleteParticipantLabel = defineEndpoint({
  id: 'deleteParticipantLabel',
  method: 'DELETE',
  path: '/api/v1/studies/:studyId/participant-labels/:labelId',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Delete a label; the participants carrying it lose it (each detachment audited). Only with the number of participants carrying it that the person confirmed, all of whom they may see (E-062, E-063)',
  params: LabelParams,
  query: z.object({ participants: z.coerce.number().int().min(0).max(10_000_000) }).strict(),
  response: z.object({ deleted: z.literal(true), detached: z.number().int() }),
});

export const setParticipantLabels = defineEndpoint({
  id: 'setParticipantLabels',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/labels',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'The labels a participant carries, as a whole (E-088)',
  params: ParticipantParams,
  body: z.object({ labelIds: z.array(z.string().uuid()).max(50) }).strict(),
  response: z.object({ labels: z.array(ParticipantLabelSchema) }),
});

/** What the list's filters offer: the sites the caller may see, the study's published versions, its labels. */
export const getParticipantListOptions = defineEndpoint({
  id: 'getParticipantListOptions',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-list-options',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'The choices of the participant list’s filters: visible sites, published versions and labels',
  params: StudyParams,
  response: z.object({
    sites: z.array(z.object({ id: z.string(), name: z.string(), siteCode: z.string() })),
    /** Published versions (a participant can be moved onto one) and archived ones (participants may still be on it). */
    versions: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        number: z.number().int(),
        status: z.enum(['PUBLISHED', 'ARCHIVED']),
      }),
    ),
    labels: z.array(ParticipantLabelSchema),
    /** Whether the caller may see who participants are (name, e-mail), and manage them. */
    identify: z.boolean(),
    manage: z.boolean(),
  }),
});

// ── statuses (E-031…E-049; decision E-046) ──────────────────────────────────────────────────────────

const ReasonCodeSchema = z.enum([...SCREEN_FAILURE_REASONS, ...LEAVING_REASONS]);

/** A change of status: the status the person saw (a change made meanwhile by someone else is refused), the reason. */
const StatusChangeFields = {
  expectedStatus: z.enum(PARTICIPANT_STATUSES),
  reason: z.string().trim().min(STATUS_REASON_MIN).max(STATUS_REASON_MAX),
  reasonCode: ReasonCodeSchema.optional(),
};

export const StatusChangeSchema = z.object({
  id: z.string(),
  fromStatus: z.enum(PARTICIPANT_STATUSES),
  toStatus: z.enum(PARTICIPANT_STATUSES),
  reasonCode: ReasonCodeSchema.nullable(),
  reason: z.string(),
  changedBy: z.string(),
  changedAt: z.string(),
});
export type StatusChange = z.infer<typeof StatusChangeSchema>;

const StatusAnswer = z.object({ status: z.enum(PARTICIPANT_STATUSES), change: StatusChangeSchema });

export const changeParticipantStatus = defineEndpoint({
  id: 'changeParticipantStatus',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participants/:participantId/status',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'Change a participant’s status to one allowed from the current one, with a reason (decision E-046)',
  params: ParticipantParams,
  body: z.object({ status: z.enum(PARTICIPANT_STATUSES), ...StatusChangeFields }).strict(),
  response: StatusAnswer,
});

/** A call of 000 §4 that changes a participant to one status (E-047…E-049). */
const changeToStatus = (id: string, action: string, summary: string) =>
  defineEndpoint({
    id,
    method: 'PUT',
    path: `/api/v1/studies/:studyId/participants/:participantId/${action}`,
    audience: 'staff',
    permission: 'participants.manage',
    summary,
    params: ParticipantParams,
    body: z.object(StatusChangeFields).strict(),
    response: StatusAnswer,
  });

export const disqualifyParticipant = changeToStatus(
  'disqualifyParticipant',
  'disqualify',
  'Disqualify a participant (E-047), with a reason',
);
export const setParticipantActiveWithoutApp = changeToStatus(
  'setParticipantActiveWithoutApp',
  'active-without-app',
  'Set a participant active without the app (E-048), with a reason',
);
export const withdrawParticipant = changeToStatus(
  'withdrawParticipant',
  'withdraw',
  'Withdraw a participant from the study (E-049), with a reason',
);

export const listParticipantStatusChanges = defineEndpoint({
  id: 'listParticipantStatusChanges',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/status-changes',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'A participant’s status changes, newest first, with reasons and who made them',
  params: ParticipantParams,
  response: z.object({ status: z.enum(PARTICIPANT_STATUSES), items: z.array(StatusChangeSchema) }),
});
