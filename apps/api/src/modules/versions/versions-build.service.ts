/**
 * What the studies area asks of versions (decision 0031): a new study's first draft (with the content
 * it starts from: the defaults, or a duplicated study's), the content being built and the newest
 * published one (launch readiness), and version facts for the overview and country versions. No access
 * checks here: the studies service has made them.
 */
import { defaultVersionName, StudyContentSchema, type StudyContent, versionNameKey } from '@trialpath/domain';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { pointTestVersionAt, studyCountriesAndSites, studyVersionPointers } from '../studies/studies.service';
import {
  findDraft,
  findNewestPublished,
  insertVersion,
  listAssignmentsOfStudy,
  listVersionsOfStudy,
  takeVersionNumber,
} from './versions.repository';
import { contentOf } from './versions.service';

/** The study's first draft version (v1), which its test data space runs; audited as a version creation. */
export async function startFirstDraft(
  ctx: ServiceCtx,
  input: { studyId: string; content?: StudyContent; notes?: string | null },
) {
  const number = await takeVersionNumber(ctx.db, input.studyId);
  const name = defaultVersionName(number);
  const row = await insertVersion(ctx.db, {
    study_id: input.studyId,
    number,
    name,
    name_key: versionNameKey(name),
    content: StudyContentSchema.parse(input.content ?? {}),
    notes: input.notes ?? null,
    created_by: ctx.staff().userId,
    updated_by: ctx.staff().userId,
  });
  await pointTestVersionAt(ctx, { studyId: input.studyId, versionId: row.id });
  ctx.audit({
    action: 'study.version.create',
    entityType: 'study_version',
    entityId: row.id,
    after: { studyId: input.studyId, number, name, status: row.status, notes: row.notes, testVersion: true },
  });
  return row;
}

/** The draft's content (what is being built) and the newest published version (what a launch runs). */
export async function buildState(ctx: DbCtx, studyId: string) {
  const [draft, published] = await Promise.all([findDraft(ctx.db, studyId), findNewestPublished(ctx.db, studyId)]);
  return {
    draftContent: draft ? contentOf(draft) : null,
    published: published
      ? { id: published.id, number: published.number, name: published.name, content: contentOf(published) }
      : null,
  };
}

/** The content a copy of the study starts from: its draft's, else its newest published version's. */
export async function currentContent(ctx: DbCtx, studyId: string): Promise<StudyContent | null> {
  const s = await buildState(ctx, studyId);
  return s.draftContent ?? s.published?.content ?? null;
}

/** The study's versions in short (number, name, status), by id. */
export async function versionRefs(ctx: DbCtx, studyId: string) {
  const rows = await listVersionsOfStudy(ctx.db, studyId);
  return new Map(rows.map((v) => [v.id, { id: v.id, number: v.number, name: v.name, status: v.status }]));
}

/** Each of the study's countries with the version it runs in each data space: its own assignment, else the space's. */
export async function countryVersions(ctx: ServiceCtx, studyId: string) {
  const [refs, assignments, pointers, places] = await Promise.all([
    versionRefs(ctx, studyId),
    listAssignmentsOfStudy(ctx.db, studyId),
    studyVersionPointers(ctx, studyId),
    studyCountriesAndSites(ctx, studyId),
  ]);
  const ref = (id: string | null | undefined) => {
    const v = id ? refs.get(id) : undefined;
    return v ? { id: v.id, number: v.number, name: v.name } : null;
  };
  const of = (env: 'LIVE' | 'TEST', countryId: string) =>
    assignments.find((a) => a.environment === env && a.site_id === null && a.country_id === countryId)?.version_id ??
    (env === 'LIVE' ? pointers.liveVersionId : pointers.testVersionId);
  return places.countries.map((c) => ({
    countryId: c.countryId,
    name: c.name,
    live: ref(of('LIVE', c.countryId)),
    test: ref(of('TEST', c.countryId)),
  }));
}
