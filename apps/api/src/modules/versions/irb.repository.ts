/** The irb_documents table (migration 202611270500): which version a generated IRB/EC PDF documents. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { IrbDocumentsTable } from '../../db/schema/irb';

export type IrbDocumentRow = Selectable<IrbDocumentsTable>;

export function insertIrbDocument(db: Db, row: Insertable<IrbDocumentsTable>): Promise<IrbDocumentRow> {
  return db.insertInto('irb_documents').values(row).returningAll().executeTakeFirstOrThrow();
}

export function listIrbDocumentsOfStudy(db: Db, studyId: string): Promise<IrbDocumentRow[]> {
  return db
    .selectFrom('irb_documents')
    .selectAll()
    .where('study_id', '=', studyId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export function findIrbDocument(db: Db, id: string): Promise<IrbDocumentRow | undefined> {
  return db.selectFrom('irb_documents').selectAll().where('id', '=', id).executeTakeFirst();
}
