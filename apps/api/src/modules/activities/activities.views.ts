/** What the activity calls answer: rows turned into the contract's views, with people's names. */
import type { ActivityDetail, ActivityListItem, ActivityRevision, ActivityRevisionSummary } from '@trialpath/contract';
import { type Activity, parseActivity } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { staffPeople } from '../users/users.service';
import { type ActivityRow, groupNames, latestRevisions, type RevisionRow } from './activities.repository';

type Person = { id: string; name: string };
type RevisionHead = Pick<
  RevisionRow,
  'id' | 'activity_id' | 'number' | 'status' | 'lock_version' | 'updated_by' | 'updated_at'
> & {
  question_count: number;
};

/** jsonb comes back parsed from both drivers; a string is parsed for safety. */
export function definitionOf(row: Pick<RevisionRow, 'definition'>): Activity {
  const value: unknown = typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition;
  return parseActivity(value);
}

const headOf = (r: RevisionRow): RevisionHead => ({ ...r, question_count: definitionOf(r).questions.length });

function summary(r: RevisionHead, people: Map<string, Person>): ActivityRevisionSummary {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    lockVersion: r.lock_version,
    questionCount: Number(r.question_count),
    updatedBy: people.get(r.updated_by) ?? { id: r.updated_by, name: r.updated_by },
    updatedAt: r.updated_at.toISOString(),
  };
}

function item(a: ActivityRow, latest: ActivityRevisionSummary, groups: Map<string, string>): ActivityListItem {
  return {
    id: a.id,
    studyId: a.study_id,
    kind: a.kind,
    identifier: a.identifier,
    title: typeof a.title === 'string' ? JSON.parse(a.title) : a.title,
    tags: a.tags,
    group: a.group_id ? { id: a.group_id, name: groups.get(a.group_id) ?? '' } : null,
    archived: a.archived_at !== null,
    revision: a.revision,
    latest,
    updatedAt: a.updated_at.toISOString(),
  };
}

async function groupMap(ctx: ServiceCtx, rows: ActivityRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.group_id ? [r.group_id] : [])))];
  return new Map((await groupNames(ctx.db, ids)).map((g) => [g.id, g.name]));
}

export async function activityItems(ctx: ServiceCtx, rows: ActivityRow[]): Promise<ActivityListItem[]> {
  const heads = await latestRevisions(
    ctx.db,
    rows.map((r) => r.id),
  );
  const byActivity = new Map(heads.map((h) => [h.activity_id, h]));
  const [people, groups] = await Promise.all([
    staffPeople(
      ctx,
      heads.map((h) => h.updated_by),
    ),
    groupMap(ctx, rows),
  ]);
  return rows.map((a) => item(a, summary(byActivity.get(a.id)!, people), groups));
}

export async function activityDetail(
  ctx: ServiceCtx,
  a: ActivityRow,
  revisions: RevisionRow[],
  copiedFrom: ActivityRow | undefined,
): Promise<ActivityDetail> {
  const [people, groups] = await Promise.all([
    staffPeople(ctx, [a.created_by, ...revisions.map((r) => r.updated_by)]),
    groupMap(ctx, [a]),
  ]);
  const heads = revisions.map((r) => summary(headOf(r), people));
  return {
    ...item(a, heads[0]!, groups),
    copiedFrom: copiedFrom ? { id: copiedFrom.id, identifier: copiedFrom.identifier } : null,
    revisions: heads,
    createdBy: people.get(a.created_by) ?? { id: a.created_by, name: a.created_by },
    createdAt: a.created_at.toISOString(),
  };
}

export async function revisionView(ctx: ServiceCtx, r: RevisionRow): Promise<ActivityRevision> {
  const people = await staffPeople(ctx, [r.updated_by]);
  const definition = definitionOf(r);
  return { ...summary({ ...r, question_count: definition.questions.length }, people), definition };
}

/** What an audit entry keeps of a revision: its status and definition (the items diff names each change). */
export const revisionAudit = (r: RevisionRow) => ({ number: r.number, status: r.status, definition: definitionOf(r) });
export const activityAudit = (a: ActivityRow) => ({
  kind: a.kind,
  identifier: a.identifier,
  studyId: a.study_id,
  tags: a.tags,
  groupId: a.group_id,
  archived: a.archived_at !== null,
});
