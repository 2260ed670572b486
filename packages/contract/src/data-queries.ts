/**
 * Data queries on site-entered and participant-reported answers, and the participant responses view (issue 12;
 * E-014, E-019, E-144…E-146; decision E-queries). A monitor or data manager opens a query on one answer (a site form
 * entry's or a submitted response's question) with a text; site staff respond; the opener's side closes or reopens
 * it. The status is changed by a PUT carrying `status` (E-144). Every query answer says what the caller may do next
 * (`may`), so a screen offers exactly what the server would accept.
 */
import {
  ACTIVITY_TYPES,
  ActivitySchema,
  AnswerSchema,
  LocalizedTextSchema,
  QUERY_ASSIGNABLE_ROLES,
  QUERY_MESSAGE_KINDS,
  QUERY_STATUSES,
  QUERY_TARGET_KINDS,
  QUERY_TEXT_MAX,
} from '@trialpath/domain';
import { z } from 'zod';
import { pageOf } from './common';
import { defineEndpoint } from './endpoint';

const Uuid = z.string().uuid();
const StudyParams = z.object({ studyId: Uuid }).strict();
const QueryParams = z.object({ studyId: Uuid, queryId: Uuid }).strict();
/** A site team role that answers queries (decision E-queries, addendum). */
const AssignableRole = z.enum(QUERY_ASSIGNABLE_ROLES as unknown as [string, ...string[]]);
const ParticipantParams = z.object({ studyId: Uuid, participantId: Uuid }).strict();
/** Trimmed by the server; the domain's rule (queryTextProblem) says when it may be empty. */
const QueryText = z.string().max(QUERY_TEXT_MAX * 2);

export const QueryCountsSchema = z.object({
  OPEN: z.number().int(),
  RESPONDED: z.number().int(),
  CLOSED: z.number().int(),
});

export const QueryMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(QUERY_MESSAGE_KINDS),
  text: z.string(),
  /** The status the message left the query in. */
  statusAfter: z.enum(QUERY_STATUSES),
  author: z.string(),
  at: z.string(),
});
export type QueryMessage = z.infer<typeof QueryMessageSchema>;

export const DataQuerySchema = z.object({
  id: z.string(),
  status: z.enum(QUERY_STATUSES),
  targetKind: z.enum(QUERY_TARGET_KINDS),
  /** The site form entry's or the response's id. */
  targetId: z.string(),
  /** Where the answer is shown: the response's id, or the EDC's entry key of the site form (`<taskId>:<activityId>` or the entry's id). */
  targetKey: z.string(),
  /** The question identifier of the answer. */
  item: z.string(),
  /** The question's text when the query was opened. */
  itemText: LocalizedTextSchema,
  activity: z.object({ id: z.string(), title: LocalizedTextSchema }),
  participant: z.object({ id: z.string(), participantId: z.string() }),
  site: z.object({ id: z.string(), name: z.string() }),
  openedBy: z.string(),
  openedAt: z.string(),
  updatedAt: z.string(),
  closedBy: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The site team role that is to answer it; null: the whole site team. */
  assignedRole: z.string().nullable(),
  /** The newest message of the thread (the opening text at first). */
  lastMessage: QueryMessageSchema,
  messageCount: z.number().int(),
  may: z.object({
    /** The statuses the caller may move it to now (respond, close, reopen). */
    statuses: z.array(z.enum(QUERY_STATUSES)),
    comment: z.boolean(),
  }),
});
export type DataQuery = z.infer<typeof DataQuerySchema>;

export const DataQueryDetailSchema = DataQuerySchema.extend({ messages: z.array(QueryMessageSchema) });
export type DataQueryDetail = z.infer<typeof DataQueryDetailSchema>;

export const QUERY_SORTS = ['updatedAt', 'openedAt', 'participant', 'status'] as const;
export type QuerySort = (typeof QUERY_SORTS)[number];

