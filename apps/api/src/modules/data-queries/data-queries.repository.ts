/**
 * All SQL of data queries and the participant responses view (decision E-queries). The answers a query points at are
 * read here too, from their own tables by the columns their areas promise: activity_responses (immutable source
 * records) and site_form_entries (the EDC's entries).
 */
import type { QueryMessageKind, QueryStatus, QueryTargetKind } from '@trialpath/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';

/** The columns of the answer tables this area reads (they belong to the responses and EDC areas). */
type AnswerTables = {
  activity_responses: {
    id: string;
    participant_id: string;
    study_id: string;
    site_id: string;
    environment: Environment;
    activity_id: string;
    revision_id: string;
    task_id: string | null;
    language: string;
    answers: unknown;
    completed_at: Date;
    completed_local: string;
    completed_offset: string;
  };
  site_form_entries: {
    id: string;
    participant_id: string;
    study_id: string;
    site_id: string;
    environment: Environment;
    version_id: string;
    activity_id: string;
    answers: unknown;
  };
};
const answerTables = (db: Db) => db.withTables<AnswerTables>();

// ── the answers a query points at ─────────────────────────────────────────────────────────────────────

export function findResponse(db: Db, studyId: string, environment: Environment, responseId: string) {
  return answerTables(db)
    .selectFrom('activity_responses')
    .select(['id', 'participant_id', 'site_id', 'activity_id', 'revision_id', 'answers'])
    .where('id', '=', responseId)
    .where('study_id', '=', studyId)
    .where('environment', '=', environment)
    .executeTakeFirst();
}

export function findSiteFormEntry(db: Db, studyId: string, environment: Environment, entryId: string) {
  return answerTables(db)
    .selectFrom('site_form_entries')
    .select(['id', 'participant_id', 'site_id', 'version_id', 'activity_id', 'answers'])
    .where('id', '=', entryId)
    .where('study_id', '=', studyId)
    .where('environment', '=', environment)
    .executeTakeFirst();
}

/** A participant's responses with what the list shows, newest first; `activeOf` counts the queries a reader sees. */
export function participantResponses(
  db: Db,
  participantId: string,
  blinded: boolean,
  page?: { offset: number; limit: number },
  responseId?: string,
) {
  let q = answerTables(db)
    .selectFrom('activity_responses as r')
    .innerJoin('activities as a', (j) => j.on(sql<SqlBool>`a.id = r.activity_id`))
    .leftJoin('participant_tasks as t', (j) => j.on(sql<SqlBool>`t.id = r.task_id`))
    .select([
      'r.id',
      'r.activity_id',
      'r.revision_id',
      'r.task_id',
      'r.language',
      'r.answers',
      'r.completed_at',
      'r.completed_local',
      'r.completed_offset',
      'a.title',
      'a.kind',
      't.start_day',
    ])
    .select(
      sql<string>`(select count(*) from data_queries dq where dq.target_kind = 'response' and dq.target_id = r.id
        and dq.status <> 'CLOSED'${blinded ? sql` and not dq.unblinded_only` : sql``})`.as('active_queries'),
    )
    .where('r.participant_id', '=', participantId)
    .orderBy('r.completed_at', 'desc')
    .orderBy('r.id');
  if (responseId) q = q.where('r.id', '=', responseId);
  if (page) q = q.offset(page.offset).limit(page.limit);
  return q.execute();
}
export type ResponseListRow = Awaited<ReturnType<typeof participantResponses>>[number];

export async function countParticipantResponses(db: Db, participantId: string) {
  const r = await answerTables(db)
    .selectFrom('activity_responses')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('participant_id', '=', participantId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The study's sites with what the row check needs. */
export function studySites(db: Db, studyId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'site_sub_type'])
    .where('study_id', '=', studyId)
    .orderBy('name')
    .execute();
}

// ── queries ─────────────────────────────────────────────────────────────────────────────────────────────

