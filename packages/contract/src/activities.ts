/**
 * The activity library and each study's activities (issue 10, decision 0044; C-027…C-033, C-132, C-136):
 * one set of calls for both — an activity without a study is the client's library's, one with a study is
 * that study's (surveys, ePROs, eDROs and data capture forms). Definitions are the domain's activity model;
 * a revision is edited while DRAFT and frozen once ACTIVE or RETIRED.
 */
import {
  ACTIVITY_TYPES,
  ActivityIdentifierSchema,
  ActivitySchema,
  LocalizedTextSchema,
  REVISION_STATUSES,
  TagListSchema,
} from '@trialpath/domain';
import { z } from 'zod';
import { withReason } from './common';
import { defineEndpoint } from './endpoint';

const Uuid = z.string().uuid();
const ActivityParams = z.object({ activityId: Uuid }).strict();
const RevisionParams = z.object({ activityId: Uuid, revisionId: Uuid }).strict();
const GroupParams = z.object({ groupId: Uuid }).strict();
const PersonSchema = z.object({ id: z.string(), name: z.string() });

export const ActivityRevisionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(REVISION_STATUSES),
  lockVersion: z.number().int(),
  questionCount: z.number().int(),
  updatedBy: PersonSchema,
  updatedAt: z.string(),
});
export type ActivityRevisionSummary = z.infer<typeof ActivityRevisionSummarySchema>;

export const ActivityListItemSchema = z.object({
  id: z.string(),
  studyId: z.string().nullable(),
  kind: z.enum(ACTIVITY_TYPES),
  identifier: z.string(),
  title: LocalizedTextSchema,
  tags: z.array(z.string()),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  archived: z.boolean(),
  revision: z.number().int(),
  latest: ActivityRevisionSummarySchema,
  updatedAt: z.string(),
});
export type ActivityListItem = z.infer<typeof ActivityListItemSchema>;

export const ActivityDetailSchema = ActivityListItemSchema.extend({
  copiedFrom: z.object({ id: z.string(), identifier: z.string() }).nullable(),
  revisions: z.array(ActivityRevisionSummarySchema),
  createdBy: PersonSchema,
  createdAt: z.string(),
});
export type ActivityDetail = z.infer<typeof ActivityDetailSchema>;

export const ActivityRevisionSchema = ActivityRevisionSummarySchema.extend({ definition: ActivitySchema });
export type ActivityRevision = z.infer<typeof ActivityRevisionSchema>;

