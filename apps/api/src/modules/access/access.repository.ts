/**
 * The SQL of access decisions. Reads (never writes) the few columns a decision needs from the tables
 * of other areas — a study's client — so that deciding access never calls back into those areas.
 */
import type { Db } from '../../db/database';

export function findStudyOwner(db: Db, studyId: string): Promise<{ id: string; client_id: string } | undefined> {
  return db.selectFrom('studies').select(['id', 'client_id']).where('id', '=', studyId).executeTakeFirst();
}

/** The study's client and status: who may build it, and whether its status still allows building. */
export function findStudyBuildState(db: Db, studyId: string) {
  return db.selectFrom('studies').select(['id', 'client_id', 'status']).where('id', '=', studyId).executeTakeFirst();
}
