/**
 * Study versions (002 §4, 000 §4; decisions 0020 and 0030): create, publish (made current), make live,
 * archive, delete while a draft, notes, history, assignments, name availability, the next number, the
 * version audit log and ★ the diff of two versions. Calls that move the test data space to a version
 * work on test data (`env: 'test'`); making a version live is the explicit publish to live
 * (`env: 'live'`); reading and the notes are the same record in both (`neutral`); an assignment's body
 * names its data space itself.
 */
import { MAX_PAGE_SIZE, VersionDiffSchema, VersionNameSchema, VersionStatusSchema } from '@trialpath/domain';
import { z } from 'zod';
import { OkSchema, pageOf, withReason } from './common';
import { defineEndpoint } from './endpoint';
import { StudyVersionContentSchema } from './study-content';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const VersionParams = z.object({ studyId: z.string().uuid(), versionId: z.string().uuid() }).strict();
const NotesSchema = z.string().trim().max(2000);
/** A data space: LIVE or TEST. */
const EnvironmentSchema = z.enum(['LIVE', 'TEST']);

export const createStudyDraft = defineEndpoint({
  id: 'createStudyDraft',
  method: 'POST',
  path: '/api/v1/studies/:studyId/versions',
  audience: 'staff',
  permission: 'studies.design',
  env: 'test',
  summary:
    "Create the study's draft version from its newest published version (or the defaults); 409 while a draft exists",
  params: StudyParams,
  body: z
    .object({
      /** Defaults to v and the version's number. */
      name: VersionNameSchema.optional(),
      notes: NotesSchema.optional(),
    })
    .strict(),
  response: StudyVersionContentSchema,
});

const PersonSchema = z.object({ id: z.string(), name: z.string() });

/** A version as the history lists it (C-075, C-161). */
export const StudyVersionSummarySchema = z.object({
  id: z.string(),
  studyId: z.string(),
  number: z.number().int(),
  name: z.string(),
  /** The name as assignment lists show it (C-171). */
  shortName: z.string(),
  status: VersionStatusSchema,
  notes: z.string().nullable(),
  /** The live data space runs it (studies.live_version_id). */
  isLive: z.boolean(),
  /** The test data space runs it (studies.test_version_id). */
  isTest: z.boolean(),
  createdBy: PersonSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedBy: PersonSchema.nullable(),
  publishedAt: z.string().nullable(),
});
export type StudyVersionSummary = z.infer<typeof StudyVersionSummarySchema>;

export const listStudyVersions = defineEndpoint({
  id: 'listStudyVersions',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "The study's versions, newest first, each with its status, notes, who and when created and published",
  params: StudyParams,
  response: z.object({ items: z.array(StudyVersionSummarySchema) }),
});

export const getStudyVersion = defineEndpoint({
  id: 'getStudyVersion',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions/:versionId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'One version with its content (a published version: the content as published)',
  params: VersionParams,
  response: StudyVersionContentSchema,
});

export const publishStudyVersion = defineEndpoint({
  id: 'publishStudyVersion',
  method: 'POST',
  path: '/api/v1/studies/:studyId/versions/:versionId/publish',
  audience: 'staff',
  permission: 'studies.design',
  env: 'test',
  reasonRequired: true,
  summary:
    'Publish the draft (made current): its content is frozen and the test data space runs it; audited with the reason and the diff against the previous published version',
  params: VersionParams,
  body: withReason({}),
  response: z.object({
    version: StudyVersionSummarySchema,
    diff: VersionDiffSchema,
    /** The version the diff is against: the previous published one; null for the first (against the defaults). */
    comparedWith: z.object({ id: z.string(), number: z.number().int(), name: z.string() }).nullable(),
  }),
});

export const makeStudyVersionLive = defineEndpoint({
  id: 'makeStudyVersionLive',
  method: 'POST',
  path: '/api/v1/studies/:studyId/versions/:versionId/make-live',
  audience: 'staff',
  permission: 'studies.design',
  env: 'live',
  reasonRequired: true,
  summary: 'Make a published version the one the live data space runs (the explicit publish to live)',
  params: VersionParams,
  body: withReason({}),
  response: StudyVersionSummarySchema,
});

export const archiveStudyVersion = defineEndpoint({
  id: 'archiveStudyVersion',
  method: 'POST',
  path: '/api/v1/studies/:studyId/versions/:versionId/archive',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  reasonRequired: true,
  summary: 'Archive a published version that neither data space runs and no site or country is assigned to',
  params: VersionParams,
  body: withReason({}),
  response: StudyVersionSummarySchema,
});

