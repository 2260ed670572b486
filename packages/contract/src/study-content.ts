/**
 * A study's draft content (issue 9; decision 0020): read the draft with each section's revision, and
 * save one section at a time with the revision the editor read — a save over someone else's newer one
 * is refused (409 DRAFT_CONFLICT), not lost. One endpoint per section, made from the domain's section
 * schemas. The draft is one record whatever the page's data space, so these calls are
 * environment-neutral; their bodies are sanitised (002 §5, A-166).
 */
import {
  STUDY_CONTENT_SECTION_SCHEMAS,
  STUDY_CONTENT_SECTIONS,
  type SectionSchema,
  type StudyContentSection,
  StudyContentSchema,
  sectionPathSegment,
  VersionStatusSchema,
} from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint, type Endpoint } from './endpoint';

const SectionRevisionsSchema = z
  .object(Object.fromEntries(STUDY_CONTENT_SECTIONS.map((s) => [s, z.number().int().min(0)])))
  .strict() as z.ZodObject<Record<StudyContentSection, z.ZodNumber>>;

/** A version of a study with its content: the draft as the study build edits it. */
export const StudyVersionContentSchema = z.object({
  id: z.string(),
  studyId: z.string(),
  /** studyVersionNumber (002 §3). */
  number: z.number().int(),
  name: z.string(),
  status: VersionStatusSchema,
  notes: z.string().nullable(),
  /** Counts every saved change of the version. */
  revision: z.number().int(),
  content: StudyContentSchema,
  /** Each section's revision: send it back with the section's next save. */
  sectionRevisions: SectionRevisionsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudyVersionContent = z.infer<typeof StudyVersionContentSchema>;

export const getStudyDraft = defineEndpoint({
  id: 'getStudyDraft',
  method: 'GET',
  path: '/api/v1/studies/:studyId/versions/draft',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "The study's draft version with its content and each section's revision (404 NO_DRAFT when it has none)",
  params: z.object({ studyId: z.string().uuid() }).strict(),
  response: StudyVersionContentSchema,
});

const DraftParamsSchema = z.object({ studyId: z.string().uuid(), versionId: z.string().uuid() }).strict();

/** The body of a section save: the section's new value and the revision the editor read. */
function sectionBody<S extends StudyContentSection>(section: S) {
  return z
    .object({ revision: z.number().int().min(0), value: STUDY_CONTENT_SECTION_SCHEMAS[section] as SectionSchema<S> })
    .strict();
}

function sectionSaved<S extends StudyContentSection>(section: S) {
  return z.object({
    versionId: z.string(),
    section: z.literal(section),
    value: STUDY_CONTENT_SECTION_SCHEMAS[section] as SectionSchema<S>,
    /** The section's new revision. */
    revision: z.number().int(),
    /** The version's revision after this save. */
    versionRevision: z.number().int(),
    updatedAt: z.string(),
  });
}

export type DraftSectionEndpoint<S extends StudyContentSection> = Endpoint<
  typeof DraftParamsSchema,
  z.ZodUndefined,
  ReturnType<typeof sectionBody<S>>,
  ReturnType<typeof sectionSaved<S>>
>;

function sectionEndpoint<S extends StudyContentSection>(section: S): DraftSectionEndpoint<S> {
  const name = section.charAt(0).toUpperCase() + section.slice(1);
  return defineEndpoint({
    id: `updateDraft${name}`,
    method: 'PUT',
    path: `/api/v1/studies/:studyId/versions/:versionId/content/${sectionPathSegment(section)}`,
    audience: 'staff',
    permission: 'studies.design',
    env: 'neutral',
    sanitize: true,
    summary: `Save the draft's ${section} section with the revision read (409 DRAFT_CONFLICT if someone saved it since; 409 VERSION_IMMUTABLE once published)`,
    params: DraftParamsSchema,
    body: sectionBody(section),
    response: sectionSaved(section),
  }) as DraftSectionEndpoint<S>;
}

/** One save endpoint per content section, keyed by section. */
export const DRAFT_SECTION_ENDPOINTS = Object.fromEntries(
  STUDY_CONTENT_SECTIONS.map((s) => [s, sectionEndpoint(s)]),
) as { [S in StudyContentSection]: DraftSectionEndpoint<S> };
