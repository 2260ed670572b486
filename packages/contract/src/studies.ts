import { StudyStatusSchema } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { OkSchema, pageOf } from './common';

const StudyListItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sponsorName: z.string().nullable(),
  status: StudyStatusSchema,
  siteCount: z.number().int(),
  /** The caller's role in the study. */
  userRole: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudyListItem = z.infer<typeof StudyListItemSchema>;

export const STUDY_SORT_FIELDS = ['name', 'code', 'status', 'createdAt', 'updatedAt'] as const;

export const listStudies = defineEndpoint({
  id: 'listStudies',
  method: 'GET',
  path: '/api/v1/studies',
  audience: 'staff',
  permission: 'studies.list',
  summary:
    "Studies the caller is assigned to, searched by name, code or sponsor, filtered by status, sorted and paged (SystemAdmin sees all of the client's); deleted studies only when asked for",
  query: z
    .object({
      search: z.string().max(200).optional(),
      /** Only studies in this status; a deleted study is listed only when asked for by this filter. */
      status: StudyStatusSchema.optional(),
      sort: z.enum(STUDY_SORT_FIELDS).default('name'),
      order: z.enum(['asc', 'desc']).default('asc'),
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(15),
    })
    .strict(),
  /** `canCreate`: whether the caller may create a study (the list's "New study"), by the server's permission check. */
  response: pageOf(StudyListItemSchema).extend({ canCreate: z.boolean() }),
});

const SiteSchema = z.object({
  id: z.string(),
  siteId: z.string(),
  name: z.string(),
  siteSubType: z.string(),
  countryId: z.string(),
  countryName: z.string(),
});

const StudyDetailsSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sponsorName: z.string().nullable(),
  status: StudyStatusSchema,
  isNewStudyConfigurator: z.boolean(),
  color: z.string().nullable(),
  languages: z.array(z.string()),
  sites: z.array(SiteSchema),
});

export const getStudy = defineEndpoint({
  id: 'getStudy',
  method: 'GET',
  path: '/api/v1/studies/:studyId',
  audience: 'staff',
  permission: 'studies.view',
  summary: 'Study details (cached per study by the portal); sites limited to those the caller may see',
  params: z.object({ studyId: z.string().uuid() }).strict(),
  response: StudyDetailsSchema,
});

/** Spec 000 §2.7: on entering a study the user's data for that study is validated. */
export const validateUserAccess = defineEndpoint({
  id: 'validateUserAccess',
  method: 'GET',
  path: '/api/v1/studies/:studyId/validate-user',
  audience: 'staff',
  summary: "Validate the caller's assignment to the study; 403 with the server message otherwise",
  params: z.object({ studyId: z.string().uuid() }).strict(),
  response: OkSchema,
});

/** the toggled-features call; the portal stores studyFeatures (state and local storage). */
export const getStudyFeatures = defineEndpoint({
  id: 'getStudyFeatures',
  method: 'GET',
  path: '/api/v1/studies/:studyId/features',
  audience: 'staff',
  permission: 'studies.view',
  summary: 'Features switched on or off for the study (telehealth, eConsent, …)',
  params: z.object({ studyId: z.string().uuid() }).strict(),
  response: z.object({ studyId: z.string(), studyFeatures: z.record(z.string(), z.boolean()) }),
});