export const listActivities = defineEndpoint({
  id: 'listActivities',
  method: 'GET',
  path: '/api/v1/activities',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    "The library's activities (no studyId) or one study's, filtered by kind, tag, group, text and archive, one page",
  query: z
    .object({
      studyId: Uuid.optional(),
      kind: z.enum(ACTIVITY_TYPES).optional(),
      tag: z.string().max(40).optional(),
      groupId: Uuid.optional(),
      search: z.string().trim().max(100).optional(),
      archived: z.enum(['true', 'false']).default('false'),
      pageNum: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    })
    .strict(),
  response: z.object({
    items: z.array(ActivityListItemSchema),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const createActivity = defineEndpoint({
  id: 'createActivity',
  method: 'POST',
  path: '/api/v1/activities',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary:
    'A new activity with an empty first revision, in the library or a study; or a copy of a library activity into a study',
  body: z
    .object({
      studyId: Uuid.optional(),
      kind: z.enum(ACTIVITY_TYPES),
      identifier: ActivityIdentifierSchema,
      title: LocalizedTextSchema,
      tags: TagListSchema.default([]),
      groupId: Uuid.nullable().default(null),
      /** Copy this activity's newest ACTIVE (or else newest) revision as the new one's first. */
      copyFrom: Uuid.optional(),
    })
    .strict(),
  response: ActivityDetailSchema,
});

export const getActivity = defineEndpoint({
  id: 'getActivity',
  method: 'GET',
  path: '/api/v1/activities/:activityId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'An activity with its revisions, newest first',
  params: ActivityParams,
  response: ActivityDetailSchema,
});

export const updateActivity = defineEndpoint({
  id: 'updateActivity',
  method: 'PUT',
  path: '/api/v1/activities/:activityId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary: "An activity's own fields: identifier, tags and group (the revision read is checked)",
  params: ActivityParams,
  body: z
    .object({
      revision: z.number().int(),
      identifier: ActivityIdentifierSchema,
      tags: TagListSchema,
      groupId: Uuid.nullable(),
    })
    .strict(),
  response: ActivityDetailSchema,
});

export const archiveActivity = defineEndpoint({
  id: 'archiveActivity',
  method: 'PUT',
  path: '/api/v1/activities/:activityId/archive',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  reasonRequired: true,
  summary: 'Archive an activity (it leaves the lists; versions and answers keep it) or restore it, with a reason',
  params: ActivityParams,
  body: withReason({ archived: z.boolean() }),
  response: ActivityDetailSchema,
});

export const getActivityRevision = defineEndpoint({
  id: 'getActivityRevision',
  method: 'GET',
  path: '/api/v1/activities/:activityId/revisions/:revisionId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "One revision's definition",
  params: RevisionParams,
  response: ActivityRevisionSchema,
});

export const saveActivityRevision = defineEndpoint({
  id: 'saveActivityRevision',
  method: 'PUT',
  path: '/api/v1/activities/:activityId/revisions/:revisionId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary:
    "Save a DRAFT revision's definition (questions, rules, scoring, texts); 409 when it is frozen or changed since it was read",
  params: RevisionParams,
  body: z.object({ lockVersion: z.number().int(), definition: ActivitySchema }).strict(),
  response: ActivityRevisionSchema,
});

export const createActivityRevision = defineEndpoint({
  id: 'createActivityRevision',
  method: 'POST',
  path: '/api/v1/activities/:activityId/revisions',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'A new DRAFT revision copied from the newest one (409 while one is being edited)',
  params: ActivityParams,
  response: ActivityRevisionSchema,
});

export const setActivityRevisionStatus = defineEndpoint({
  id: 'setActivityRevisionStatus',
  method: 'PUT',
  path: '/api/v1/activities/:activityId/revisions/:revisionId/status',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  reasonRequired: true,
  summary: "Move a revision's status: DRAFT → ACTIVE (frozen), ACTIVE → RETIRED, RETIRED → ACTIVE, with a reason",
  params: RevisionParams,
  body: withReason({ status: z.enum(REVISION_STATUSES) }),
  response: ActivityRevisionSchema,
});

export const ACTIVITY_EXPORT_FORMATS = ['json', 'fhir'] as const;

export const exportActivityRevision = defineEndpoint({
  id: 'exportActivityRevision',
  method: 'GET',
  path: '/api/v1/activities/:activityId/revisions/:revisionId/export',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'A revision as our JSON or as a FHIR R4 Questionnaire (in the language asked)',
  params: RevisionParams,
  query: z.object({ format: z.enum(ACTIVITY_EXPORT_FORMATS), language: z.string().max(20).optional() }).strict(),
  response: z.object({ fileName: z.string(), document: z.record(z.string(), z.unknown()) }),
});

export const importActivity = defineEndpoint({
  id: 'importActivity',
  method: 'POST',
  path: '/api/v1/activities/import',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary:
    'A new activity from our JSON or a FHIR R4 Questionnaire; what could not be mapped is listed, nothing is stored when it cannot be read',
  body: z
    .object({
      studyId: Uuid.optional(),
      format: z.enum(ACTIVITY_EXPORT_FORMATS),
      document: z.record(z.string(), z.unknown()),
      /** Overrides the document's identifier (e.g. when it is taken here). */
      identifier: ActivityIdentifierSchema.optional(),
      kind: z.enum(ACTIVITY_TYPES).optional(),
    })
    .strict(),
  response: z.object({
    activity: ActivityDetailSchema,
    unmapped: z.array(z.object({ path: z.string(), reason: z.string() })),
  }),
});

export const ActivityTagSchema = z.object({ name: z.string(), count: z.number().int() });

export const listActivityTags = defineEndpoint({
  id: 'listActivityTags',
  method: 'GET',
  path: '/api/v1/activity-tags',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "The library's tags with how many activities carry each",
  response: z.object({ items: z.array(ActivityTagSchema) }),
});

export const renameActivityTag = defineEndpoint({
  id: 'renameActivityTag',
  method: 'PUT',
  path: '/api/v1/activity-tags',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary: 'Rename a tag on every library activity carrying it (merging into an existing one), or remove it (to: null)',
  body: z.object({ from: z.string().min(1).max(40), to: z.string().trim().min(1).max(40).nullable() }).strict(),
  response: z.object({ items: z.array(ActivityTagSchema), changed: z.number().int() }),
});

export const ActivityGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  activityCount: z.number().int(),
  updatedAt: z.string(),
});
export type ActivityGroup = z.infer<typeof ActivityGroupSchema>;

const GroupBody = z
  .object({ name: z.string().trim().min(1).max(80), description: z.string().trim().max(500).nullable().default(null) })
  .strict();

export const listActivityGroups = defineEndpoint({
  id: 'listActivityGroups',
  method: 'GET',
  path: '/api/v1/activity-groups',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "The library's groups with how many activities each holds",
  response: z.object({ items: z.array(ActivityGroupSchema) }),
});

export const createActivityGroup = defineEndpoint({
  id: 'createActivityGroup',
  method: 'POST',
  path: '/api/v1/activity-groups',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary: 'A new group of the library (names unique, case and spacing folded)',
  body: GroupBody,
  response: ActivityGroupSchema,
});

export const updateActivityGroup = defineEndpoint({
  id: 'updateActivityGroup',
  method: 'PUT',
  path: '/api/v1/activity-groups/:groupId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary: "A group's name and description",
  params: GroupParams,
  body: GroupBody,
  response: ActivityGroupSchema,
});

export const deleteActivityGroup = defineEndpoint({
  id: 'deleteActivityGroup',
  method: 'DELETE',
  path: '/api/v1/activity-groups/:groupId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'Delete an empty group (409 while activities are in it)',
  params: GroupParams,
  response: z.object({ ok: z.literal(true) }),
});

export const exportStudyUsdm = defineEndpoint({
  id: 'exportStudyUsdm',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions/:versionId/usdm',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    "A version's design as a CDISC USDM 4.0 study definition (the digital protocol): identity, sites, eligibility, activities, the schedule timeline",
  params: z.object({ studyId: Uuid, versionId: Uuid }).strict(),
  response: z.object({ fileName: z.string(), document: z.record(z.string(), z.unknown()) }),
});

export const importStudyUsdm = defineEndpoint({
  id: 'importStudyUsdm',
  method: 'POST',
  path: '/api/v1/studies/import-usdm',
  audience: 'staff',
  permission: 'studies.create',
  env: 'neutral',
  sanitize: true,
  summary:
    'A new study in design from a CDISC USDM 4.0 study definition: its identity, languages, countries, eligibility, activities and schedule in the first draft; what could not be mapped is listed',
  body: z
    .object({
      /** The new study's code (the document's own identifier may be taken here). */
      code: z.string().trim().min(1).max(20),
      /** Overrides the document's study name. */
      name: z.string().trim().min(1).max(200).optional(),
      document: z.record(z.string(), z.unknown()),
    })
    .strict(),
  response: z.object({
    studyId: z.string(),
    code: z.string(),
    name: z.string(),
    activities: z.number().int(),
    schedules: z.number().int(),
    unmapped: z.array(z.object({ path: z.string(), reason: z.string() })),
  }),
});