export const QueryListQuerySchema = z
  .object({
    status: z.enum([...QUERY_STATUSES, 'ALL']).default('ALL'),
    siteId: Uuid.optional(),
    participantId: Uuid.optional(),
    targetKind: z.enum(QUERY_TARGET_KINDS).optional(),
    /** Queries assigned to this role, or NONE for the unassigned ones. */
    assignedRole: z.union([AssignableRole, z.literal('NONE')]).optional(),
    sort: z.enum(QUERY_SORTS).default('updatedAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
    pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(10).max(100).default(25),
  })
  .strict();
export type QueryListQuery = z.input<typeof QueryListQuerySchema>;

export const listStudyQueries = defineEndpoint({
  id: 'listStudyQueries',
  method: 'GET',
  path: '/api/v1/studies/:studyId/queries',
  audience: 'staff',
  permission: 'responses.view',
  summary:
    'The study’s data queries the caller may see (their participants, this data space, blinding), filtered, sorted and paged, with the counts per status under the same filters but the status',
  params: StudyParams,
  query: QueryListQuerySchema,
  response: pageOf(DataQuerySchema).extend({
    counts: QueryCountsSchema,
    /** The sites the caller sees (the site filter). */
    sites: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});

export const getDataQuery = defineEndpoint({
  id: 'getDataQuery',
  method: 'GET',
  path: '/api/v1/studies/:studyId/queries/:queryId',
  audience: 'staff',
  permission: 'responses.view',
  summary: 'One data query with its whole thread, oldest message first',
  params: QueryParams,
  response: DataQueryDetailSchema,
});

export const openDataQuery = defineEndpoint({
  id: 'openDataQuery',
  method: 'POST',
  path: '/api/v1/studies/:studyId/queries',
  audience: 'staff',
  permission: 'queries.raise',
  summary:
    'Open a query on one answer — a site form entry’s or a submitted response’s question — with a text; one query at a time per answer until it is closed',
  params: StudyParams,
  body: z
    .object({
      targetKind: z.enum(QUERY_TARGET_KINDS),
      targetId: Uuid,
      item: z.string().min(1).max(200),
      text: QueryText,
      /** Who is to answer it: a site team role; absent, the whole site team. */
      assignedRole: AssignableRole.optional(),
    })
    .strict(),
  response: DataQueryDetailSchema,
});

export const assignDataQuery = defineEndpoint({
  id: 'assignDataQuery',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/queries/:queryId/assignment',
  audience: 'staff',
  permission: 'queries.raise',
  summary:
    'Assign a query that is not closed to a role of the participant’s site team, or back to the whole team (null)',
  params: QueryParams,
  body: z.object({ assignedRole: AssignableRole.nullable() }).strict(),
  response: DataQueryDetailSchema,
});

export const updateDataQueryStatus = defineEndpoint({
  id: 'updateDataQueryStatus',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/queries/:queryId',
  audience: 'staff',
  permission: 'responses.view',
  summary:
    'Change a query’s status (E-144): RESPONDED (site staff respond, text required), CLOSED (the monitor side, optional note) or OPEN (reopen, with the reason); expectedStatus is the status the caller saw — another change meanwhile answers 409',
  params: QueryParams,
  body: z
    .object({
      status: z.enum(QUERY_STATUSES),
      expectedStatus: z.enum(QUERY_STATUSES),
      text: QueryText.default(''),
    })
    .strict(),
  response: DataQueryDetailSchema,
});

export const addDataQueryMessage = defineEndpoint({
  id: 'addDataQueryMessage',
  method: 'POST',
  path: '/api/v1/studies/:studyId/queries/:queryId/messages',
  audience: 'staff',
  permission: 'responses.view',
  summary: 'Add a note to a query that is not closed, without changing its status',
  params: QueryParams,
  body: z.object({ text: QueryText }).strict(),
  response: DataQueryDetailSchema,
});

export const listParticipantQueries = defineEndpoint({
  id: 'listParticipantQueries',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/queries',
  audience: 'staff',
  permission: 'responses.view',
  summary: 'One participant’s data queries the caller may see, newest change first, with the counts per status',
  params: ParticipantParams,
  response: z.object({ items: z.array(DataQuerySchema), counts: QueryCountsSchema }),
});

export const listTargetQueries = defineEndpoint({
  id: 'listTargetQueries',
  method: 'GET',
  path: '/api/v1/studies/:studyId/query-targets/:targetKind/:targetId/queries',
  audience: 'staff',
  permission: 'responses.view',
  summary:
    'The queries on the answers of one site form entry or response (badges next to each answer), and whether the caller may raise one',
  params: z.object({ studyId: Uuid, targetKind: z.enum(QUERY_TARGET_KINDS), targetId: Uuid }).strict(),
  response: z.object({ items: z.array(DataQuerySchema), mayRaise: z.boolean() }),
});

// ── the participant's submitted responses (E-014, E-019) ─────────────────────────────────────────────────

export const ResponseSummarySchema = z.object({
  id: z.string(),
  activity: z.object({ id: z.string(), title: LocalizedTextSchema, type: z.enum(ACTIVITY_TYPES) }),
  completedAt: z.string(),
  /** The participant's local wall-clock time and offset as their device gave them. */
  completedLocal: z.string(),
  completedOffset: z.string(),
  /** The scheduled task it answered; null when answered on demand. */
  task: z.object({ id: z.string(), startDay: z.number().int() }).nullable(),
  /** Queries on its answers that are not closed (OPEN or RESPONDED). */
  activeQueries: z.number().int(),
});
export type ResponseSummary = z.infer<typeof ResponseSummarySchema>;

export const listParticipantResponses = defineEndpoint({
  id: 'listParticipantResponses',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/responses',
  audience: 'staff',
  permission: 'responses.view',
  summary: 'A participant’s submitted activity responses (E-014), newest first, a page at a time',
  params: ParticipantParams,
  query: z
    .object({
      pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(10).max(100).default(25),
    })
    .strict(),
  response: pageOf(ResponseSummarySchema),
});

export const getParticipantResponse = defineEndpoint({
  id: 'getParticipantResponse',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/responses/:responseId',
  audience: 'staff',
  permission: 'responses.view',
  summary:
    'One submitted response (E-019): the activity as the caller may see it (a blinded reader gets no unblinded question), its answers by question identifier, the skipped ones, and the queries on it',
  params: z.object({ studyId: Uuid, participantId: Uuid, responseId: Uuid }).strict(),
  response: ResponseSummarySchema.extend({
    participant: z.object({ id: z.string(), participantId: z.string() }),
    /** The language the participant answered in. */
    language: z.string(),
    activityDefinition: ActivitySchema,
    answers: z.record(z.string(), AnswerSchema),
    skipped: z.array(z.string()),
    queries: z.array(DataQuerySchema),
    mayRaise: z.boolean(),
    /** The questions whose answer site staff corrected (the answers given are the corrected ones). */
    corrected: z.array(z.string()),
    /** The caller may correct an answer (responses.enter on a writable assignment; decision E-response-corrections). */
    mayCorrect: z.boolean(),
  }),
});