export interface NewQuery {
  studyId: string;
  siteId: string;
  environment: Environment;
  participantId: string;
  targetKind: QueryTargetKind;
  targetId: string;
  item: string;
  activityId: string;
  activityTitle: Record<string, string>;
  itemText: Record<string, string>;
  unblindedOnly: boolean;
  assignedRole: string | null;
  by: string;
  at: Date;
}

export function insertQuery(db: Db, q: NewQuery) {
  return db
    .insertInto('data_queries')
    .values({
      study_id: q.studyId,
      site_id: q.siteId,
      environment: q.environment,
      participant_id: q.participantId,
      target_kind: q.targetKind,
      target_id: q.targetId,
      item: q.item,
      activity_id: q.activityId,
      activity_title: JSON.stringify(q.activityTitle),
      item_text: JSON.stringify(q.itemText),
      unblinded_only: q.unblindedOnly,
      assigned_role: q.assignedRole,
      opened_by: q.by,
      opened_at: q.at,
      updated_at: q.at,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

export async function insertMessage(
  db: Db,
  m: { queryId: string; kind: QueryMessageKind; text: string; statusAfter: QueryStatus; by: string; at: Date },
) {
  await db
    .insertInto('data_query_messages')
    .values({
      query_id: m.queryId,
      kind: m.kind,
      text: m.text,
      status_after: m.statusAfter,
      author_id: m.by,
      created_at: m.at,
    })
    .execute();
}

/** The query that is not closed on one answer, if any. */
export function findActiveQuery(db: Db, target: { kind: QueryTargetKind; id: string; item: string }) {
  return db
    .selectFrom('data_queries')
    .select(['id', 'status'])
    .where('target_kind', '=', target.kind)
    .where('target_id', '=', target.id)
    .where('item', '=', target.item)
    .where('status', '<>', 'CLOSED')
    .executeTakeFirst();
}

/** One query of the study's data space, without its joins (the checks before a write read this). */
export function findQuery(db: Db, studyId: string, environment: Environment, queryId: string) {
  return db
    .selectFrom('data_queries')
    .selectAll()
    .where('id', '=', queryId)
    .where('study_id', '=', studyId)
    .where('environment', '=', environment)
    .executeTakeFirst();
}
export type QueryRow = NonNullable<Awaited<ReturnType<typeof findQuery>>>;

/** The query's row, locked until the transaction ends: two status changes cannot both pass the status check. */
export function lockQuery(db: Db, queryId: string) {
  return db.selectFrom('data_queries').selectAll().where('id', '=', queryId).forUpdate().executeTakeFirstOrThrow();
}

export async function setQueryStatus(db: Db, queryId: string, change: { status: QueryStatus; by: string; at: Date }) {
  const closed = change.status === 'CLOSED';
  await db
    .updateTable('data_queries')
    .set({
      status: change.status,
      updated_at: change.at,
      closed_by: closed ? change.by : null,
      closed_at: closed ? change.at : null,
    })
    .where('id', '=', queryId)
    .execute();
}

export async function touchQuery(db: Db, queryId: string, at: Date) {
  await db.updateTable('data_queries').set({ updated_at: at }).where('id', '=', queryId).execute();
}

/** Which queries a read asks for, always inside what the reader may see (`visible`: the access module's predicate). */
export interface QuerySelection {
  /** Participants the reader sees, on aliases p (participants) and s (their sites). */
  visible: Expression<SqlBool>;
  /** A blinded reader never receives queries on unblinded questions. */
  blinded: boolean;
  queryId?: string;
  status?: QueryStatus;
  siteId?: string;
  participantId?: string;
  targetKind?: QueryTargetKind;
  targetId?: string;
  /** A role, or NONE for the unassigned. */
  assignedRole?: string;
}

function selected(db: Db, sel: QuerySelection) {
  let q = db
    .selectFrom('data_queries as q')
    .innerJoin('participants as p', 'p.id', 'q.participant_id')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .where(sel.visible)
    // the participant's data space and study are the query's (the predicate names them)
    .where(sql<SqlBool>`q.environment = p.environment and q.study_id = p.study_id`);
  if (sel.blinded) q = q.where('q.unblinded_only', '=', false);
  if (sel.queryId) q = q.where('q.id', '=', sel.queryId);
  if (sel.status) q = q.where('q.status', '=', sel.status);
  if (sel.siteId) q = q.where('p.site_id', '=', sel.siteId);
  if (sel.participantId) q = q.where('q.participant_id', '=', sel.participantId);
  if (sel.targetKind) q = q.where('q.target_kind', '=', sel.targetKind);
  if (sel.targetId) q = q.where('q.target_id', '=', sel.targetId);
  if (sel.assignedRole === 'NONE') q = q.where('q.assigned_role', 'is', null);
  else if (sel.assignedRole) q = q.where('q.assigned_role', '=', sel.assignedRole);
  return q;
}

const SORTS = {
  updatedAt: 'q.updated_at',
  openedAt: 'q.opened_at',
  participant: 'p.participant_code',
  status: 'q.status',
} as const;
export type QueryOrder = { sort: keyof typeof SORTS; order: 'asc' | 'desc' };

const userName = (alias: string) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)})), ''), ${sql.ref(`${alias}.username`)}, '')`;

/** Queries with what a screen shows of them: participant, site, who opened and closed them, the newest message. */
export function queryRows(
  db: Db,
  sel: QuerySelection,
  order: QueryOrder = { sort: 'updatedAt', order: 'desc' },
  page?: { offset: number; limit: number },
) {
  let q = selected(db, sel)
    .innerJoin('users as o', 'o.id', 'q.opened_by')
    .leftJoin('users as c', 'c.id', 'q.closed_by')
    .selectAll('q')
    .select(['p.participant_code', 's.id as current_site_id', 's.name as site_name'])
    .select([
      userName('o').as('opened_by_name'),
      sql<string | null>`case when c.id is null then null else ${userName('c')} end`.as('closed_by_name'),
    ])
    .select(sql<string>`(select count(*) from data_query_messages m where m.query_id = q.id)`.as('message_count'))
    // where the answer is shown: a scheduled site form by its task and form (the EDC's entry key), else by its id
    .select(
      sql<string>`coalesce((select case when e.task_id is null then null else e.task_id::text || ':' || e.activity_id end
        from site_form_entries e where q.target_kind = 'siteForm' and e.id = q.target_id), q.target_id::text)`.as(
        'target_key',
      ),
    )
    .select(
      sql<unknown>`(select jsonb_build_object('id', m.id, 'kind', m.kind, 'text', m.text, 'statusAfter', m.status_after,
        'author', ${userName('u')}, 'at', m.created_at)
        from data_query_messages m join users u on u.id = m.author_id
        where m.query_id = q.id order by m.seq desc limit 1)`.as('last_message'),
    )
    .orderBy(sql.ref(SORTS[order.sort]), order.order)
    .orderBy('q.id');
  if (page) q = q.offset(page.offset).limit(page.limit);
  return q.execute();
}
export type QueryListRow = Awaited<ReturnType<typeof queryRows>>[number];

export async function countQueriesByStatus(db: Db, sel: QuerySelection) {
  return selected(db, sel)
    .select(['q.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('q.status')
    .execute();
}

/** A query's thread, oldest message first. */
export function queryMessages(db: Db, queryId: string) {
  return db
    .selectFrom('data_query_messages as m')
    .innerJoin('users as u', 'u.id', 'm.author_id')
    .select(['m.id', 'm.kind', 'm.text', 'm.status_after', 'm.created_at', userName('u').as('author')])
    .where('m.query_id', '=', queryId)
    .orderBy('m.seq')
    .execute();
}

export async function setQueryAssignment(db: Db, queryId: string, assignedRole: string | null, at: Date) {
  await db
    .updateTable('data_queries')
    .set({ assigned_role: assignedRole, updated_at: at })
    .where('id', '=', queryId)
    .execute();
}
