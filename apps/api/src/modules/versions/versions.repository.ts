/** All SQL on study versions and their content. */
import type { StudyContent, VersionSite } from '@trialpath/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment, StudyVersionsTable, VersionAssignmentsTable } from '../../db/schema';

export type VersionRow = Selectable<StudyVersionsTable>;

export function findDraft(db: Db, studyId: string): Promise<VersionRow | undefined> {
  return db
    .selectFrom('study_versions')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('status', '=', 'DRAFT')
    .executeTakeFirst();
}

/**
 * A version, locked until the transaction ends: two saves of the same draft run one after the other,
 * the second seeing the first's revisions (so a stale one is refused rather than lost).
 */
export function lockVersion(db: Db, versionId: string): Promise<VersionRow | undefined> {
  return db.selectFrom('study_versions').selectAll().where('id', '=', versionId).forUpdate().executeTakeFirst();
}

/** The newest published version of a study, which a new draft starts from. */
export function findNewestPublished(db: Db, studyId: string): Promise<VersionRow | undefined> {
  return db
    .selectFrom('study_versions')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('status', '=', 'PUBLISHED')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Take the study's next studyVersionNumber (C-167): one more than the last given out, kept in a
 * counter so a deleted draft's number is never given again. The counter row stays locked until the
 * transaction ends (two new versions at once get two numbers, or one waits).
 */
export async function takeVersionNumber(db: Db, studyId: string): Promise<number> {
  const r = await sql<{ last_number: number }>`
    insert into study_version_counters (study_id, last_number)
    values (${studyId}, (select coalesce(max(number), 0) + 1 from study_versions where study_id = ${studyId}))
    on conflict (study_id) do update set last_number = study_version_counters.last_number + 1
    returning last_number`.execute(db);
  return Number(r.rows[0]!.last_number);
}

/** The number the study's next version will get, without taking it. */
export async function peekVersionNumber(db: Db, studyId: string): Promise<number> {
  const counter = await db
    .selectFrom('study_version_counters')
    .select('last_number')
    .where('study_id', '=', studyId)
    .executeTakeFirst();
  const max = await db
    .selectFrom('study_versions')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('study_id', '=', studyId)
    .executeTakeFirst();
  return Math.max(Number(counter?.last_number ?? 0), Number(max?.n ?? 0)) + 1;
}

export function findVersion(db: Db, versionId: string): Promise<VersionRow | undefined> {
  return db.selectFrom('study_versions').selectAll().where('id', '=', versionId).executeTakeFirst();
}

/** A version's study, status and publication time: enough to tell whether a cached copy still holds. */
export function findVersionStamp(db: Db, versionId: string) {
  return db
    .selectFrom('study_versions')
    .select(['study_id', 'status', 'published_at'])
    .where('id', '=', versionId)
    .executeTakeFirst();
}

/** A study's versions, newest first. */
export function listVersionsOfStudy(db: Db, studyId: string): Promise<VersionRow[]> {
  return db
    .selectFrom('study_versions')
    .selectAll()
    .where('study_id', '=', studyId)
    .orderBy('number', 'desc')
    .execute();
}

export function findVersionByNameKey(db: Db, studyId: string, nameKey: string): Promise<VersionRow | undefined> {
  return db
    .selectFrom('study_versions')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

/** The version published last before now (published or since archived), other than `exceptId`. */
export function findLastPublished(db: Db, studyId: string, exceptId: string): Promise<VersionRow | undefined> {
  return db
    .selectFrom('study_versions')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('status', 'in', ['PUBLISHED', 'ARCHIVED'])
    .where('id', '!=', exceptId)
    .orderBy('published_at', 'desc')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Publish a draft: status PUBLISHED, the content frozen into `snapshot`, the sites into `sites_snapshot`, who and when. */
export function markPublished(
  db: Db,
  v: { id: string; content: StudyContent; sites?: VersionSite[]; publishedBy: string | null },
): Promise<VersionRow> {
  return db
    .updateTable('study_versions')
    .set({
      status: 'PUBLISHED',
      snapshot: JSON.stringify(v.content),
      sites_snapshot: v.sites ? JSON.stringify(v.sites) : null,
      published_by: v.publishedBy,
      published_at: sql<Date>`now()`,
      updated_by: v.publishedBy,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', v.id)
    .where('status', '=', 'DRAFT')
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function markArchived(db: Db, v: { id: string; by: string }): Promise<VersionRow> {
  return db
    .updateTable('study_versions')
    .set({ status: 'ARCHIVED', updated_by: v.by, updated_at: sql<Date>`now()` })
    .where('id', '=', v.id)
    .where('status', '=', 'PUBLISHED')
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateNotes(db: Db, v: { id: string; notes: string | null; by: string }): Promise<VersionRow> {
  return db
    .updateTable('study_versions')
    .set({ notes: v.notes, updated_by: v.by, updated_at: sql<Date>`now()` })
    .where('id', '=', v.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Delete a draft (only a draft: a published version is archived instead). */
export async function deleteDraftRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('study_versions').where('id', '=', id).where('status', '=', 'DRAFT').execute();
}

// ── assignments ──────────────────────────────────────────────────────────────────────────────

export type AssignmentRow = Selectable<VersionAssignmentsTable>;

export function listAssignmentsOfStudy(db: Db, studyId: string): Promise<AssignmentRow[]> {
  return db.selectFrom('version_assignments').selectAll().where('study_id', '=', studyId).execute();
}

export function listAssignmentsOfVersion(db: Db, versionId: string): Promise<AssignmentRow[]> {
  return db.selectFrom('version_assignments').selectAll().where('version_id', '=', versionId).execute();
}

export async function deleteAssignmentsOfVersion(db: Db, versionId: string): Promise<void> {
  await db.deleteFrom('version_assignments').where('version_id', '=', versionId).execute();
}

/** The assignment of one site or one country in a data space, locked until the transaction ends. */
export function lockAssignment(
  db: Db,
  a: { studyId: string; environment: Environment; siteId: string | null; countryId: string | null },
): Promise<AssignmentRow | undefined> {
  let q = db
    .selectFrom('version_assignments')
    .selectAll()
    .where('study_id', '=', a.studyId)
    .where('environment', '=', a.environment);
  q = a.siteId
    ? q.where('site_id', '=', a.siteId)
    : q.where('country_id', '=', a.countryId).where('site_id', 'is', null);
  return q.forUpdate().executeTakeFirst();
}

export async function deleteAssignment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('version_assignments').where('id', '=', id).execute();
}

export function insertAssignment(db: Db, a: Insertable<VersionAssignmentsTable>): Promise<AssignmentRow> {
  return db.insertInto('version_assignments').values(a).returningAll().executeTakeFirstOrThrow();
}

export async function isNameTaken(db: Db, studyId: string, nameKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('study_versions')
    .select('id')
    .where('study_id', '=', studyId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
  return row !== undefined;
}

export type NewVersion = Omit<Insertable<StudyVersionsTable>, 'content' | 'section_revisions' | 'snapshot'> & {
  content: StudyContent;
};

export function insertVersion(db: Db, v: NewVersion): Promise<VersionRow> {
  return db
    .insertInto('study_versions')
    .values({ ...v, content: JSON.stringify(v.content), section_revisions: '{}' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Write a draft's content and revisions after one section's save. */
export function saveContent(
  db: Db,
  v: { id: string; content: StudyContent; sectionRevisions: Record<string, number>; updatedBy: string },
): Promise<VersionRow> {
  return db
    .updateTable('study_versions')
    .set((eb) => ({
      content: JSON.stringify(v.content),
      section_revisions: JSON.stringify(v.sectionRevisions),
      revision: eb('revision', '+', 1),
      updated_by: v.updatedBy,
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', v.id)
    .where('status', '=', 'DRAFT')
    .returningAll()
    .executeTakeFirstOrThrow();
}
