/**
 * Activities of the library and of each study, and their revisions (issue 10, decision 0044; C-027…C-033,
 * C-132, C-136, C-137). A DRAFT revision is edited in place; an ACTIVE or RETIRED one is frozen, so a change
 * makes a new revision and answers stay tied to the definition they were given against. Every write is
 * audited in the request's transaction.
 */
import type { ActivityType, LocalizedText, RevisionStatus } from '@trialpath/domain';
import {
  type Activity,
  canMoveRevision,
  foldedKey,
  isRevisionEditable,
  messageRef,
  parseActivity,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireEditableStudy, requireStudyBuilder } from '../access/access.service';
import {
  type ActivityRow,
  findActivity,
  findGroup,
  findRevision,
  identifierTaken,
  insertActivity,
  insertRevision,
  LIBRARY_SCOPE,
  listActivityRows,
  revisionsOf,
  type RevisionRow,
  touchActivity,
  updateActivityRow,
  updateRevisionRow,
} from './activities.repository';
import {
  activityAudit,
  activityDetail,
  activityItems,
  definitionOf,
  revisionAudit,
  revisionView,
} from './activities.views';

/** The scope a call works in: a study's (checked for its builder) or the caller's client's library. */
async function scopeOf(ctx: ServiceCtx, studyId: string | null | undefined, write: boolean) {
  if (!studyId) return LIBRARY_SCOPE;
  await (write ? requireEditableStudy(ctx, studyId) : requireStudyBuilder(ctx, studyId));
  return studyId;
}

/** An activity of the caller's client, its study's build checked; 404 when there is none. */
export async function requireActivity(ctx: ServiceCtx, activityId: string, write: boolean): Promise<ActivityRow> {
  const a = await findActivity(ctx.db, ctx.staff().clientId, activityId, write);
  if (!a) throw fail('NOT_FOUND');
  await scopeOf(ctx, a.study_id, write);
  if (write && a.archived_at) throw fail('CONFLICT', undefined, { message: messageRef('activityBuild.archived') });
  return a;
}

async function requireRevision(ctx: ServiceCtx, a: ActivityRow, revisionId: string, lock: boolean) {
  const r = await findRevision(ctx.db, a.id, revisionId, lock);
  if (!r) throw fail('NOT_FOUND');
  return r;
}

/** The definition as stored: its ids are the activity's and the revision's, whatever the editor sent. */
function stamped(definition: unknown, a: Pick<ActivityRow, 'id' | 'identifier' | 'kind'>, number: number): Activity {
  const d = definition as Record<string, unknown>;
  return parseActivity({
    ...d,
    id: a.id,
    activityId: a.id,
    identifier: a.identifier,
    type: a.kind,
    revisionId: String(number),
  });
}

async function checkIdentifier(ctx: ServiceCtx, scopeId: string, identifier: string, except?: string) {
  if (await identifierTaken(ctx.db, ctx.staff().clientId, scopeId, foldedKey(identifier), except))
    throw fieldProblem('CONFLICT', 'identifier', 'activityBuild.identifierTaken', { identifier });
}

async function checkGroup(ctx: ServiceCtx, groupId: string | null) {
  if (groupId && !(await findGroup(ctx.db, ctx.staff().clientId, groupId)))
    throw fieldProblem('VALIDATION_FAILED', 'groupId', 'activityBuild.unknownGroup');
}

