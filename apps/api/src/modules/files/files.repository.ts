/** All SQL of the files area (stored_files, study_documents). */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { StoredFilesTable, StudyDocumentsTable } from '../../db/schema';

export type StoredFileRow = Selectable<StoredFilesTable>;
export type StudyDocumentRow = Selectable<StudyDocumentsTable>;

export function insertStoredFile(db: Db, row: Insertable<StoredFilesTable>): Promise<StoredFileRow> {
  return db.insertInto('stored_files').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The file's row unless it was deleted. */
export function findStoredFile(db: Db, id: string): Promise<StoredFileRow | undefined> {
  return db
    .selectFrom('stored_files')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function markStoredFileDeleted(db: Db, id: string): Promise<StoredFileRow | undefined> {
  return db
    .updateTable('stored_files')
    .set({ deleted_at: new Date() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A study's stored files of some kinds, newest first (branding logos, icon libraries). */
export function listStudyFiles(db: Db, studyId: string, kinds: readonly string[]): Promise<StoredFileRow[]> {
  return db
    .selectFrom('stored_files')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('kind', 'in', kinds)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function insertDocument(db: Db, row: Insertable<StudyDocumentsTable>): Promise<StudyDocumentRow> {
  return db.insertInto('study_documents').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findDocument(db: Db, id: string, lock = false): Promise<StudyDocumentRow | undefined> {
  const q = db.selectFrom('study_documents').selectAll().where('id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export function updateDocument(db: Db, id: string, set: Updateable<StudyDocumentsTable>): Promise<StudyDocumentRow> {
  return db
    .updateTable('study_documents')
    .set((eb) => ({ ...set, revision: eb('revision', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
