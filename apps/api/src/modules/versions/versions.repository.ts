/** All SQL on study versions and their content. */
import type { StudyContent } from '@trialpath/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { StudyVersionsTable } from '../../db/schema';

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

/** The next studyVersionNumber of a study (numbers are never reused). */
export async function nextVersionNumber(db: Db, studyId: string): Promise<number> {
  const row = await db
    .selectFrom('study_versions')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('study_id', '=', studyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
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
