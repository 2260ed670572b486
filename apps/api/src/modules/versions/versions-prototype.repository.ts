/** Prototypes of a study's draft (decision 0043). */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { StudyPrototypesTable } from '../../db/schema';

export type PrototypeRow = Selectable<StudyPrototypesTable>;

export function insertPrototype(db: Db, row: Insertable<StudyPrototypesTable>) {
  return db.insertInto('study_prototypes').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The study's shared prototypes, newest first, one page, and how many there are. */
export async function listSharedPrototypes(db: Db, studyId: string, page: { offset: number; limit: number }) {
  const base = db.selectFrom('study_prototypes').where('study_id', '=', studyId).where('purpose', '=', 'SHARE');
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').offset(page.offset).limit(page.limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findPrototype(db: Db, studyId: string, id: string, lock = false) {
  let q = db.selectFrom('study_prototypes').selectAll().where('study_id', '=', studyId).where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function findPrototypeByTokenHash(db: Db, studyId: string, tokenHash: string) {
  return db
    .selectFrom('study_prototypes')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function revokePrototypeRow(db: Db, id: string, by: string) {
  return db
    .updateTable('study_prototypes')
    .set({ revoked_at: new Date(), revoked_by: by })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
