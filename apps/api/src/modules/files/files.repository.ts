/** All SQL of the files area (stored_files, study_documents). */
import { sql } from 'kysely';
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

/** Stored files by id (a page of documents' PDFs and images in one query). */
export function findStoredFiles(db: Db, ids: readonly string[]): Promise<StoredFileRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('stored_files').selectAll().where('id', 'in', ids).execute();
}

export interface DocumentFilter {
  studyId: string;
  /** A site's documents and the whole study's; undefined: every document of the study. */
  siteId?: string;
  /** The sites the caller sees (null: all): other sites' documents are left out. */
  visibleSites: readonly string[] | null;
  includeDeleted: boolean;
  sort: 'createdAt' | '-createdAt' | 'title' | '-title';
  /** The language a title sort reads. */
  language: string;
  offset: number;
  limit: number;
}

export async function listDocuments(db: Db, f: DocumentFilter) {
  let q = db.selectFrom('study_documents').where('study_id', '=', f.studyId);
  if (!f.includeDeleted) q = q.where('active', '=', true);
  if (f.siteId) q = q.where((eb) => eb.or([eb('site_id', '=', f.siteId!), eb('site_id', 'is', null)]));
  if (f.visibleSites) {
    const seen = [...f.visibleSites];
    q = q.where((eb) =>
      seen.length ? eb.or([eb('site_id', 'is', null), eb('site_id', 'in', seen)]) : eb('site_id', 'is', null),
    );
  }
  const { n } = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const desc = f.sort.startsWith('-');
  const byTitle = f.sort.endsWith('title');
  const rows = await q
    .selectAll()
    .orderBy(byTitle ? sql`lower(title->>${f.language})` : sql`created_at`, desc ? 'desc' : 'asc')
    .orderBy('id')
    .offset(f.offset)
    .limit(f.limit)
    .execute();
  return { total: Number(n), rows };
}
