/**
 * Studies themselves (002 §7 "Studies"; issue 9, decision 0031): create, edit, the v2 record, status
 * changes along the lifecycle (C-095, C-096), launch readiness (build progress, the build call, launch),
 * the two approvals, duplicate, overview and features v1/v2, the languages and supported countries.
 * The study record is one record in both data spaces: every call here is `neutral`.
 */
import {
  LanguageCodeSchema,
  READINESS_AREAS,
  STUDY_CODE_PATTERN,
  STUDY_PRODUCTS,
  StudyProductSchema,
  StudyStatusSchema,
} from '@trialpath/domain';
import { z } from 'zod';
import { withReason } from './common';
import { defineEndpoint } from './endpoint';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();

/** A study code as typed: trimmed, 2–20 letters, digits, dashes; unique whatever its case (server check). */
export const StudyCodeSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .refine((v) => STUDY_CODE_PATTERN.test(v), { params: { messageKey: 'studies.codeFormat' } });

const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

function distinct<T extends z.ZodType<string>>(item: T, min: number, max: number) {
  return z
    .array(item)
    .min(min)
    .max(max)
    .refine((a) => new Set(a).size === a.length, { params: { messageKey: 'errors.invalidValue' } });
}

/** The fields a person gives a study (create and edit). Languages and countries: the default first. */
export const StudyFieldsSchema = z.object({
  code: StudyCodeSchema,
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(4000).optional(),
  therapeuticArea: z.string().trim().max(200).optional(),
  sponsorName: z.string().trim().max(200).optional(),
  languages: distinct(LanguageCodeSchema, 1, 20),
  countries: distinct(CountryCodeSchema, 0, 100),
  /** The Trialpath products the study uses (decision 0042); left out = unchanged (none for a new study). */
  products: distinct(StudyProductSchema, 0, STUDY_PRODUCTS.length).optional(),
});
export type StudyFields = z.infer<typeof StudyFieldsSchema>;

const PersonAtSchema = z.object({ id: z.string(), name: z.string(), at: z.string() }).nullable();

/** The study as its builders see it (details v2). */
export const StudyRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  therapeuticArea: z.string().nullable(),
  sponsorName: z.string().nullable(),
  status: StudyStatusSchema,
  /** The statuses the study may move to (the lifecycle table). */
  nextStatuses: z.array(StudyStatusSchema),
  color: z.string().nullable(),
  /** The products the study uses (decision 0042), in the catalogue's order. */
  products: z.array(StudyProductSchema),
  /** Optimistic concurrency: an edit names the revision it read. */
  revision: z.number().int(),
  languages: z.array(z.object({ id: z.string(), displayName: z.string(), isDefault: z.boolean() })),
  countries: z.array(z.object({ id: z.string(), name: z.string(), isDefault: z.boolean() })),
  approval: z.object({
    isInternalOrganizationalApproved: z.boolean(),
    internalApproved: PersonAtSchema,
    isIrbEcApproved: z.boolean(),
    irbEcApproved: PersonAtSchema,
  }),
  launched: PersonAtSchema,
  duplicatedFrom: z.object({ id: z.string(), code: z.string() }).nullable(),
  testVersionId: z.string().nullable(),
  liveVersionId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudyRecord = z.infer<typeof StudyRecordSchema>;

