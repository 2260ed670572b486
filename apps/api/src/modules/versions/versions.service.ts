/**
 * Study versions and their content (issue 9, decision 0020). A study has at most one DRAFT, which the
 * study build edits one section at a time: each save names the revision of the section the editor read,
 * and a save over a newer one is refused (409 DRAFT_CONFLICT) instead of silently replacing it. A
 * published version is frozen (409 VERSION_IMMUTABLE); a closed study is read-only (409 STUDY_READ_ONLY).
 */
import { checkVersionPlan } from '../activities/activities-plan.service';
import {
  contentAuditItems,
  defaultStudyContent,
  defaultVersionName,
  issueFieldRefs,
  messageRef,
  isVersionEditable,
  STUDY_CONTENT_SECTIONS,
  type SectionValue,
  type StudyContent,
  type StudyContentSection,
  StudyContentSchema,
  sectionTitleKey,
  studyContentSectionSchema,
  translate,
  unknownCohortConsents,
  type VersionParts,
  type VersionSite,
  versionNameKey,
} from '@trialpath/domain';
import '@trialpath/domain/staff-messages';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireEditableStudy, requireStudyBuilder } from '../access/access.service';
import { versionSites } from '../sites/sites.service';
import { pointTestVersionAt, studyTextLanguages } from '../studies/studies.service';
import {
  findDraft,
  findNewestPublished,
  findVersion,
  findVersionStamp,
  insertVersion,
  isNameTaken,
  listVersionsOfStudy,
  lockVersion,
  saveContent,
  takeVersionNumber,
  type VersionRow,
} from './versions.repository';

/** jsonb comes back parsed from both drivers; a string is parsed for safety. */
export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Every section's revision; a section never saved is at 0. */
function sectionRevisionsOf(row: VersionRow): Record<StudyContentSection, number> {
  const stored = json<Record<string, number> | null>(row.section_revisions) ?? {};
  return Object.fromEntries(STUDY_CONTENT_SECTIONS.map((s) => [s, Number(stored[s] ?? 0)])) as Record<
    StudyContentSection,
    number
  >;
}

/**
 * The version's content with every section the model knows (a section added later reads as its
 * default): a published or archived version's as published, a draft's as saved.
 */
export function contentOf(row: VersionRow): StudyContent {
  return StudyContentSchema.parse(json(row.snapshot ?? row.content));
}

/**
 * What the diff compares of a version (decision 0030): its content and its sites — a draft's as they
 * are now, a published version's as recorded when it was published (none for one published before).
 */
export async function partsOf(ctx: DbCtx, row: VersionRow): Promise<VersionParts> {
  const sites =
    row.status === 'DRAFT' ? await versionSites(ctx, row.study_id) : json<VersionSite[] | null>(row.sites_snapshot);
  return { content: contentOf(row), ...(sites ? { sites } : {}) };
}

/** The parts before a study's first version: every section's default and no sites. */
export const FIRST_PARTS = (): VersionParts => ({ content: defaultStudyContent(), sites: [] });