export async function activityList(
  ctx: ServiceCtx,
  q: {
    studyId?: string;
    kind?: ActivityType;
    tag?: string;
    groupId?: string;
    search?: string;
    archived: 'true' | 'false';
    pageNum: number;
    pageSize: number;
  },
) {
  const scopeId = await scopeOf(ctx, q.studyId, false);
  const { rows, total } = await listActivityRows(
    ctx.db,
    { ...q, clientId: ctx.staff().clientId, scopeId, archived: q.archived === 'true' },
    { offset: (q.pageNum - 1) * q.pageSize, limit: q.pageSize },
  );
  return { items: await activityItems(ctx, rows), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function activityView(ctx: ServiceCtx, a: ActivityRow) {
  const [revisions, source] = await Promise.all([
    revisionsOf(ctx.db, [a.id]),
    a.copied_from ? findActivity(ctx.db, a.client_id, a.copied_from) : undefined,
  ]);
  return activityDetail(ctx, a, revisions, source);
}

export async function getActivity(ctx: ServiceCtx, activityId: string) {
  return activityView(ctx, await requireActivity(ctx, activityId, false));
}

export interface NewActivity {
  studyId?: string;
  kind: ActivityType;
  identifier: string;
  title: LocalizedText;
  tags: string[];
  groupId: string | null;
  /** The first revision's definition (questions and all); none: an empty activity. */
  definition?: Activity;
  copiedFrom?: string;
}

/** Insert an activity and its first (DRAFT) revision (its id in `firstRevisionId`); audited. */
export async function insertNewActivity(ctx: ServiceCtx, input: NewActivity) {
  return insertActivityRows(ctx, await scopeOf(ctx, input.studyId, true), input);
}

/**
 * The same for a study this very request has just created (a USDM import): its creator's assignment is not
 * in the request's actor yet, so the study check is the caller's — never call it for an existing study.
 */
export function insertActivityIntoNewStudy(
  ctx: ServiceCtx,
  studyId: string,
  input: Omit<NewActivity, 'studyId'> & { ids: { activityId: string; revisionId: string } },
) {
  return insertActivityRows(ctx, studyId, { ...input, studyId });
}

async function insertActivityRows(
  ctx: ServiceCtx,
  scopeId: string,
  input: NewActivity & { ids?: { activityId: string; revisionId: string } },
) {
  await checkIdentifier(ctx, scopeId, input.identifier);
  await checkGroup(ctx, input.groupId);
  const userId = ctx.staff().userId;
  const title = input.definition?.title ?? input.title;
  const a = await insertActivity(ctx.db, {
    ...(input.ids ? { id: input.ids.activityId } : {}),
    client_id: ctx.staff().clientId,
    study_id: input.studyId ?? null,
    scope_id: scopeId,
    kind: input.kind,
    identifier: input.identifier,
    identifier_key: foldedKey(input.identifier),
    title: JSON.stringify(title),
    tags: input.tags,
    group_id: input.groupId,
    copied_from: input.copiedFrom ?? null,
    created_by: userId,
  });
  const definition = stamped({ ...(input.definition ?? { questions: [] }), title }, a, 1);
  const r = await insertRevision(ctx.db, {
    ...(input.ids ? { id: input.ids.revisionId } : {}),
    activity_id: a.id,
    number: 1,
    status: 'DRAFT',
    definition: JSON.stringify(definition),
    created_by: userId,
    updated_by: userId,
  });
  ctx.audit({
    action: 'activity.create',
    entityType: 'activity',
    entityId: a.id,
    after: { ...activityAudit(a), revision: revisionAudit(r) },
  });
  return { ...a, firstRevisionId: r.id };
}

export async function createActivity(ctx: ServiceCtx, body: Omit<NewActivity, 'definition'> & { copyFrom?: string }) {
  let definition: Activity | undefined;
  if (body.copyFrom) {
    const source = await requireActivity(ctx, body.copyFrom, false);
    const revisions = await revisionsOf(ctx.db, [source.id]);
    const pick = revisions.find((r) => r.status === 'ACTIVE') ?? revisions[0]!;
    definition = { ...definitionOf(pick), title: body.title };
  }
  const a = await insertNewActivity(ctx, { ...body, definition, copiedFrom: body.copyFrom });
  return activityView(ctx, a);
}

export async function updateActivity(
  ctx: ServiceCtx,
  input: { activityId: string; revision: number; identifier: string; tags: string[]; groupId: string | null },
) {
  const before = await requireActivity(ctx, input.activityId, true);
  if (before.revision !== input.revision)
    throw fail('CONFLICT', undefined, {
      message: messageRef('activityBuild.activityConflict'),
      details: { currentRevision: before.revision },
    });
  await checkIdentifier(ctx, before.scope_id, input.identifier, before.id);
  await checkGroup(ctx, input.groupId);
  const after = await updateActivityRow(ctx.db, before.id, {
    identifier: input.identifier,
    identifier_key: foldedKey(input.identifier),
    tags: input.tags,
    group_id: input.groupId,
  });
  ctx.audit({
    action: 'activity.update',
    entityType: 'activity',
    entityId: after.id,
    before: activityAudit(before),
    after: activityAudit(after),
  });
  return activityView(ctx, after);
}

export async function archiveActivity(ctx: ServiceCtx, input: { activityId: string; archived: boolean }) {
  const before = await findActivity(ctx.db, ctx.staff().clientId, input.activityId, true);
  if (!before) throw fail('NOT_FOUND');
  await scopeOf(ctx, before.study_id, true);
  const after = await updateActivityRow(ctx.db, before.id, {
    archived_at: input.archived ? (before.archived_at ?? new Date()) : null,
    archived_by: input.archived ? (before.archived_by ?? ctx.staff().userId) : null,
  });
  ctx.audit({
    action: 'activity.archive',
    entityType: 'activity',
    entityId: after.id,
    before: activityAudit(before),
    after: activityAudit(after),
  });
  return activityView(ctx, after);
}

export async function getRevision(ctx: ServiceCtx, input: { activityId: string; revisionId: string }) {
  const a = await requireActivity(ctx, input.activityId, false);
  return revisionView(ctx, await requireRevision(ctx, a, input.revisionId, false));
}

function lockedRevision(r: RevisionRow) {
  return fail('CONFLICT', undefined, {
    message: messageRef('activityBuild.revisionLocked', { number: r.number, status: r.status }),
    details: { status: r.status },
  });
}

/** Save a DRAFT revision's definition; a frozen one or one changed since it was read is refused (409). */
export async function saveRevision(
  ctx: ServiceCtx,
  input: { activityId: string; revisionId: string; lockVersion: number; definition: Activity },
) {
  const a = await requireActivity(ctx, input.activityId, true);
  const before = await requireRevision(ctx, a, input.revisionId, true);
  if (!isRevisionEditable(before.status)) throw lockedRevision(before);
  if (before.lock_version !== input.lockVersion)
    throw fail('CONFLICT', undefined, {
      message: messageRef('activityBuild.revisionConflict'),
      details: { currentLockVersion: before.lock_version },
    });
  const definition = stamped(input.definition, a, before.number);
  const after = await updateRevisionRow(ctx.db, before.id, {
    definition: JSON.stringify(definition),
    updated_by: ctx.staff().userId,
  });
  await updateActivityRow(ctx.db, a.id, { title: JSON.stringify(definition.title) });
  ctx.audit({
    action: 'activity.revision.save',
    entityType: 'activity_revision',
    entityId: after.id,
    before: revisionAudit(before),
    after: revisionAudit(after),
  });
  return revisionView(ctx, after);
}

/** A new DRAFT revision from the newest one; only one revision is edited at a time. */
export async function createRevision(ctx: ServiceCtx, input: { activityId: string }) {
  const a = await requireActivity(ctx, input.activityId, true);
  const revisions = await revisionsOf(ctx.db, [a.id]);
  const draft = revisions.find((r) => r.status === 'DRAFT');
  if (draft)
    throw fail('CONFLICT', undefined, {
      message: messageRef('activityBuild.draftRevisionExists', { number: draft.number }),
      details: { revisionId: draft.id },
    });
  const newest = revisions[0]!;
  const number = newest.number + 1;
  const userId = ctx.staff().userId;
  const r = await insertRevision(ctx.db, {
    activity_id: a.id,
    number,
    status: 'DRAFT',
    definition: JSON.stringify(stamped(definitionOf(newest), a, number)),
    created_by: userId,
    updated_by: userId,
  });
  await touchActivity(ctx.db, a.id);
  ctx.audit({
    action: 'activity.revision.create',
    entityType: 'activity_revision',
    entityId: r.id,
    after: { ...revisionAudit(r), from: newest.number },
  });
  return revisionView(ctx, r);
}

export async function setRevisionStatus(
  ctx: ServiceCtx,
  input: { activityId: string; revisionId: string; status: RevisionStatus },
) {
  const a = await requireActivity(ctx, input.activityId, true);
  const before = await requireRevision(ctx, a, input.revisionId, true);
  if (!canMoveRevision(before.status, input.status))
    throw fieldProblem('CONFLICT', 'status', 'activityBuild.statusMove', { from: before.status, to: input.status });
  const after = await updateRevisionRow(ctx.db, before.id, {
    status: input.status,
    status_changed_at: new Date(),
    updated_by: ctx.staff().userId,
  });
  await touchActivity(ctx.db, a.id);
  ctx.audit({
    action: 'activity.revision.status',
    entityType: 'activity_revision',
    entityId: after.id,
    before: { number: before.number, status: before.status },
    after: { number: after.number, status: after.status },
  });
  return revisionView(ctx, after);
}

/** The definitions of activities at the revisions given (a version's pins), in that order; unknown ones left out. */
export async function revisionDefinitions(ctx: ServiceCtx, refs: readonly { id: string; revisionId: string }[]) {
  const out: Activity[] = [];
  for (const ref of refs) {
    const revision = await findRevision(ctx.db, ref.id, ref.revisionId);
    if (revision) out.push(definitionOf(revision));
  }
  return out;
}

/**
 * One revision of an activity as stored, for answering it (the responses module, decision B-091): its status
 * and its definition as the stored JSON. Undefined when the activity has no such revision.
 */
export async function revisionForAnswers(ctx: Pick<ServiceCtx, 'db'>, activityId: string, revisionId: string) {
  const r = await findRevision(ctx.db, activityId, revisionId);
  if (!r) return undefined;
  const definition: unknown = typeof r.definition === 'string' ? JSON.parse(r.definition) : r.definition;
  return { activityId: r.activity_id, revisionId: r.id, status: r.status as RevisionStatus, definition };
}
