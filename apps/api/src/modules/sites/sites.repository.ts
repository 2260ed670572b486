/**
 * All SQL of the sites area (decision 0032): sites, the global site settings, and the team
 * memberships — study assignments and site assignments — that the team screens change. The users
 * area reads the same memberships to authenticate each request (only active ones count there).
 */
import type { AppEnvironment } from '@trialpath/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** `%` and `_` in a search are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SITE_COLUMNS = [
  's.id',
  's.study_id',
  's.site_code',
  's.name',
  's.site_sub_type',
  's.country_id',
  'c.name as country_name',
  's.address',
  's.city',
  's.state',
  's.postal_code',
  's.contact_name',
  's.contact_email',
  's.contact_phone',
  's.test_status',
  's.live_status',
  's.updated_at',
] as const;

function sitesQuery(db: Db) {
  return db
    .selectFrom('sites as s')
    .innerJoin('countries as c', 'c.id', 's.country_id')
    .select(SITE_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('site_assignments as a')
        .innerJoin('study_assignments as sa', (j) =>
          j.onRef('sa.user_id', '=', 'a.user_id').onRef('sa.study_id', '=', 's.study_id'),
        )
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('a.site_id', '=', 's.id')
        .where('a.active', '=', true)
        .where('sa.active', '=', true)
        .as('team_size'),
    );
}

export type SiteRow = Awaited<ReturnType<typeof findSite>> & object;

export function findSite(db: Db, studyId: string, siteId: string) {
  return sitesQuery(db).where('s.study_id', '=', studyId).where('s.id', '=', siteId).executeTakeFirst();
}

export function findSiteForUpdate(db: Db, studyId: string, siteId: string) {
  return db
    .selectFrom('sites')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('id', '=', siteId)
    .forUpdate()
    .executeTakeFirst();
}

/** The study's sites, narrowed to `visible` (null: all), searched by name or code. */
export async function listSites(
  db: Db,
  f: { studyId: string; visible: readonly string[] | null; search?: string; page: number; pageSize: number },
) {
  let q = sitesQuery(db).where('s.study_id', '=', f.studyId);
  if (f.visible !== null) {
    if (f.visible.length === 0) return { total: 0, rows: [] };
    q = q.where('s.id', 'in', f.visible);
  }
  const search = f.search?.trim();
  if (search) {
    const p = likePattern(search);
    q = q.where((eb) => eb.or([eb('s.name', 'ilike', p), eb('s.site_code', 'ilike', p), eb('c.name', 'ilike', p)]));
  }
  const rows = await q
    .select(sql<number>`count(*) over ()`.as('total_count'))
    .orderBy('s.site_code')
    .orderBy('s.id')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { total: rows.length ? Number(rows[0]!.total_count) : 0, rows };
}

/** Ids and sub-types of every site of a study (the access module filters them). */
export function listSiteRefs(db: Db, studyId: string) {
  return db.selectFrom('sites').select(['id', 'site_sub_type']).where('study_id', '=', studyId).execute();
}

/** Every site of the study with its details, by code (what a published version records). */
export function listSiteDetails(db: Db, studyId: string) {
  return db.selectFrom('sites').selectAll().where('study_id', '=', studyId).orderBy('site_code').execute();
}