export function toVersionContent(row: VersionRow) {
  return {
    id: row.id,
    studyId: row.study_id,
    number: row.number,
    name: row.name,
    status: row.status,
    notes: row.notes,
    revision: row.revision,
    content: contentOf(row),
    sectionRevisions: sectionRevisionsOf(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/** The study's draft; 404 NO_DRAFT when it has none. Builders of the study only (closed studies too). */
export async function readDraft(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const draft = await findDraft(ctx.db, input.studyId);
  if (!draft) throw fail('NO_DRAFT');
  return toVersionContent(draft);
}

/**
 * A new draft: the next number, the given name or `v<number>`, the content of the newest published
 * version (or every section's default); the study's test data space runs it from now on.
 */
export async function createDraft(ctx: ServiceCtx, input: { studyId: string; name?: string; notes?: string }) {
  const { studyId } = input;
  await requireEditableStudy(ctx, studyId);
  const draftExists = () => fail('CONFLICT', undefined, { message: { key: 'versions.draftExists' } });
  if (await findDraft(ctx.db, studyId)) throw draftExists();
  const number = await takeVersionNumber(ctx.db, studyId);
  const name = input.name ?? defaultVersionName(number);
  const nameKey = versionNameKey(name);
  const nameTaken = () => fieldProblem('CONFLICT', 'name', 'versions.nameTaken');
  if (await isNameTaken(ctx.db, studyId, nameKey)) throw nameTaken();
  const base = await findNewestPublished(ctx.db, studyId);
  const content = base ? StudyContentSchema.parse(json(base.snapshot ?? base.content)) : StudyContentSchema.parse({});
  let row: VersionRow;
  try {
    row = await insertVersion(ctx.db, {
      study_id: studyId,
      number,
      name,
      name_key: nameKey,
      content,
      notes: input.notes?.trim() || null,
      created_by: ctx.staff().userId,
      updated_by: ctx.staff().userId,
    });
  } catch (e) {
    // Two people creating a version at once: the unique indexes decide (one draft, one name per study).
    if (isUniqueViolation(e)) throw draftExists();
    throw e;
  }
  await pointTestVersionAt(ctx, { studyId, versionId: row.id });
  ctx.audit({
    action: 'study.version.create',
    entityType: 'study_version',
    entityId: row.id,
    after: {
      studyId,
      number,
      name,
      status: row.status,
      notes: row.notes,
      basedOnVersion: base ? base.number : null,
      testVersion: true,
    },
  });
  return toVersionContent(row);
}

export interface SectionSave<S extends StudyContentSection> {
  studyId: string;
  versionId: string;
  section: S;
  /** The section's revision the editor read. */
  revision: number;
  value: SectionValue<S>;
}

/**
 * Save one section of a draft. Checked in this order: the actor may change the study now, the version
 * is this study's and still a draft, nobody saved the section since the editor read it, and every
 * text fits the study's languages. Audited with one item per changed field, named by item id.
 */
export async function updateDraftSection<S extends StudyContentSection>(ctx: ServiceCtx, input: SectionSave<S>) {
  const { studyId, versionId, section } = input;
  await requireEditableStudy(ctx, studyId);
  const version = await lockVersion(ctx.db, versionId);
  if (!version || version.study_id !== studyId) throw fail('NOT_FOUND');
  if (!isVersionEditable(version.status)) {
    throw fail('VERSION_IMMUTABLE', undefined, { details: { versionId, status: version.status } });
  }
  const revisions = sectionRevisionsOf(version);
  const current = revisions[section];
  if (input.revision !== current) {
    throw fail(
      'DRAFT_CONFLICT',
      { section: translate(sectionTitleKey(section)) },
      { details: { section, currentRevision: current, yourRevision: input.revision } },
    );
  }
  const languages = await studyTextLanguages(ctx, studyId);
  const checked = studyContentSectionSchema(section, languages).safeParse(input.value);
  if (!checked.success) {
    // Named as the contract names the body's fields (`value.screens.0.title.en`), so a form puts them in place.
    const issues = checked.error.issues.map((i) => ({ ...i, path: ['value', ...i.path] }));
    throw fail('VALIDATION_FAILED', undefined, { fields: issueFieldRefs(issues, { value: input.value }) });
  }
  const content = contentOf(version);
  const before = content[section];
  const after = checked.data as SectionValue<S>;
  if (section === 'studyActivities' || section === 'schedule') {
    await checkVersionPlan(ctx, studyId, section, { ...content, [section]: after });
  }
  if (section === 'consents' || section === 'cohorts') checkCohortConsents({ ...content, [section]: after }, section);
  const unchanged = JSON.stringify(before) === JSON.stringify(after);
  const saved = unchanged
    ? version
    : await saveContent(ctx.db, {
        id: version.id,
        content: { ...content, [section]: after },
        sectionRevisions: { ...revisions, [section]: current + 1 },
        updatedBy: ctx.staff().userId,
      });
  const revision = sectionRevisionsOf(saved)[section];
  ctx.audit({
    action: 'study.content.update',
    entityType: 'study_version',
    entityId: version.id,
    before: { section, revision: current, value: before },
    after: { section, revision, value: after, ...(unchanged ? { unchanged: true } : {}) },
    items: contentAuditItems(section, before, after),
  });
  return {
    versionId: saved.id,
    section,
    value: after,
    revision,
    versionRevision: saved.revision,
    updatedAt: saved.updated_at.toISOString(),
  };
}

/**
 * Every consent a cohort lists must be one of the version's consents (D-002): a cohort naming an unknown
 * consent is refused on that entry; a consent still listed by a cohort cannot be removed.
 */
function checkCohortConsents(content: StudyContent, section: 'consents' | 'cohorts') {
  const unknown = unknownCohortConsents(content.consents.items, content.cohorts.items);
  const first = unknown[0];
  if (!first) return;
  if (section === 'cohorts') {
    const fields = Object.fromEntries(
      unknown.map((u) => [
        `value.items.${u.cohortIndex}.consentIds.${u.index}`,
        [messageRef('consent.unknownInCohort', { consentId: u.consentId })],
      ]),
    );
    throw fail('VALIDATION_FAILED', undefined, { fields });
  }
  const cohort = content.cohorts.items[first.cohortIndex]!;
  const name = Object.values(cohort.name).find((n) => n.trim() !== '') ?? cohort.id;
  throw fail('CONFLICT', undefined, { message: { key: 'consent.usedByCohort', params: { cohort: name } } });
}

/**
 * A version of a study with its schedule plan and the activities it uses (decision 0044), for the
 * schedules module; undefined when the version is not this study's.
 */
export async function versionSchedulePlan(ctx: DbCtx, studyId: string, versionId: string) {
  const row = await findVersion(ctx.db, versionId);
  if (!row || row.study_id !== studyId) return undefined;
  const content = contentOf(row);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    plan: content.schedule,
    activities: content.studyActivities.items,
  };
}

/** A version of a study as the design export reads it: its facts, content and sites (undefined: not this study's). */
export async function versionForExport(ctx: DbCtx, studyId: string, versionId: string) {
  const row = await findVersion(ctx.db, versionId);
  if (!row || row.study_id !== studyId) return undefined;
  const parts = await partsOf(ctx, row);
  return {
    number: row.number,
    name: row.name,
    status: row.status,
    publishedAt: row.published_at ? row.published_at.toISOString() : undefined,
    content: parts.content,
    sites: (parts.sites ?? []) as VersionSite[],
  };
}

/**
 * A version of a study for the participant portal's content (decision D-069), by id or number: its number,
 * status and content; undefined when the study has no such version. No staff check: the caller decides.
 */
export async function versionForPortal(ctx: DbCtx, studyId: string, version: string | number) {
  const row =
    typeof version === 'number'
      ? (await listVersionsOfStudy(ctx.db, studyId)).find((v) => v.number === version)
      : await findVersion(ctx.db, version);
  if (!row || row.study_id !== studyId) return undefined;
  return { id: row.id, number: row.number, status: row.status, content: contentOf(row) };
}

/**
 * A version's study, status and publication time (a published version never changes, so a copy kept under its
 * id and publication time holds; a publication rolled back leaves a time no later publication repeats).
 */
export async function versionStamp(ctx: DbCtx, studyId: string, versionId: string) {
  const row = await findVersionStamp(ctx.db, versionId);
  if (!row || row.study_id !== studyId) return undefined;
  return { status: row.status, publishedAt: row.published_at };
}

/**
 * A version's consents and cohorts (decision D-consent-signature), for the consent module's participant side; undefined when
 * the version is not this study's. No staff check: the caller decides who may read them.
 */
export async function versionConsents(ctx: DbCtx, studyId: string, versionId: string) {
  const row = await findVersion(ctx.db, versionId);
  if (!row || row.study_id !== studyId) return undefined;
  const content = contentOf(row);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    consents: content.consents.items,
    cohorts: content.cohorts.items,
  };
}
