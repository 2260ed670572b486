/** All SQL of participant site transfers (decision E-site-transfers), and the simple participant list (E-119). */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import type { SiteTransferStatus } from '../../db/schema/site-transfers';

/** The study's sites with what a transfer needs: names, the sub-type (row checks), the status in each data space. */
export function studySites(db: Db, studyId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'site_code', 'site_sub_type', 'live_status', 'test_status'])
    .where('study_id', '=', studyId)
    .orderBy('name')
    .orderBy('site_code')
    .execute();
}
export type StudySiteRow = Awaited<ReturnType<typeof studySites>>[number];

export function insertTransfer(
  db: Db,
  row: {
    participantId: string;
    studyId: string;
    environment: Environment;
    fromSiteId: string;
    toSiteId: string;
    reason: string;
    by: string;
  },
) {
  return db
    .insertInto('site_transfers')
    .values({
      participant_id: row.participantId,
      study_id: row.studyId,
      environment: row.environment,
      from_site_id: row.fromSiteId,
      to_site_id: row.toSiteId,
      reason: row.reason,
      requested_by: row.by,
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** The participant's open request, if any, with the name of the site it asks for. */
export function findPendingTransferOf(db: Db, participantId: string) {
  return db
    .selectFrom('site_transfers as x')
    .innerJoin('sites as t', 't.id', 'x.to_site_id')
    .select(['x.id', 't.name as to_site_name'])
    .where('x.participant_id', '=', participantId)
    .where('x.status', '=', 'PENDING')
    .executeTakeFirst();
}

/** One transfer of the study's data space, without its joins (the checks before a write read this). */
export function findTransfer(db: Db, studyId: string, environment: Environment, transferId: string) {
  return db
    .selectFrom('site_transfers')
    .selectAll()
    .where('id', '=', transferId)
    .where('study_id', '=', studyId)
    .where('environment', '=', environment)
    .executeTakeFirst();
}

/** The transfer's row, locked until the transaction ends (two reviews cannot both pass the status check). */
export function lockTransfer(db: Db, transferId: string) {
  return db.selectFrom('site_transfers').selectAll().where('id', '=', transferId).forUpdate().executeTakeFirstOrThrow();
}

/** Closes a waiting request: approved, refused or cancelled, by whom and why. */
export async function closeTransfer(
  db: Db,
  transferId: string,
  close: { status: Exclude<SiteTransferStatus, 'PENDING'>; by: string; reason: string },
) {
  await db
    .updateTable('site_transfers')
    .set({ status: close.status, reviewed_by: close.by, reviewed_at: new Date(), review_reason: close.reason })
    .where('id', '=', transferId)
    .where('status', '=', 'PENDING')
    .execute();
}

/** Which transfers a read asks for: one, one participant's, or the study's (by status, from or to some sites). */
export type TransferSelection =
  | { transferId: string }
  | { participantId: string }
  | {
      studyId: string;
      environment: Environment;
      /** null: every status. */
      status: SiteTransferStatus | null;
      /** null: every site; else transfers from or to one of these. */
      siteIds: readonly string[] | null;
    };

function selected(db: Db, selection: TransferSelection) {
  let q = db.selectFrom('site_transfers as x');
  if ('transferId' in selection) return q.where('x.id', '=', selection.transferId);
  if ('participantId' in selection) return q.where('x.participant_id', '=', selection.participantId);
  q = q.where('x.study_id', '=', selection.studyId).where('x.environment', '=', selection.environment);
  if (selection.status) q = q.where('x.status', '=', selection.status);
  const { siteIds } = selection;
  if (siteIds === null) return q;
  if (siteIds.length === 0) return q.where(sql<SqlBool>`false`);
  return q.where((eb) => eb.or([eb('x.from_site_id', 'in', siteIds), eb('x.to_site_id', 'in', siteIds)]));
}

/** Transfers with what a screen shows of them (participant, sites, who asked and who closed them), newest first. */
export function transferRows(db: Db, selection: TransferSelection, page?: { offset: number; limit: number }) {
  let q = selected(db, selection)
    .innerJoin('participants as p', 'p.id', 'x.participant_id')
    .innerJoin('sites as f', 'f.id', 'x.from_site_id')
    .innerJoin('sites as t', 't.id', 'x.to_site_id')
    .innerJoin('users as r', 'r.id', 'x.requested_by')
    .leftJoin('users as v', 'v.id', 'x.reviewed_by')
    .selectAll('x')
    .select([
      'p.participant_code',
      'p.site_id as participant_site_id',
      'p.first_name',
      'p.last_name',
      'f.name as from_site_name',
      'f.site_code as from_site_code',
      't.name as to_site_name',
      't.site_code as to_site_code',
      'r.first_name as requester_first_name',
      'r.last_name as requester_last_name',
      'r.username as requester_username',
      'v.first_name as reviewer_first_name',
      'v.last_name as reviewer_last_name',
      'v.username as reviewer_username',
    ])
    .orderBy('x.requested_at', 'desc')
    .orderBy('x.id');
  if (page) q = q.offset(page.offset).limit(page.limit);
  return q.execute();
}
export type TransferRow = Awaited<ReturnType<typeof transferRows>>[number];

export async function countTransfers(db: Db, selection: TransferSelection) {
  const r = await selected(db, selection)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** `%` and `_` typed in a search are letters, not wildcards. */
const likePrefix = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The participants the caller's visibility predicate (access module, on aliases p and s) lets through whose
 * participant id starts with `search` (any case), by participant id; read from participants_list_code_search.
 */
export function simpleParticipants(db: Db, visible: Expression<SqlBool>, search: string, limit: number) {
  let q = db
    .selectFrom('participants as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .select(['p.id', 'p.participant_code', 'p.first_name', 'p.last_name'])
    .where(visible);
  if (search !== '') q = q.where(sql<SqlBool>`lower(p.participant_code) collate "C" like ${likePrefix(search)}`);
  return q.orderBy(sql`lower(p.participant_code) collate "C"`).limit(limit).execute();
}
