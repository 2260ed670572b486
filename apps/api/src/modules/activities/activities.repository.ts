/** Activities, their revisions and the library's groups (decision 0044): all of their SQL. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ActivitiesTable, ActivityGroupsTable, ActivityRevisionsTable } from '../../db/schema';

export type ActivityRow = Selectable<ActivitiesTable>;
export type RevisionRow = Selectable<ActivityRevisionsTable>;
export type GroupRow = Selectable<ActivityGroupsTable>;

/** The scope id of the client's library (a study's activities use the study's id). */
export const LIBRARY_SCOPE = '00000000-0000-0000-0000-000000000000';

export interface ActivityFilter {
  clientId: string;
  scopeId: string;
  kind?: string;
  tag?: string;
  groupId?: string;
  search?: string;
  archived: boolean;
}

function filtered(db: Db, f: ActivityFilter) {
  let q = db
    .selectFrom('activities')
    .where('client_id', '=', f.clientId)
    .where('scope_id', '=', f.scopeId)
    .where('archived_at', f.archived ? 'is not' : 'is', null);
  if (f.kind) q = q.where('kind', '=', f.kind as ActivityRow['kind']);
  if (f.groupId) q = q.where('group_id', '=', f.groupId);
  if (f.tag) q = q.where(sql<boolean>`${f.tag} = any(tags)`);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) => eb.or([eb('identifier', 'ilike', like), eb(sql`title::text`, 'ilike', like)]));
  }
  return q;
}

