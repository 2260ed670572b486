/**
 * The library's tags and groups (C-028, C-029), and moving activities in and out as our JSON or as FHIR R4
 * Questionnaires (C-031 export; import of a Questionnaire from another system with what could not be mapped).
 */
import type { Activity, ActivityType } from '@trialpath/domain';
import { ActivitySchema, foldedKey, importQuestionnaire, TagSchema, toQuestionnaire } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import {
  activitiesInGroup,
  deleteGroupRow,
  findGroup,
  groupNameTaken,
  insertGroup,
  libraryActivitiesWithTag,
  libraryTagCounts,
  listGroupRows,
  updateActivityRow,
  updateGroupRow,
  type GroupRow,
} from './activities.repository';
import { activityView, getRevision, insertNewActivity } from './activities.service';
import { activityAudit } from './activities.views';

export async function tagList(ctx: ServiceCtx) {
  const rows = await libraryTagCounts(ctx.db, ctx.staff().clientId);
  return { items: rows.map((r) => ({ name: r.tag, count: Number(r.n) })) };
}

/** Rename a tag on every library activity carrying it (merging with one it becomes), or remove it. */
export async function renameTag(ctx: ServiceCtx, input: { from: string; to: string | null }) {
  const to = input.to === null ? null : TagSchema.parse(input.to);
  const rows = await libraryActivitiesWithTag(ctx.db, ctx.staff().clientId, input.from);
  for (const before of rows) {
    const kept = before.tags.filter((t) => t !== input.from);
    const tags = to && !kept.some((t) => foldedKey(t) === foldedKey(to)) ? [...kept, to] : kept;
    const after = await updateActivityRow(ctx.db, before.id, { tags });
    ctx.audit({
      action: 'activity.tag.rename',
      entityType: 'activity',
      entityId: before.id,
      before: activityAudit(before),
      after: activityAudit(after),
    });
  }
  if (rows.length === 0) throw fail('NOT_FOUND');
  return { ...(await tagList(ctx)), changed: rows.length };
}

const groupView = (g: GroupRow & { activity_count?: string | number | null }) => ({
  id: g.id,
  name: g.name,
  description: g.description,
  activityCount: Number(g.activity_count ?? 0),
  updatedAt: g.updated_at.toISOString(),
});
const groupAudit = (g: GroupRow) => ({ name: g.name, description: g.description });

export async function groupList(ctx: ServiceCtx) {
  return { items: (await listGroupRows(ctx.db, ctx.staff().clientId)).map(groupView) };
}

async function checkGroupName(ctx: ServiceCtx, name: string, except?: string) {
  if (await groupNameTaken(ctx.db, ctx.staff().clientId, foldedKey(name), except))
    throw fieldProblem('CONFLICT', 'name', 'activityBuild.groupNameTaken');
}

export async function createGroup(ctx: ServiceCtx, input: { name: string; description: string | null }) {
  await checkGroupName(ctx, input.name);
  const g = await insertGroup(ctx.db, {
    client_id: ctx.staff().clientId,
    name: input.name,
    name_key: foldedKey(input.name),
    description: input.description || null,
    created_by: ctx.staff().userId,
  });
  ctx.audit({ action: 'activity.group.create', entityType: 'activity_group', entityId: g.id, after: groupAudit(g) });
  return groupView(g);
}

export async function updateGroup(
  ctx: ServiceCtx,
  input: { groupId: string; name: string; description: string | null },
) {
  const before = await findGroup(ctx.db, ctx.staff().clientId, input.groupId, true);
  if (!before) throw fail('NOT_FOUND');
  await checkGroupName(ctx, input.name, before.id);
  const after = await updateGroupRow(ctx.db, before.id, {
    name: input.name,
    name_key: foldedKey(input.name),
    description: input.description || null,
  });
  ctx.audit({
    action: 'activity.group.update',
    entityType: 'activity_group',
    entityId: after.id,
    before: groupAudit(before),
    after: groupAudit(after),
  });
  return groupView({ ...after, activity_count: await activitiesInGroup(ctx.db, after.id) });
}

export async function deleteGroup(ctx: ServiceCtx, input: { groupId: string }) {
  const before = await findGroup(ctx.db, ctx.staff().clientId, input.groupId, true);
  if (!before) throw fail('NOT_FOUND');
  const count = await activitiesInGroup(ctx.db, before.id);
  if (count > 0) throw fieldProblem('CONFLICT', 'groupId', 'activityBuild.groupInUse', { count });
  await deleteGroupRow(ctx.db, before.id);
  ctx.audit({
    action: 'activity.group.delete',
    entityType: 'activity_group',
    entityId: before.id,
    before: groupAudit(before),
  });
  return { ok: true as const };
}

/** A revision as our JSON (the definition itself) or as a FHIR R4 Questionnaire in one language. */
export async function exportRevision(
  ctx: ServiceCtx,
  input: { activityId: string; revisionId: string; format: 'json' | 'fhir'; language?: string },
) {
  const { definition, number } = await getRevision(ctx, input);
  const base = `${definition.identifier}_r${number}`;
  if (input.format === 'json') return { fileName: `${base}.json`, document: definition as Record<string, unknown> };
  const lang = input.language ?? Object.keys(definition.title)[0] ?? 'en';
  return {
    fileName: `${base}.fhir.json`,
    document: toQuestionnaire(definition, lang) as unknown as Record<string, unknown>,
  };
}

/**
 * A new activity from a document: our JSON is taken whole (invalid → the field errors); a Questionnaire is
 * mapped as far as it goes and the rest listed. Nothing is stored when the document cannot be read.
 */
export async function importActivity(
  ctx: ServiceCtx,
  input: {
    studyId?: string;
    format: 'json' | 'fhir';
    document: Record<string, unknown>;
    identifier?: string;
    kind?: ActivityType;
  },
) {
  let unmapped: { path: string; reason: string }[] = [];
  let definition: Activity;
  if (input.format === 'json') {
    const parsed = ActivitySchema.safeParse({ id: 'import', activityId: 'import', revisionId: '1', ...input.document });
    if (!parsed.success) throw fieldProblem('VALIDATION_FAILED', 'document', 'activityBuild.importInvalid');
    definition = parsed.data;
  } else {
    const result = importQuestionnaire(input.document, { identifier: input.identifier, type: input.kind });
    if (!result.activity) throw fieldProblem('VALIDATION_FAILED', 'document', 'activityBuild.importInvalid');
    definition = result.activity;
    unmapped = result.unmapped;
  }
  const identifier = input.identifier ?? definition.identifier;
  const a = await insertNewActivity(ctx, {
    studyId: input.studyId,
    kind: input.kind ?? definition.type,
    identifier,
    title: definition.title,
    tags: [],
    groupId: null,
    definition,
  });
  return { activity: await activityView(ctx, a), unmapped };
}
