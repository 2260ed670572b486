/** All SQL of the study videos area (study_videos; decision H-study-videos). */
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { StudyVideosTable } from '../../db/schema/study-videos';

export type StudyVideoRow = Selectable<StudyVideosTable>;

/** A video with what its list row shows of the uploaded file and who uploaded it. */
function withUpload(db: Db) {
  return db
    .selectFrom('study_videos as v')
    .innerJoin('stored_files as f', 'f.id', 'v.original_file_id')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .selectAll('v')
    .select([
      'f.content_type',
      'f.byte_size',
      'f.file_name',
      'u.first_name as author_first',
      'u.last_name as author_last',
    ])
    .where('v.deleted_at', 'is', null);
}

export type StudyVideoListRow = Awaited<ReturnType<typeof studyVideoRows>>[number];

export function studyVideoRows(db: Db, studyId: string) {
  return withUpload(db).where('v.study_id', '=', studyId).orderBy('v.created_at', 'desc').orderBy('v.id').execute();
}

export function studyVideoRow(db: Db, studyId: string, videoId: string) {
  return withUpload(db).where('v.study_id', '=', studyId).where('v.id', '=', videoId).executeTakeFirst();
}

export function insertVideo(db: Db, row: Insertable<StudyVideosTable>): Promise<StudyVideoRow> {
  return db.insertInto('study_videos').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findVideo(db: Db, videoId: string, lock = false): Promise<StudyVideoRow | undefined> {
  const q = db.selectFrom('study_videos').selectAll().where('id', '=', videoId).where('deleted_at', 'is', null);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export function updateVideo(db: Db, videoId: string, set: Updateable<StudyVideosTable>) {
  return db.updateTable('study_videos').set(set).where('id', '=', videoId).returningAll().executeTakeFirst();
}

/**
 * Claim the oldest video waiting for conversion (or one whose converter's lease ran out): locked, one attempt
 * counted, marked CONVERTING and leased (the outbox's claim, decision 0006).
 */
export async function claimDueVideo(trx: Db, now: Date, leaseUntil: Date): Promise<StudyVideoRow | undefined> {
  const due = await trx
    .selectFrom('study_videos')
    .select('id')
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([eb('status', '=', 'UPLOADED'), eb.and([eb('status', '=', 'CONVERTING'), eb('lease_until', '<', now)])]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!due) return undefined;
  return trx
    .updateTable('study_videos')
    .set((eb) => ({ status: 'CONVERTING', attempts: eb('attempts', '+', 1), lease_until: leaseUntil }))
    .where('id', '=', due.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Hand a claimed video back (the server is stopping): waiting again, the attempt not counted. */
export async function releaseClaim(db: Db, videoId: string): Promise<void> {
  await db
    .updateTable('study_videos')
    .set((eb) => ({ status: 'UPLOADED', lease_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', videoId)
    .where('status', '=', 'CONVERTING')
    .execute();
}
