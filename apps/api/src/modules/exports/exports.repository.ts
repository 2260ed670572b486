/** The exports area's SQL (issue 14, decision H-exports): export jobs, claimed under a lease. */
import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema/columns';
import type { ExportJobsTable, ExportKind } from '../../db/schema/exports';

const jobColumns = [
  'e.id',
  'e.study_id',
  'e.environment',
  'e.kind',
  'e.formats',
  'e.filters',
  'e.scope',
  'e.status',
  'e.rows_done',
  'e.rows_total',
  'e.attempts',
  'e.file_id',
  'e.token_hash',
  'e.expires_at',
  'e.error',
  'e.requested_by',
  'e.created_at',
  'e.finished_at',
  'f.file_name',
  'f.byte_size',
  'f.sha256',
  'u.username',
] as const;

function jobs(db: Db) {
  return db
    .selectFrom('export_jobs as e')
    .leftJoin('stored_files as f', 'f.id', 'e.file_id')
    .innerJoin('users as u', 'u.id', 'e.requested_by')
    .select(jobColumns)
    .select(sql<string>`trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`.as('requester'));
}
export type ExportJobRow = NonNullable<Awaited<ReturnType<typeof findExportJob>>>;

export async function insertExportJob(db: Db, row: Insertable<ExportJobsTable>): Promise<string> {
  const { id } = await db.insertInto('export_jobs').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findExportJob(db: Db, studyId: string, environment: Environment, id: string) {
  return jobs(db)
    .where('e.id', '=', id)
    .where('e.study_id', '=', studyId)
    .where('e.environment', '=', environment)
    .executeTakeFirst();
}

/** The exports a person asked for in a study's data space, newest first (the last 100). */
export function listExportJobs(db: Db, studyId: string, environment: Environment, userId: string, kind?: ExportKind) {
  let q = jobs(db)
    .where('e.study_id', '=', studyId)
    .where('e.environment', '=', environment)
    .where('e.requested_by', '=', userId);
  if (kind) q = q.where('e.kind', '=', kind);
  return q.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(100).execute();
}

/** The newest finished study data export of a data space whose file is still kept. */
export function findLatestStudyExport(db: Db, studyId: string, environment: Environment) {
  return db
    .selectFrom('export_jobs as e')
    .innerJoin('stored_files as f', 'f.id', 'e.file_id')
    .select(['e.id', 'e.file_id', 'f.file_name', 'f.byte_size', 'f.sha256', 'e.finished_at'])
    .where('e.study_id', '=', studyId)
    .where('e.environment', '=', environment)
    .where('e.kind', '=', 'STUDY_DATA')
    .where('e.status', '=', 'SUCCEEDED')
    .where('f.deleted_at', 'is', null)
    .orderBy('e.finished_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Claim the oldest export that is queued, or running under a lease that ran out (its worker died): it is RUNNING
 * under a new lease, its count of attempts one higher. Locked rows are skipped, so several workers never share one.
 */
export async function claimDueExport(trx: Db, now: Date, leaseUntil: Date) {
  const due = await trx
    .selectFrom('export_jobs')
    .select('id')
    .where((w) =>
      w.or([
        w.and([w('status', '=', 'QUEUED'), w.or([w('lease_until', 'is', null), w('lease_until', '<', now)])]),
        w.and([w('status', '=', 'RUNNING'), w('lease_until', '<', now)]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!due) return undefined;
  return trx
    .updateTable('export_jobs')
    .set((eb) => ({
      status: 'RUNNING',
      attempts: eb('attempts', '+', 1),
      lease_until: leaseUntil,
      started_at: eb.fn.coalesce('started_at', sql<Date>`${now}`),
      rows_done: 0,
    }))
    .where('id', '=', due.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Progress of a running export, and its lease moved on; false when it is no longer this worker's. */
export async function recordExportProgress(
  db: Db,
  id: string,
  attempt: number,
  progress: { rowsDone: number; rowsTotal: number | null; leaseUntil: Date },
): Promise<boolean> {
  const r = await db
    .updateTable('export_jobs')
    .set({ rows_done: progress.rowsDone, rows_total: progress.rowsTotal, lease_until: progress.leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function finishExportJob(
  db: Db,
  id: string,
  attempt: number,
  done: { fileId: string; rows: number; at: Date; expiresAt: Date },
): Promise<boolean> {
  const r = await db
    .updateTable('export_jobs')
    .set({
      status: 'SUCCEEDED',
      file_id: done.fileId,
      rows_done: done.rows,
      rows_total: done.rows,
      finished_at: done.at,
      expires_at: done.expiresAt,
      lease_until: null,
      error: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A failed attempt: queued again to be tried after `retryAt`, or FAILED after the last one. */
export async function failExportAttempt(
  db: Db,
  id: string,
  attempt: number,
  outcome: { error: string; final: boolean; at: Date; retryAt: Date },
) {
  const { error, final, at } = outcome;
  const r = await db
    .updateTable('export_jobs')
    .set({
      status: final ? 'FAILED' : 'QUEUED',
      error,
      lease_until: final ? null : outcome.retryAt,
      finished_at: final ? at : null,
    })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .where('attempts', '=', attempt)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
