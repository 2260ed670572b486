/**
 * A study version's lifecycle after creation (issue 9; decision 0030): publish (made current: frozen,
 * the test data space runs it, audited with the reason and the diff against the previous published
 * version), make live (the explicit publish to live), archive, delete while a draft, notes; and the
 * reads around them — history, one version, name availability, the next number, the diff, the audit log.
 * Every change locks the study's version pointers first, so two changes of one study's versions run one
 * after the other.
 */
import { freezeVersionRevisions } from '../activities/activities-plan.service';
import type { StudyVersionSummary } from '@trialpath/contract';
import {
  defaultVersionName,
  diffVersions,
  type MessageKey,
  shortenVersionName,
  type VersionSite,
  versionNameKey,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { requireEditableStudy, requireStudyBuilder } from '../access/access.service';
import { recordAuditTrail } from '../audit/audit.service';
import { pointLiveVersionAt, pointTestVersionAt, studyVersionPointers } from '../studies/studies.service';
import { staffPeople } from '../users/users.service';
import {
  deleteAssignmentsOfVersion,
  deleteDraftRow,
  findLastPublished,
  findNewestPublished,
  findVersion,
  findVersionByNameKey,
  listAssignmentsOfVersion,
  listVersionsOfStudy,
  lockVersion,
  markArchived,
  markPublished,
  peekVersionNumber,
  updateNotes,
  type VersionRow,
} from './versions.repository';
import { contentOf, FIRST_PARTS, partsOf, toVersionContent } from './versions.service';

type Pointers = { testVersionId: string | null; liveVersionId: string | null };
type People = Map<string, { id: string; name: string }>;

function summaryOf(row: VersionRow, pointers: Pointers, people: People): StudyVersionSummary {
  return {
    id: row.id,
    studyId: row.study_id,
    number: row.number,
    name: row.name,
    shortName: shortenVersionName(row.name),
    status: row.status,
    notes: row.notes,
    isLive: pointers.liveVersionId === row.id,
    isTest: pointers.testVersionId === row.id,
    createdBy: (row.created_by && people.get(row.created_by)) || null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    publishedBy: (row.published_by && people.get(row.published_by)) || null,
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
  };
}

async function summarise(ctx: ServiceCtx, row: VersionRow, pointers: Pointers) {
  return summaryOf(row, pointers, await staffPeople(ctx, [row.created_by, row.published_by]));
}

/** A version of this study (locked in a write); 404 for a version of another study or none. */
async function versionOfStudy(ctx: ServiceCtx, studyId: string, versionId: string, lock = false) {
  const row = lock ? await lockVersion(ctx.db, versionId) : await findVersion(ctx.db, versionId);
  if (!row || row.study_id !== studyId) throw fail('NOT_FOUND');
  return row;
}

function conflict(key: MessageKey, details?: Record<string, unknown>) {
  return fail('CONFLICT', undefined, { message: { key }, ...(details ? { details } : {}) });
}

const ref = (row: VersionRow) => ({ id: row.id, number: row.number, name: row.name });

// ── reads ────────────────────────────────────────────────────────────────────────────────────

/** The history (C-075, C-161): every version of the study, newest first, with status, who and when. */
export async function versionHistory(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const rows = await listVersionsOfStudy(ctx.db, input.studyId);
  const pointers = await studyVersionPointers(ctx, input.studyId);
  const people = await staffPeople(
    ctx,
    rows.flatMap((r) => [r.created_by, r.published_by]),
  );
  return { items: rows.map((r) => summaryOf(r, pointers, people)) };
}

/** One version with its content (as published, for a published or archived one). */
export async function readVersion(ctx: ServiceCtx, input: { studyId: string; versionId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  return toVersionContent(await versionOfStudy(ctx, input.studyId, input.versionId));
}

/** C-169: whether a name is free in the study, compared as versionNameKey; names the version that has it. */
export async function nameAvailability(ctx: ServiceCtx, input: { studyId: string; name: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const taken = await findVersionByNameKey(ctx.db, input.studyId, versionNameKey(input.name));
  return { name: input.name, available: !taken, takenBy: taken ? ref(taken) : null };
}

/** C-167, the version increase: the number and default name the next version gets, and its base. */
export async function nextVersion(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const number = await peekVersionNumber(ctx.db, input.studyId);
  const base = await findNewestPublished(ctx.db, input.studyId);
  return { number, defaultName: defaultVersionName(number), basedOn: base ? ref(base) : null };
}

/** ★ What changed from one version of the study to another. */
export async function versionDiff(ctx: ServiceCtx, input: { studyId: string; from: string; to: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const from = await versionOfStudy(ctx, input.studyId, input.from);
  const to = await versionOfStudy(ctx, input.studyId, input.to);
  const diff = diffVersions(await partsOf(ctx, from), await partsOf(ctx, to));
  return {
    from: { ...ref(from), status: from.status },
    to: { ...ref(to), status: to.status },
    ...diff,
  };
}

/** C-170: the version's audit entries, newest first, one page, with who did each. */
export async function versionAuditLog(
  ctx: ServiceCtx,
  input: { studyId: string; versionId: string; page: number; pageSize: number },
) {
  await requireStudyBuilder(ctx, input.studyId);
  await versionOfStudy(ctx, input.studyId, input.versionId);
  const trail = await recordAuditTrail(ctx, {
    entityType: 'study_version',
    entityId: input.versionId,
    page: input.page,
    pageSize: input.pageSize,
  });
  const people = await staffPeople(
    ctx,
    trail.entries.map((e) => (e.actorType === 'staff' ? e.actorId : null)),
  );
  return {
    items: trail.entries.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      action: e.action,
      actor: (e.actorId && people.get(e.actorId)) || null,
      reason: e.reason,
      environment: e.environment as 'LIVE' | 'TEST',
      before: e.before,
      after: e.after,
      items: [...(e.items ?? [])],
    })),
    total: trail.total,
    page: trail.page,
    pageSize: trail.pageSize,
  };
}

// ── changes ──────────────────────────────────────────────────────────────────────────────────

/**
 * C-163, publish (made current): the draft's content is frozen into its snapshot, the test data space
 * runs it, and the audit entry holds the reason and the diff against the version published before it
 * (against every section's default for the first one).
 */
export async function publishVersion(ctx: ServiceCtx, input: { studyId: string; versionId: string }) {
  const { studyId, versionId } = input;
  await requireEditableStudy(ctx, studyId);
  const pointers = await studyVersionPointers(ctx, studyId, { lock: true });
  const draft = await versionOfStudy(ctx, studyId, versionId, true);
  if (draft.status !== 'DRAFT') throw conflict('versions.notDraft', { status: draft.status });
  const previous = await findLastPublished(ctx.db, studyId, versionId);
  const content = contentOf(draft);
  const parts = await partsOf(ctx, draft);
  const diff = diffVersions(previous ? await partsOf(ctx, previous) : FIRST_PARTS(), parts);
  await freezeVersionRevisions(ctx, content);
  const row = await markPublished(ctx.db, {
    id: versionId,
    content,
    sites: (parts.sites as VersionSite[] | undefined) ?? [],
    publishedBy: ctx.staff().userId,
  });
  await pointTestVersionAt(ctx, { studyId, versionId });
  const after = { ...pointers, testVersionId: versionId };
  ctx.audit({
    action: 'study.version.publish',
    entityType: 'study_version',
    entityId: versionId,
    before: { status: 'DRAFT', testVersionId: pointers.testVersionId },
    after: {
      studyId,
      number: row.number,
      name: row.name,
      status: row.status,
      testVersionId: versionId,
      comparedWith: previous ? ref(previous) : null,
      diff,
    },
    items: [
      { item: 'status', oldValue: 'DRAFT', newValue: 'PUBLISHED' },
      ...(pointers.testVersionId === versionId
        ? []
        : [{ item: 'testVersion', oldValue: pointers.testVersionId, newValue: versionId }]),
    ],
  });
  return { version: await summarise(ctx, row, after), diff, comparedWith: previous ? ref(previous) : null };
}

/** C-168, make live: the live data space runs this published version from now on. */
export async function makeVersionLive(ctx: ServiceCtx, input: { studyId: string; versionId: string }) {
  const { studyId, versionId } = input;
  await requireEditableStudy(ctx, studyId);
  const pointers = await studyVersionPointers(ctx, studyId, { lock: true });
  const version = await versionOfStudy(ctx, studyId, versionId, true);
  if (version.status !== 'PUBLISHED') throw conflict('versions.notPublished', { status: version.status });
  if (pointers.liveVersionId === versionId) throw conflict('versions.alreadyLive');
  const previous = pointers.liveVersionId ? await findVersion(ctx.db, pointers.liveVersionId) : undefined;
  await pointLiveVersionAt(ctx, { studyId, versionId });
  ctx.audit({
    action: 'study.version.make-live',
    entityType: 'study_version',
    entityId: versionId,
    before: { liveVersion: previous ? ref(previous) : null },
    after: { studyId, liveVersion: ref(version) },
    items: [{ item: 'liveVersion', oldValue: pointers.liveVersionId, newValue: versionId }],
  });
  return summarise(ctx, version, { ...pointers, liveVersionId: versionId });
}

/**
 * C-164, archive: a published version nobody runs any more — not the live one, not the test one, and
 * no site or country assigned to it — is retired. Its content stays as published.
 */
export async function archiveVersion(ctx: ServiceCtx, input: { studyId: string; versionId: string }) {
  const { studyId, versionId } = input;
  await requireEditableStudy(ctx, studyId);
  const pointers = await studyVersionPointers(ctx, studyId, { lock: true });
  const version = await versionOfStudy(ctx, studyId, versionId, true);
  if (version.status !== 'PUBLISHED') throw conflict('versions.notPublished', { status: version.status });
  if (pointers.liveVersionId === versionId) throw conflict('versions.archiveLive');
  if (pointers.testVersionId === versionId) throw conflict('versions.archiveTest');
  const assigned = await listAssignmentsOfVersion(ctx.db, versionId);
  if (assigned.length > 0) {
    throw conflict('versions.archiveAssigned', {
      sites: assigned.flatMap((a) => (a.site_id ? [a.site_id] : [])),
      countries: assigned.flatMap((a) => (a.country_id ? [a.country_id] : [])),
    });
  }
  const row = await markArchived(ctx.db, { id: versionId, by: ctx.staff().userId });
  ctx.audit({
    action: 'study.version.archive',
    entityType: 'study_version',
    entityId: versionId,
    before: { status: 'PUBLISHED' },
    after: { status: 'ARCHIVED' },
  });
  return summarise(ctx, row, pointers);
}

/**
 * C-165, delete while a draft: the draft and its test assignments go; the test data space goes back to
 * the newest published version (none: nothing). Its number is not given again (C-167). The audit entry
 * keeps what was deleted.
 */
export async function deleteDraft(ctx: ServiceCtx, input: { studyId: string; versionId: string }) {
  const { studyId, versionId } = input;
  await requireEditableStudy(ctx, studyId);
  const pointers = await studyVersionPointers(ctx, studyId, { lock: true });
  const draft = await versionOfStudy(ctx, studyId, versionId, true);
  if (draft.status !== 'DRAFT') throw conflict('versions.notDraft', { status: draft.status });
  const assignments = await listAssignmentsOfVersion(ctx.db, versionId);
  await deleteAssignmentsOfVersion(ctx.db, versionId);
  let testVersionId = pointers.testVersionId;
  if (pointers.testVersionId === versionId) {
    testVersionId = (await findNewestPublished(ctx.db, studyId))?.id ?? null;
    await pointTestVersionAt(ctx, { studyId, versionId: testVersionId });
  }
  await deleteDraftRow(ctx.db, versionId);
  ctx.audit({
    action: 'study.version.delete',
    entityType: 'study_version',
    entityId: versionId,
    before: {
      studyId,
      number: draft.number,
      name: draft.name,
      status: draft.status,
      notes: draft.notes,
      content: contentOf(draft),
      assignments: assignments.map((a) => ({ env: a.environment, siteId: a.site_id, countryId: a.country_id })),
      testVersionId: pointers.testVersionId,
    },
    after: { deleted: true, testVersionId },
    items: [{ item: 'status', oldValue: 'DRAFT', newValue: null }],
  });
  return { ok: true as const };
}

/**
 * C-077, notes: editable on every version, a published or archived one too — notes describe a version
 * (what it changes, who approved it); they are not its content, which stays frozen. Audited old → new.
 */
export async function setVersionNotes(ctx: ServiceCtx, input: { studyId: string; versionId: string; notes: string }) {
  const { studyId, versionId } = input;
  await requireEditableStudy(ctx, studyId);
  const version = await versionOfStudy(ctx, studyId, versionId, true);
  const notes = input.notes.trim() || null;
  const row =
    notes === version.notes ? version : await updateNotes(ctx.db, { id: versionId, notes, by: ctx.staff().userId });
  ctx.audit({
    action: 'study.version.notes',
    entityType: 'study_version',
    entityId: versionId,
    before: { notes: version.notes },
    after: { notes, ...(notes === version.notes ? { unchanged: true } : {}) },
  });
  return summarise(ctx, row, await studyVersionPointers(ctx, studyId));
}
