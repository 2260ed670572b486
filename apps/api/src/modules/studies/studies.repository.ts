/** All SQL on studies, their sites, languages and countries. */
import type { STUDY_SORT_FIELDS } from '@trialpath/contract';
import type { StudyStatus } from '@trialpath/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';

export function findStudyById(db: Db, id: string) {
  return db.selectFrom('studies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findStudyByCode(db: Db, code: string) {
  return db
    .selectFrom('studies')
    .selectAll()
    .where((eb) => eb(eb.fn('upper', ['code']), '=', code.toUpperCase()))
    .executeTakeFirst();
}

const SORT_COLUMNS = {
  name: 's.name',
  code: 's.code',
  status: 's.status',
  createdAt: 's.created_at',
  updatedAt: 's.updated_at',
} as const satisfies Record<(typeof STUDY_SORT_FIELDS)[number], string>;

/** `%` and `_` in a search are literal characters, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface StudyListFilter {
  /** Which studies the caller may list: the access module's predicate on the `s` alias. */
  visible: Expression<SqlBool>;
  /** Which sites the caller may see (counted per study): the access module's predicate on the `site` alias. */
  visibleSites: Expression<SqlBool>;
  /** The caller, for the role column. */
  userId: string;
  search?: string;
  /** Only this status; without it, every status but DELETED (decision 0031). */
  status?: StudyStatus;
  sort: keyof typeof SORT_COLUMNS;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export async function listStudies(db: Db, f: StudyListFilter) {
  let base = db.selectFrom('studies as s').where(f.visible);
  base = f.status ? base.where('s.status', '=', f.status) : base.where('s.status', '<>', 'DELETED');
  const search = f.search?.trim();
  if (search) {
    const p = likePattern(search);
    base = base.where((eb) =>
      eb.or([eb('s.name', 'ilike', p), eb('s.code', 'ilike', p), eb('s.sponsor_name', 'ilike', p)]),
    );
  }
  // The total rides on the page query (a window count is taken before LIMIT/OFFSET): one round trip
  // instead of two. Only a page past the end, which has no row to carry it, asks for the count apart.
  const rows = await base
    .leftJoin('study_assignments as mine', (j) =>
      j.onRef('mine.study_id', '=', 's.id').on('mine.user_id', '=', f.userId),
    )
    .select([
      's.id',
      's.code',
      's.name',
      's.sponsor_name',
      's.status',
      's.created_at',
      's.updated_at',
      'mine.role as my_role',
      (eb) =>
        eb
          .selectFrom('sites as site')
          .select((e) => e.fn.countAll<number>().as('c'))
          .whereRef('site.study_id', '=', 's.id')
          .where(f.visibleSites)
          .as('site_count'),
      sql<number>`count(*) over ()`.as('total_count'),
    ])
    .orderBy(SORT_COLUMNS[f.sort], f.order)
    .orderBy('s.id')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  if (rows.length > 0) return { total: Number(rows[0]!.total_count), rows };
  if (f.page === 1) return { total: 0, rows };
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { total: Number(totalRow.n), rows };
}

export function listSitesOfStudy(db: Db, studyId: string) {
  return db
    .selectFrom('sites as s')
    .innerJoin('countries as c', 'c.id', 's.country_id')
    .select(['s.id', 's.site_code', 's.name', 's.site_sub_type', 's.country_id', 'c.name as country_name'])
    .where('s.study_id', '=', studyId)
    .orderBy('s.site_code')
    .execute();
}

export function listStudyLanguages(db: Db, studyId: string) {
  return db
    .selectFrom('study_languages as sl')
    .innerJoin('languages as l', 'l.id', 'sl.language_id')
    .select(['l.id', 'l.display_name', 'sl.is_default'])
    .where('sl.study_id', '=', studyId)
    .orderBy('sl.is_default', 'desc')
    .orderBy('l.id')
    .execute();
}

export function listStudyCountries(db: Db, studyId: string) {
  return db
    .selectFrom('study_countries as sc')
    .innerJoin('countries as c', 'c.id', 'sc.country_id')
    .select(['c.id', 'c.name', 'c.iso_code3', 'c.active', 'c.sort_order', 'sc.is_default'])
    .where('sc.study_id', '=', studyId)
    .orderBy('c.sort_order')
    .orderBy('c.name')
    .execute();
}

/** The platform's countries (active ones) and languages, for the portal before a study is known. */
export function listActiveCountries(db: Db) {
  return db
    .selectFrom('countries')
    .select(['id', 'name', 'iso_code3', 'active', 'sort_order'])
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

export function listLanguages(db: Db) {
  return db.selectFrom('languages').select(['id', 'display_name']).orderBy('id').execute();
}

export function findCountry(db: Db, id: string) {
  return db.selectFrom('countries').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findLanguage(db: Db, id: string) {
  return db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Point the study's live data space at a version (make live). */
export async function setLiveVersion(db: Db, studyId: string, versionId: string) {
  await db.updateTable('studies').set({ live_version_id: versionId }).where('id', '=', studyId).execute();
}

/** The versions the study's two data spaces run; with `lock`, the row stays locked until the transaction ends. */
export function findVersionPointers(db: Db, studyId: string, lock: boolean) {
  const q = db.selectFrom('studies').select(['test_version_id', 'live_version_id']).where('id', '=', studyId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

/** Point the study's test data space at a version (the draft being built). */
export async function setTestVersion(db: Db, studyId: string, versionId: string | null) {
  await db.updateTable('studies').set({ test_version_id: versionId }).where('id', '=', studyId).execute();
}