export const deleteStudyDraft = defineEndpoint({
  id: 'deleteStudyDraft',
  method: 'DELETE',
  path: '/api/v1/studies/:studyId/versions/:versionId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'test',
  summary:
    'Delete the draft version (C-165); the test data space goes back to the newest published version. Its number is not given again',
  params: VersionParams,
  response: OkSchema,
});

export const updateStudyVersionNotes = defineEndpoint({
  id: 'updateStudyVersionNotes',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/versions/:versionId/notes',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary: "A version's notes (also of a published or archived version: notes are not content); audited",
  params: VersionParams,
  body: z.object({ notes: NotesSchema }).strict(),
  response: StudyVersionSummarySchema,
});

export const checkStudyVersionName = defineEndpoint({
  id: 'checkStudyVersionName',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions/name-availability',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'Whether a version name is free in the study (compared as versionNameKey: case, spacing and width folded)',
  params: StudyParams,
  query: z.object({ name: VersionNameSchema }).strict(),
  response: z.object({
    name: z.string(),
    available: z.boolean(),
    /** The version that has the name, when taken. */
    takenBy: z.object({ id: z.string(), number: z.number().int(), name: z.string() }).nullable(),
  }),
});

export const nextStudyVersion = defineEndpoint({
  id: 'nextStudyVersion',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions/next',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    'The version increase (C-167): the number and default name the next version gets, and the version it starts from',
  params: StudyParams,
  response: z.object({
    number: z.number().int(),
    defaultName: z.string(),
    basedOn: z.object({ id: z.string(), number: z.number().int(), name: z.string() }).nullable(),
  }),
});

const VersionRefSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  status: VersionStatusSchema,
});

export const diffStudyVersions = defineEndpoint({
  id: 'diffStudyVersions',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions/diff',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    '★ What changed from one version to another, grouped by part and section: items by id and title, texts per language',
  params: StudyParams,
  query: z.object({ from: z.string().uuid(), to: z.string().uuid() }).strict(),
  response: z.object({ from: VersionRefSchema, to: VersionRefSchema }).extend(VersionDiffSchema.shape),
});

export const VersionAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actor: PersonSchema.nullable(),
  reason: z.string().nullable(),
  environment: EnvironmentSchema,
  before: z.unknown(),
  after: z.unknown(),
  items: z.array(z.object({ item: z.string(), oldValue: z.unknown(), newValue: z.unknown() })),
});

export const studyVersionAuditLog = defineEndpoint({
  id: 'studyVersionAuditLog',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions/:versionId/audit-log',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "The version's audit entries, newest first, paged (C-170)",
  params: VersionParams,
  query: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(15),
    })
    .strict(),
  response: pageOf(VersionAuditEntrySchema),
});

// ── assignments (C-076, A-154) ───────────────────────────────────────────────────────────────

const AssignedVersionSchema = z
  .object({ id: z.string(), number: z.number().int(), name: z.string(), shortName: z.string() })
  .nullable();

const SpaceAssignmentsSchema = z.object({
  environment: EnvironmentSchema,
  /** The version the data space runs where nothing else is assigned. */
  studyVersion: AssignedVersionSchema,
  countries: z.array(z.object({ countryId: z.string(), name: z.string(), assigned: AssignedVersionSchema })),
  sites: z.array(
    z.object({
      siteId: z.string(),
      siteCode: z.string(),
      name: z.string(),
      countryId: z.string(),
      /** What the site runs: its own assignment, else its country's, else the data space's version. */
      version: AssignedVersionSchema,
      source: z.enum(['site', 'country', 'study']),
    }),
  ),
});

export const getVersionAssignments = defineEndpoint({
  id: 'getVersionAssignments',
  method: 'GET',
  path: '/api/v1/studies/:studyId/version-assignments',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'Which version each country and site of the study runs, in the live and in the test data space',
  params: StudyParams,
  response: z.object({ spaces: z.array(SpaceAssignmentsSchema) }),
});

export const setVersionAssignment = defineEndpoint({
  id: 'setVersionAssignment',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/version-assignments',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  reasonRequired: true,
  summary:
    'Assign a version to a site or a country in the data space the body names (A-154: its Env); versionId null takes the assignment away',
  params: StudyParams,
  body: withReason({
    /** The data space the assignment is for (A-154: version-management bodies carry Env). */
    env: EnvironmentSchema,
    siteId: z.string().uuid().nullable().default(null),
    countryId: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .nullable()
      .default(null),
    versionId: z.string().uuid().nullable(),
  }),
  response: SpaceAssignmentsSchema,
});
