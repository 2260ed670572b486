/** EDC: site form entries and site data locks (decision E-edc): their SQL. */
import type { AppEnvironment } from '@trialpath/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { SiteFormEntriesTable } from '../../db/schema/site-forms';

export type EntryRow = Selectable<SiteFormEntriesTable>;

/** One entry by its id, in the data space; `forUpdate` holds its row until the transaction ends. */
export function entryById(db: Db, id: string, env: AppEnvironment, forUpdate = false) {
  let q = db.selectFrom('site_form_entries').selectAll().where('id', '=', id).where('environment', '=', env);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The entry of one scheduled form (task + activity). */
export function entryOfTask(db: Db, taskId: string, activityId: string, forUpdate = false) {
  let q = db
    .selectFrom('site_form_entries')
    .selectAll()
    .where('task_id', '=', taskId)
    .where('activity_id', '=', activityId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Every entry of the participant in the data space, oldest first. */
export function entriesOfParticipant(db: Db, participantId: string, env: AppEnvironment) {
  return db
    .selectFrom('site_form_entries')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('environment', '=', env)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function insertEntry(db: Db, row: Insertable<SiteFormEntriesTable>) {
  return db.insertInto('site_form_entries').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateEntry(db: Db, id: string, patch: Updateable<SiteFormEntriesTable>) {
  return db.updateTable('site_form_entries').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function siteLockOf(db: Db, siteId: string, env: AppEnvironment, forUpdate = false) {
  let q = db.selectFrom('site_form_locks').selectAll().where('site_id', '=', siteId).where('environment', '=', env);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertSiteLock(
  db: Db,
  row: { site_id: string; environment: AppEnvironment; study_id: string; locked_by: string; locked_at: Date },
) {
  return db.insertInto('site_form_locks').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteSiteLock(db: Db, siteId: string, env: AppEnvironment) {
  await db.deleteFrom('site_form_locks').where('site_id', '=', siteId).where('environment', '=', env).execute();
}

/** The entries of the participants now at the site (they moved with a transferred participant). */
function ofSiteParticipants(db: Db, studyId: string, siteId: string, env: AppEnvironment) {
  return db
    .selectFrom('participants')
    .select('id')
    .where('study_id', '=', studyId)
    .where('site_id', '=', siteId)
    .where('environment', '=', env);
}

/** Lock every unlocked entry of the site's participants; answers the ids locked. */
export async function lockSiteEntries(
  db: Db,
  q: { studyId: string; siteId: string; env: AppEnvironment; by: string; at: Date },
) {
  const rows = await db
    .updateTable('site_form_entries')
    .set({ locked_at: q.at, locked_by: q.by })
    .where('environment', '=', q.env)
    .where('locked_at', 'is', null)
    .where('participant_id', 'in', ofSiteParticipants(db, q.studyId, q.siteId, q.env))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Unlock every locked entry of the site's participants; answers the ids unlocked. */
export async function unlockSiteEntries(db: Db, q: { studyId: string; siteId: string; env: AppEnvironment }) {
  const rows = await db
    .updateTable('site_form_entries')
    .set({ locked_at: null, locked_by: null })
    .where('environment', '=', q.env)
    .where('locked_at', 'is not', null)
    .where('participant_id', 'in', ofSiteParticipants(db, q.studyId, q.siteId, q.env))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
