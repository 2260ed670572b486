/** Recordings of video calls and their pieces (migration 202612130100_telehealth_recordings.sql, decision F-recording). */
import { OPEN_RECORDING_STATES } from '@trialpath/domain';
import type { Expression, Insertable, Selectable, SqlBool, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { TelehealthRecordingsTable } from '../../db/schema/telehealth';

export type RecordingRow = Selectable<TelehealthRecordingsTable> & {
  participant_code: string;
  holder_first_name: string | null;
  holder_last_name: string | null;
};

function recordingQuery(db: Db) {
  return db
    .selectFrom('telehealth_recordings as r')
    .innerJoin('participants as p', 'p.id', 'r.participant_id')
    .innerJoin('users as u', 'u.id', 'r.created_by')
    .selectAll('r')
    .select(['p.participant_code', 'u.first_name as holder_first_name', 'u.last_name as holder_last_name']);
}

export function recordingById(db: Db, id: string, lock = false): Promise<RecordingRow | undefined> {
  const q = recordingQuery(db).where('r.id', '=', id);
  return (lock ? q.forUpdate('r') : q).executeTakeFirst();
}

/** The call's open recording (asked for, waiting for consent, or recording), if any. */
export function openRecordingOf(db: Db, callId: string, lock = false): Promise<RecordingRow | undefined> {
  const q = recordingQuery(db).where('r.call_id', '=', callId).where('r.state', 'in', OPEN_RECORDING_STATES);
  return (lock ? q.forUpdate('r') : q).executeTakeFirst();
}

/** Recordings of the study in a data space that the predicate over `p` (participant) and `s` (site) lets through. */
export function studyRecordings(
  db: Db,
  studyId: string,
  env: 'LIVE' | 'TEST',
  visible: Expression<SqlBool>,
  filter: { participantId?: string; appointmentId?: string; recordingId?: string },
) {
  let q = recordingQuery(db)
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .where('r.study_id', '=', studyId)
    .where('r.environment', '=', env)
    .where(visible);
  if (filter.participantId) q = q.where('r.participant_id', '=', filter.participantId);
  if (filter.appointmentId) q = q.where('r.appointment_id', '=', filter.appointmentId);
  if (filter.recordingId) q = q.where('r.id', '=', filter.recordingId);
  return q.orderBy('r.created_at').orderBy('r.id').execute();
}

export function insertRecording(db: Db, row: Insertable<TelehealthRecordingsTable>) {
  return db.insertInto('telehealth_recordings').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateRecording(db: Db, id: string, values: Updateable<TelehealthRecordingsTable>) {
  return db.updateTable('telehealth_recordings').set(values).where('id', '=', id).execute();
}

/** Requests the participant has not answered since `before`. */
export function overdueRequests(db: Db, before: Date) {
  return db
    .selectFrom('telehealth_recordings')
    .select('id')
    .where('state', '=', 'REQUESTED')
    .where('permission_requested_at', '<=', before)
    .orderBy('permission_requested_at')
    .limit(100)
    .execute();
}

/** Stopped recordings whose holder never sent the last piece (their tab closed): they are put together as they are. */
export function abandonedUploads(db: Db, endedBefore: Date) {
  return db
    .selectFrom('telehealth_recordings')
    .select('id')
    .where('media_state', '=', 'RECEIVING')
    .where('state', '<>', 'RECORDING')
    .where('ended_at', '<=', endedBefore)
    .limit(100)
    .execute();
}

/** Claims one recording to put together (not claimed, or its claim lapsed): one attempt counted, leased. */
export async function claimRecordingToProcess(db: Db, now: Date, leaseUntil: Date) {
  const due = await db
    .selectFrom('telehealth_recordings')
    .select('id')
    .where('media_state', '=', 'PROCESSING')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('ended_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!due) return null;
  await db
    .updateTable('telehealth_recordings')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), lease_until: leaseUntil }))
    .where('id', '=', due.id)
    .execute();
  return (await recordingById(db, due.id))!;
}

export function insertChunk(db: Db, recordingId: string, seq: number, data: Uint8Array) {
  return db.insertInto('telehealth_recording_chunks').values({ recording_id: recordingId, seq, data }).execute();
}

/** The pieces' bytes in order, a few at a time (a long recording is never read whole into memory). */
export async function* chunksOf(db: Db, recordingId: string, batch = 16): AsyncGenerator<Uint8Array> {
  let from = 0;
  for (;;) {
    const rows = await db
      .selectFrom('telehealth_recording_chunks')
      .select(['seq', 'data'])
      .where('recording_id', '=', recordingId)
      .where('seq', '>=', from)
      .orderBy('seq')
      .limit(batch)
      .execute();
    for (const r of rows) yield r.data;
    if (rows.length < batch) return;
    from = rows[rows.length - 1]!.seq + 1;
  }
}

export function deleteChunks(db: Db, recordingId: string) {
  return db.deleteFrom('telehealth_recording_chunks').where('recording_id', '=', recordingId).execute();
}

/** The byte count as a number (bigint columns come back as text). */
export const byteSizeOf = (row: Pick<RecordingRow, 'byte_size'>) => Number(row.byte_size);