export function siteCodeTaken(db: Db, studyId: string, code: string, exceptId?: string) {
  let q = db
    .selectFrom('sites')
    .select('id')
    .where('study_id', '=', studyId)
    .where((eb) => eb(eb.fn('upper', ['site_code']), '=', code.toUpperCase()));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

export function countryExists(db: Db, id: string) {
  return db.selectFrom('countries').select('id').where('id', '=', id).executeTakeFirst();
}

export interface SiteValues {
  site_code: string;
  name: string;
  country_id: string;
  site_sub_type: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
}

export async function insertSite(db: Db, studyId: string, values: SiteValues): Promise<string> {
  const row = await db
    .insertInto('sites')
    .values({ ...values, study_id: studyId, test_status: 'ACTIVE', live_status: 'PENDING' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSiteRow(db: Db, siteId: string, values: SiteValues): Promise<void> {
  await db
    .updateTable('sites')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', siteId)
    .execute();
}

export async function updateSiteStatusRow(db: Db, siteId: string, env: AppEnvironment, status: string) {
  await db
    .updateTable('sites')
    .set(
      env === 'TEST'
        ? { test_status: status, updated_at: new Date() }
        : { live_status: status, updated_at: new Date() },
    )
    .where('id', '=', siteId)
    .execute();
}

// ── global site settings ─────────────────────────────────────────────────────────────────────

export function findSiteSettings(db: Db, studyId: string, lock = false) {
  const q = db.selectFrom('study_site_settings').selectAll().where('study_id', '=', studyId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export async function upsertSiteSettings(
  db: Db,
  studyId: string,
  v: { addParticipant: boolean; document: boolean; downloadEsource: boolean },
) {
  const values = {
    is_add_participant_global_setting_enabled: v.addParticipant,
    is_document_global_setting_enabled: v.document,
    is_download_esource_docs_enabled: v.downloadEsource,
    updated_at: new Date(),
  };
  return db
    .insertInto('study_site_settings')
    .values({ study_id: studyId, ...values })
    .onConflict((oc) => oc.column('study_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ── team memberships ─────────────────────────────────────────────────────────────────────────

export interface TeamFilter {
  studyId: string;
  clientId: string;
  /** Roles to keep (null: every role). */
  roles: readonly string[] | null;
  /** Members at one of these sites only (null: no site filter). */
  atSites: readonly string[] | null;
  search?: string;
  page: number;
  pageSize: number;
}

export async function listTeam(db: Db, f: TeamFilter) {
  let q = db
    .selectFrom('study_assignments as sa')
    .innerJoin('users as u', 'u.id', 'sa.user_id')
    .where('sa.study_id', '=', f.studyId)
    .where('u.client_id', '=', f.clientId);
  if (f.roles !== null) {
    if (f.roles.length === 0) return { total: 0, rows: [] };
    q = q.where('sa.role', 'in', f.roles);
  }
  if (f.atSites !== null) {
    if (f.atSites.length === 0) return { total: 0, rows: [] };
    const sites = f.atSites;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('site_assignments as a')
          .select('a.id')
          .whereRef('a.user_id', '=', 'sa.user_id')
          .where('a.site_id', 'in', sites),
      ),
    );
  }
  const search = f.search?.trim();
  if (search) {
    const p = likePattern(search);
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', p),
        eb('u.email', 'ilike', p),
        eb('u.username', 'ilike', p),
      ]),
    );
  }
  const rows = await q
    .select([
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.email',
      'u.status as account_status',
      'sa.role',
      'sa.active',
      'sa.read_only',
      sql<number>`count(*) over ()`.as('total_count'),
    ])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { total: rows.length ? Number(rows[0]!.total_count) : 0, rows };
}

export type TeamRow = Awaited<ReturnType<typeof listTeam>>['rows'][number];

export function findMember(db: Db, studyId: string, userId: string, clientId: string) {
  return db
    .selectFrom('study_assignments as sa')
    .innerJoin('users as u', 'u.id', 'sa.user_id')
    .select([
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.username',
      'u.email',
      'u.status as account_status',
      'sa.role',
      'sa.active',
      'sa.read_only',
      sql<number>`1`.as('total_count'),
    ])
    .where('sa.study_id', '=', studyId)
    .where('sa.user_id', '=', userId)
    .where('u.client_id', '=', clientId)
    .executeTakeFirst();
}

/** The site memberships of these users in a study (for the team list). */
export function listSiteMemberships(db: Db, studyId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('site_assignments as a')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select(['a.id', 'a.user_id', 'a.site_id', 'a.active', 'a.blinded', 's.site_code', 's.name'])
    .where('s.study_id', '=', studyId)
    .where('a.user_id', 'in', userIds)
    .orderBy('s.site_code')
    .execute();
}

/** A site's team: its memberships with the people and their study roles. */
export function listSiteTeam(db: Db, studyId: string, siteId: string) {
  return db
    .selectFrom('site_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('study_assignments as sa', (j) =>
      j.onRef('sa.user_id', '=', 'a.user_id').on('sa.study_id', '=', studyId),
    )
    .select([
      'a.id',
      'a.user_id',
      'a.active',
      'a.blinded',
      'sa.active as study_active',
      'sa.role',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.status as account_status',
    ])
    .where('a.site_id', '=', siteId)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

export function findSiteMembership(db: Db, siteId: string, userId: string) {
  return db
    .selectFrom('site_assignments')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertStudyMembership(db: Db, v: { userId: string; studyId: string; role: string }) {
  await db.insertInto('study_assignments').values({ user_id: v.userId, study_id: v.studyId, role: v.role }).execute();
}

export async function insertSiteMembership(db: Db, v: { userId: string; siteId: string; blinded: boolean }) {
  await db
    .insertInto('site_assignments')
    .values({ user_id: v.userId, site_id: v.siteId, blinded: v.blinded })
    .execute();
}

export async function updateStudyMembership(
  db: Db,
  studyId: string,
  userId: string,
  values: { active?: boolean; role?: string },
) {
  await db
    .updateTable('study_assignments')
    .set(values)
    .where('study_id', '=', studyId)
    .where('user_id', '=', userId)
    .execute();
}

export async function updateSiteMembership(
  db: Db,
  siteId: string,
  userId: string,
  values: { active?: boolean; blinded?: boolean },
) {
  await db
    .updateTable('site_assignments')
    .set(values)
    .where('site_id', '=', siteId)
    .where('user_id', '=', userId)
    .execute();
}

/** Lock the study membership row for the rest of the transaction. */
export function lockStudyMembership(db: Db, studyId: string, userId: string) {
  return db
    .selectFrom('study_assignments')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}