/** isApplangaCulture (C-105): languages answered as cultures (`es-ES`) rather than language ids (`es`). */
const StudyReadQuery = z
  .object({
    isApplangaCulture: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .strict();

export const createStudy = defineEndpoint({
  id: 'createStudy',
  method: 'POST',
  path: '/api/v1/studies',
  audience: 'staff',
  permission: 'studies.create',
  env: 'neutral',
  sanitize: true,
  summary:
    'Create a study in design with its first draft version; the creator becomes its StudyAdmin. 409 on the code field when the code is taken',
  body: StudyFieldsSchema.strict(),
  response: StudyRecordSchema,
});

export const updateStudy = defineEndpoint({
  id: 'updateStudy',
  method: 'PUT',
  path: '/api/v1/studies/:studyId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary:
    "Edit the study's details; the body names the revision read (409 CONFLICT when someone saved since). The code changes only in design",
  params: StudyParams,
  body: StudyFieldsSchema.extend({ revision: z.number().int().min(0) }).strict(),
  response: StudyRecordSchema,
});

export const getStudyRecord = defineEndpoint({
  id: 'getStudyRecord',
  method: 'GET',
  path: '/api/v2/studies/:studyId',
  audience: 'staff',
  permission: 'studies.view',
  env: 'neutral',
  summary: 'Study details v2: the whole study record (fields, languages, countries, approvals, status moves)',
  params: StudyParams,
  query: StudyReadQuery,
  response: StudyRecordSchema,
});

export const getStudyRecordNoCache = defineEndpoint({
  id: 'getStudyRecordNoCache',
  method: 'GET',
  path: '/api/v1/studies/:studyId/no-cache',
  audience: 'staff',
  permission: 'studies.view',
  env: 'neutral',
  noLoader: true,
  summary: 'The study record read afresh (never cached by the portal, answered with Cache-Control: no-store)',
  params: StudyParams,
  query: StudyReadQuery,
  response: StudyRecordSchema,
});

export const getStudyRecordLive = defineEndpoint({
  id: 'getStudyRecordLive',
  method: 'GET',
  path: '/api/v1/studies/:studyId/live',
  audience: 'staff',
  permission: 'studies.view',
  env: 'live',
  summary: "The study record as the live data space runs it: with the live version's number and name",
  params: StudyParams,
  query: StudyReadQuery,
  response: StudyRecordSchema.extend({
    liveVersion: z.object({ id: z.string(), number: z.number().int(), name: z.string() }).nullable(),
  }),
});

export const setStudyStatus = defineEndpoint({
  id: 'setStudyStatus',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/status',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  reasonRequired: true,
  summary:
    'Move the study along its lifecycle (pause, resume, close, reopen, archive; delete = DELETED, only from design); going live is the launch. Audited with the reason',
  params: StudyParams,
  body: withReason({ status: StudyStatusSchema }),
  response: StudyRecordSchema,
});

export const ReadinessGapSchema = z.object({
  id: z.string(),
  area: z.enum(READINESS_AREAS),
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The English text, for API users. */
  message: z.string(),
});
export type ReadinessGapItem = z.infer<typeof ReadinessGapSchema>;

const BuildProgressSchema = z.object({
  studyId: z.string(),
  status: StudyStatusSchema,
  ready: z.boolean(),
  gaps: z.array(ReadinessGapSchema),
  /** The newest published version, the one a launch makes live. */
  publishedVersion: z.object({ id: z.string(), number: z.number().int(), name: z.string() }).nullable(),
  checkedAt: z.string(),
});

export const getStudyBuildProgress = defineEndpoint({
  id: 'getStudyBuildProgress',
  method: 'GET',
  path: '/api/v1/studies/:studyId/build-progress',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'Launch readiness (study-build-progress, review/scan): each gap named, with the area where it is fixed',
  params: StudyParams,
  response: BuildProgressSchema,
});

export const buildStudy = defineEndpoint({
  id: 'buildStudy',
  method: 'POST',
  path: '/api/v1/studies/:studyId/build',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    'The build call (C-119, decision 0031): check the build for launch and record the result (who, when, the gaps) in the audit trail',
  params: StudyParams,
  body: z.object({}).strict(),
  response: BuildProgressSchema,
});

export const launchStudy = defineEndpoint({
  id: 'launchStudy',
  method: 'POST',
  path: '/api/v1/studies/:studyId/launch',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    'Launch: when nothing is missing the study goes live on its newest published version; otherwise 409 STUDY_NOT_READY with the gaps in details',
  params: StudyParams,
  body: z.object({ reason: z.string().trim().max(500).optional() }).strict(),
  response: StudyRecordSchema,
});

export const setStudyApproval = defineEndpoint({
  id: 'setStudyApproval',
  method: 'POST',
  path: '/api/v1/studies/:studyId/approval',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    'Record the internal organizational and the IRB/EC approval (who and when per flag); withdrawing one needs a reason. With `revision` (the study record read), refused with 409 CONFLICT when the study changed since',
  params: StudyParams,
  body: z
    .object({
      isInternalOrganizationalApproved: z.boolean(),
      isIrbEcApproved: z.boolean(),
      reason: z.string().trim().max(500).optional(),
      /** The revision of the study record the person confirmed against (decision 0041). */
      revision: z.number().int().min(0).optional(),
    })
    .strict(),
  response: StudyRecordSchema,
});

export const duplicateStudy = defineEndpoint({
  id: 'duplicateStudy',
  method: 'POST',
  path: '/api/v1/studies/:studyId/duplicate',
  audience: 'staff',
  permission: 'studies.create',
  env: 'neutral',
  sanitize: true,
  summary:
    "A new study in design with a draft holding a copy of this study's current content, languages and countries; none of its people, sites or participants",
  params: StudyParams,
  body: z.object({ code: StudyCodeSchema, name: z.string().trim().min(1).max(200) }).strict(),
  response: StudyRecordSchema,
});

const OverviewV1Schema = z.object({
  studyId: z.string(),
  code: z.string(),
  name: z.string(),
  status: StudyStatusSchema,
  siteCount: z.number().int(),
  countryCount: z.number().int(),
  languageCount: z.number().int(),
  versionCount: z.number().int(),
  isInternalOrganizationalApproved: z.boolean(),
  isIrbEcApproved: z.boolean(),
});

export const getStudyOverview = defineEndpoint({
  id: 'getStudyOverview',
  method: 'GET',
  path: '/api/v1/studies/:studyId/overview',
  audience: 'staff',
  permission: 'studies.view',
  env: 'neutral',
  summary: 'Study overview v1: status, approvals and counts (sites the caller may see, countries, languages, versions)',
  params: StudyParams,
  response: OverviewV1Schema,
});

export const getStudyOverviewV2 = defineEndpoint({
  id: 'getStudyOverviewV2',
  method: 'GET',
  path: '/api/v2/studies/:studyId/overview',
  audience: 'staff',
  permission: 'studies.view',
  env: 'neutral',
  summary: 'Study overview v2: the same facts grouped (study, counts, approvals, versions in each data space)',
  params: StudyParams,
  response: z.object({
    study: z.object({ id: z.string(), code: z.string(), name: z.string(), status: StudyStatusSchema }),
    counts: z.object({
      sites: z.number().int(),
      countries: z.number().int(),
      languages: z.number().int(),
      versions: z.number().int(),
    }),
    approval: z.object({ isInternalOrganizationalApproved: z.boolean(), isIrbEcApproved: z.boolean() }),
    versions: z.object({ testVersionId: z.string().nullable(), liveVersionId: z.string().nullable() }),
  }),
});

export const getStudyFeaturesV2 = defineEndpoint({
  id: 'getStudyFeaturesV2',
  method: 'GET',
  path: '/api/v2/studies/:studyId/features',
  audience: 'staff',
  permission: 'studies.view',
  env: 'neutral',
  summary: 'Study features state v2: one entry per feature, name and state, sorted by name',
  params: StudyParams,
  response: z.object({
    studyId: z.string(),
    features: z.array(z.object({ name: z.string(), enabled: z.boolean() })),
  }),
});

export const getCountryStudyVersions = defineEndpoint({
  id: 'getCountryStudyVersions',
  method: 'GET',
  path: '/api/v1/studies/:studyId/country-versions',
  audience: 'staff',
  permission: 'studies.view',
  env: 'neutral',
  summary: "The study's countries, each with the version its sites run by default in live and in test",
  params: StudyParams,
  response: z.object({
    items: z.array(
      z.object({
        countryId: z.string(),
        name: z.string(),
        live: z.object({ id: z.string(), number: z.number().int(), name: z.string() }).nullable(),
        test: z.object({ id: z.string(), number: z.number().int(), name: z.string() }).nullable(),
      }),
    ),
  }),
});

const LanguageSchema = z.object({ id: z.string(), displayName: z.string() });

export const listLanguages = defineEndpoint({
  id: 'listLanguages',
  method: 'GET',
  path: '/api/v1/languages',
  audience: 'staff',
  permission: 'studies.list',
  env: 'neutral',
  summary: 'The languages a study may use',
  response: z.object({ items: z.array(LanguageSchema) }),
});

export const listStudyLanguageItems = defineEndpoint({
  id: 'listStudyLanguageItems',
  method: 'GET',
  path: '/api/v1/studies/:studyId/languages',
  audience: 'staff',
  permission: 'studies.view',
  env: 'neutral',
  summary: "The study's languages, its default first (changed through the study's edit)",
  params: StudyParams,
  query: StudyReadQuery,
  response: z.object({ items: z.array(LanguageSchema.extend({ isDefault: z.boolean(), culture: z.string() })) }),
});

export const listSupportedCountries = defineEndpoint({
  id: 'listSupportedCountries',
  method: 'GET',
  path: '/api/v1/countries',
  audience: 'staff',
  permission: 'studies.list',
  env: 'neutral',
  summary: 'The countries Trialpath supports (active ones), names in the caller’s language',
  response: z.object({ items: z.array(z.object({ id: z.string(), name: z.string(), isoCode3: z.string() })) }),
});