export async function listActivityRows(db: Db, f: ActivityFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findActivity(db: Db, clientId: string, id: string, lock = false) {
  let q = db.selectFrom('activities').selectAll().where('client_id', '=', clientId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function identifierTaken(db: Db, clientId: string, scopeId: string, key: string, except?: string) {
  let q = db
    .selectFrom('activities')
    .select('id')
    .where('client_id', '=', clientId)
    .where('scope_id', '=', scopeId)
    .where('identifier_key', '=', key);
  if (except) q = q.where('id', '!=', except);
  return (await q.executeTakeFirst()) !== undefined;
}

export function insertActivity(db: Db, row: Insertable<ActivitiesTable>) {
  return db.insertInto('activities').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateActivityRow(db: Db, id: string, set: Updateable<ActivitiesTable>) {
  return db
    .updateTable('activities')
    .set({ ...set, updated_at: new Date(), revision: sql`revision + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Revisions of activities, newest first per activity. */
export function revisionsOf(db: Db, activityIds: readonly string[]) {
  if (activityIds.length === 0) return Promise.resolve([] as RevisionRow[]);
  return db
    .selectFrom('activity_revisions')
    .selectAll()
    .where('activity_id', 'in', activityIds)
    .orderBy('activity_id')
    .orderBy('number', 'desc')
    .execute();
}

/** The newest revision of each activity, without its definition's weight beyond the question count. */
export function latestRevisions(db: Db, activityIds: readonly string[]) {
  if (activityIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('activity_revisions')
    .distinctOn('activity_id')
    .select([
      'id',
      'activity_id',
      'number',
      'status',
      'lock_version',
      'updated_by',
      'updated_at',
      sql<number>`jsonb_array_length(definition->'questions')`.as('question_count'),
    ])
    .where('activity_id', 'in', activityIds)
    .orderBy('activity_id')
    .orderBy('number', 'desc')
    .execute();
}

export function findRevision(db: Db, activityId: string, revisionId: string, lock = false) {
  let q = db
    .selectFrom('activity_revisions')
    .selectAll()
    .where('activity_id', '=', activityId)
    .where('id', '=', revisionId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertRevision(db: Db, row: Insertable<ActivityRevisionsTable>) {
  return db.insertInto('activity_revisions').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateRevisionRow(db: Db, id: string, set: Updateable<ActivityRevisionsTable>) {
  return db
    .updateTable('activity_revisions')
    .set({ ...set, updated_at: new Date(), lock_version: sql`lock_version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function touchActivity(db: Db, id: string) {
  return db.updateTable('activities').set({ updated_at: new Date() }).where('id', '=', id).execute();
}

// ── tags and groups of the library ────────────────────────────────────────────────────────────

export function libraryTagCounts(db: Db, clientId: string) {
  return db
    .selectFrom(
      sql<{
        tag: string;
      }>`(select unnest(tags) as tag from activities where client_id = ${clientId} and scope_id = ${LIBRARY_SCOPE} and archived_at is null)`.as(
        't',
      ),
    )
    .select(['tag', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('tag')
    .orderBy('tag')
    .execute();
}

export function libraryActivitiesWithTag(db: Db, clientId: string, tag: string) {
  return db
    .selectFrom('activities')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('scope_id', '=', LIBRARY_SCOPE)
    .where(sql<boolean>`${tag} = any(tags)`)
    .forUpdate()
    .execute();
}

export function listGroupRows(db: Db, clientId: string) {
  return db
    .selectFrom('activity_groups as g')
    .selectAll('g')
    .select((eb) =>
      eb
        .selectFrom('activities as a')
        .whereRef('a.group_id', '=', 'g.id')
        .where('a.archived_at', 'is', null)
        .select((e) => e.fn.countAll<string>().as('n'))
        .as('activity_count'),
    )
    .where('g.client_id', '=', clientId)
    .orderBy('g.name_key')
    .execute();
}

export function findGroup(db: Db, clientId: string, id: string, lock = false) {
  let q = db.selectFrom('activity_groups').selectAll().where('client_id', '=', clientId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function groupNameTaken(db: Db, clientId: string, key: string, except?: string) {
  let q = db.selectFrom('activity_groups').select('id').where('client_id', '=', clientId).where('name_key', '=', key);
  if (except) q = q.where('id', '!=', except);
  return (await q.executeTakeFirst()) !== undefined;
}

export function insertGroup(db: Db, row: Insertable<ActivityGroupsTable>) {
  return db.insertInto('activity_groups').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateGroupRow(db: Db, id: string, set: Updateable<ActivityGroupsTable>) {
  return db
    .updateTable('activity_groups')
    .set({ ...set, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function activitiesInGroup(db: Db, groupId: string) {
  const r = await db
    .selectFrom('activities')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function deleteGroupRow(db: Db, id: string) {
  return db.deleteFrom('activity_groups').where('id', '=', id).execute();
}

export function groupNames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as { id: string; name: string }[]);
  return db.selectFrom('activity_groups').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** A study's activities among the ids given, with their revisions' ids and statuses. */
export function studyActivitiesByIds(db: Db, studyId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('activities as a')
    .innerJoin('activity_revisions as r', 'r.activity_id', 'a.id')
    .select(['a.id', 'a.identifier', 'a.kind', 'r.id as revision_id', 'r.number', 'r.status'])
    .where('a.study_id', '=', studyId)
    .where('a.id', 'in', ids)
    .execute();
}

/** Identifier, name and kind of a study's activities among these ids. */
export function studyActivityFacts(db: Db, studyId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('activities')
    .select(['id', 'identifier', 'title', 'kind'])
    .where('study_id', '=', studyId)
    .where('id', 'in', ids)
    .execute();
}

/** Make the DRAFT revisions among these ACTIVE (a published version freezes what it uses). */
export function activateDraftRevisions(db: Db, revisionIds: readonly string[], by: string) {
  if (revisionIds.length === 0) return Promise.resolve([] as RevisionRow[]);
  return db
    .updateTable('activity_revisions')
    .set({
      status: 'ACTIVE',
      status_changed_at: new Date(),
      updated_at: new Date(),
      updated_by: by,
      lock_version: sql`lock_version + 1`,
    })
    .where('id', 'in', revisionIds)
    .where('status', '=', 'DRAFT')
    .returningAll()
    .execute();
}
