/** All SQL of SFTP destinations and their transfers (decision H-sftp). */
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { endOfMillisecond } from '../../db/clock';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema/columns';
import type { SftpDestinationsTable, SftpTransfersTable } from '../../db/schema/sftp';

export type DestinationRow = Selectable<SftpDestinationsTable>;
export type TransferRow = Selectable<SftpTransfersTable>;

const personName = (alias: string) =>
  sql<string>`coalesce(nullif(trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, '')), ''), ${sql.ref(`${alias}.username`)}, '')`;

/** A study's destinations of a data space with who made and changed them. */
const destinationsOf = (db: Db, studyId: string, environment: Environment) =>
  db
    .selectFrom('sftp_destinations as d')
    .innerJoin('users as c', 'c.id', 'd.created_by')
    .leftJoin('users as u', 'u.id', 'd.updated_by')
    .selectAll('d')
    .select(personName('c').as('created_by_name'))
    .select(sql<string | null>`case when u.id is null then null else ${personName('u')} end`.as('updated_by_name'))
    .where('d.study_id', '=', studyId)
    .where('d.environment', '=', environment);

export type NamedDestinationRow = NonNullable<Awaited<ReturnType<typeof findDestination>>>;

export function studyDestinations(db: Db, studyId: string, environment: Environment) {
  return destinationsOf(db, studyId, environment).orderBy('d.created_at').orderBy('d.id').execute();
}

export async function findDestination(db: Db, studyId: string, environment: Environment, id: string, lock = false) {
  const q = destinationsOf(db, studyId, environment).where('d.id', '=', id);
  return (lock ? q.forUpdate('d') : q).executeTakeFirst();
}

/** A destination by id alone (the worker, which has no study in hand). */
export function destinationById(db: Db, id: string) {
  return db.selectFrom('sftp_destinations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertDestination(db: Db, row: Insertable<SftpDestinationsTable>) {
  return db.insertInto('sftp_destinations').values(row).execute();
}

export function updateDestination(db: Db, id: string, set: Updateable<SftpDestinationsTable>) {
  return db.updateTable('sftp_destinations').set(set).where('id', '=', id).execute();
}

/** Pin the host key seen, unless one is pinned already (a concurrent test, or a person's own). */
export async function pinHostKey(db: Db, id: string, key: { fingerprint: string; type: string }) {
  const r = await db
    .updateTable('sftp_destinations')
    .set({ host_key_fingerprint: key.fingerprint, host_key_type: key.type })
    .where('id', '=', id)
    .where('host_key_fingerprint', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Each destination's newest transfer. */
export async function lastTransfers(db: Db, destinationIds: readonly string[]) {
  if (!destinationIds.length) return [];
  const { rows } = await sql<TransferRow>`
    select distinct on (destination_id) * from sftp_transfers
    where destination_id = any(${sql.val([...destinationIds])}::uuid[])
    order by destination_id, created_at desc, id desc`.execute(db);
  return rows;
}

const transfersWithRequester = (db: Db) =>
  db
    .selectFrom('sftp_transfers as t')
    .leftJoin('users as r', 'r.id', 't.requested_by')
    .selectAll('t')
    .select(sql<string | null>`case when r.id is null then null else ${personName('r')} end`.as('requested_by_name'));

export type NamedTransferRow = NonNullable<Awaited<ReturnType<typeof findTransfer>>>;

export function findTransfer(db: Db, destinationId: string, transferId: string) {
  return transfersWithRequester(db)
    .where('t.destination_id', '=', destinationId)
    .where('t.id', '=', transferId)
    .executeTakeFirst();
}

export function transfersPage(db: Db, destinationId: string, page: { offset: number; limit: number }) {
  return transfersWithRequester(db)
    .where('t.destination_id', '=', destinationId)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function transferCount(db: Db, destinationId: string): Promise<number> {
  const r = await db
    .selectFrom('sftp_transfers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('destination_id', '=', destinationId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function insertTransfer(db: Db, row: Insertable<SftpTransfersTable>) {
  return db.insertInto('sftp_transfers').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Queued transfers of a destination that is disconnected: failed with the reason, their ids answered. */
export async function cancelQueuedTransfers(db: Db, destinationId: string, reason: string, at: Date) {
  const rows = await db
    .updateTable('sftp_transfers')
    .set({ status: 'FAILED', error: reason, finished_at: at, lease_until: null })
    .where('destination_id', '=', destinationId)
    .where('status', '=', 'QUEUED')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * A finished export of the study's data space with its stored file (a person may name one to send). The export's
 * own table: read here, not written (the exports area owns it).
 */
export function exportFileOf(db: Db, studyId: string, environment: Environment, exportId: string) {
  return db
    .selectFrom('export_jobs as e')
    .innerJoin('stored_files as f', 'f.id', 'e.file_id')
    .select(['e.id as export_id', 'f.id as file_id', 'f.file_name', 'f.byte_size', 'f.sha256'])
    .where('e.id', '=', exportId)
    .where('e.study_id', '=', studyId)
    .where('e.environment', '=', environment)
    .where('e.status', '=', 'SUCCEEDED')
    .where('f.deleted_at', 'is', null)
    .executeTakeFirst();
}

// ── the worker ──────────────────────────────────────────────────────────────────────────────────

/**
 * Claim the oldest transfer due: queued, or running under a lease that ended (its worker died). Its row is locked
 * (rows another worker holds are skipped), one attempt counted and leased until `leaseUntil`.
 */
export async function claimDueTransfer(trx: Db, now: Date, leaseUntil: Date) {
  const due = await trx
    .selectFrom('sftp_transfers')
    .select(['id', 'status'])
    .where((eb) =>
      eb.or([
        eb('status', '=', 'QUEUED'),
        eb.and([eb('status', '=', 'RUNNING'), eb('lease_until', '<', endOfMillisecond(now))]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!due) return undefined;
  const row = await trx
    .updateTable('sftp_transfers')
    .set((eb) => ({
      status: 'RUNNING',
      attempts: eb('attempts', '+', 1),
      lease_until: leaseUntil,
      started_at: now,
      bytes_sent: 0,
    }))
    .where('id', '=', due.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, wasRunning: due.status === 'RUNNING' };
}

/** Progress of a claimed transfer (and its lease extended), while the claim is still this worker's. */
export function recordProgress(db: Db, id: string, attempts: number, bytes: number, leaseUntil: Date) {
  return db
    .updateTable('sftp_transfers')
    .set({ bytes_sent: bytes, lease_until: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .where('attempts', '=', attempts)
    .execute();
}

/** The outcome of a claimed attempt; only while the claim is still this worker's. */
export async function recordOutcome(
  db: Db,
  id: string,
  attempts: number,
  outcome: { status: 'SUCCEEDED' | 'FAILED'; bytes: number; error: string | null; at: Date },
): Promise<boolean> {
  const r = await db
    .updateTable('sftp_transfers')
    .set({
      status: outcome.status,
      bytes_sent: outcome.bytes,
      error: outcome.error,
      finished_at: outcome.at,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'RUNNING')
    .where('attempts', '=', attempts)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The next destination whose schedule is due, locked (others skipped). */
export function claimDueSchedule(trx: Db, environment: Environment, now: Date) {
  return trx
    .selectFrom('sftp_destinations')
    .selectAll()
    .where('environment', '=', environment)
    .where('status', '=', 'ACTIVE')
    .where('next_run_at', 'is not', null)
    .where('next_run_at', '<', endOfMillisecond(now))
    .orderBy('next_run_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}
