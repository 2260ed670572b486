/**
 * The SQL of the study build area (decision 0031): the study rows it creates, edits, moves along the
 * lifecycle, approves and launches, their languages and countries, the creator's assignment, and the
 * few facts it reads for launch readiness (sites counted, reference languages and countries).
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { StudiesTable } from '../../db/schema/studies';

export function findStudyById(db: Db, id: string) {
  return db.selectFrom('studies').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSitesOfStudy(db: Db, studyId: string) {
  return db.selectFrom('sites').select(['id', 'site_sub_type']).where('study_id', '=', studyId).execute();
}

/** Point the study's live data space at a version (the launch, when none was made live before). */
export async function setLiveVersion(db: Db, studyId: string, versionId: string) {
  await db.updateTable('studies').set({ live_version_id: versionId }).where('id', '=', studyId).execute();
}

// ── studies themselves: create, edit, lifecycle, approvals (decision 0031) ─────────────────────────

export type StudyInsert = Insertable<StudiesTable>;
export type StudyUpdate = Updateable<StudiesTable>;

export function insertStudy(db: Db, s: StudyInsert) {
  return db.insertInto('studies').values(s).returningAll().executeTakeFirstOrThrow();
}

/** The study row locked until the transaction ends (one edit, status change or launch at a time). */
export function lockStudy(db: Db, id: string) {
  return db.selectFrom('studies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Update the study's own fields; every change moves its revision on and stamps updated_at. */
export function updateStudyRow(db: Db, id: string, set: StudyUpdate) {
  return db
    .updateTable('studies')
    .set((eb) => ({ ...set, revision: eb('revision', '+', 1), updated_at: new Date() }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Whether a study of any client has this code, whatever its case (codes are public: portal addresses). */
export async function isStudyCodeTaken(db: Db, code: string, exceptId?: string) {
  let q = db
    .selectFrom('studies')
    .select('id')
    .where((eb) => eb(eb.fn('upper', ['code']), '=', code.toUpperCase()));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Replace the study's languages (the first is its default). */
export async function replaceStudyLanguages(db: Db, studyId: string, languages: readonly string[]) {
  await db.deleteFrom('study_languages').where('study_id', '=', studyId).execute();
  if (languages.length === 0) return;
  await db
    .insertInto('study_languages')
    .values(languages.map((language_id, i) => ({ study_id: studyId, language_id, is_default: i === 0 })))
    .execute();
}

/** Replace the study's countries (the first is its default). */
export async function replaceStudyCountries(db: Db, studyId: string, countries: readonly string[]) {
  await db.deleteFrom('study_countries').where('study_id', '=', studyId).execute();
  if (countries.length === 0) return;
  await db
    .insertInto('study_countries')
    .values(countries.map((country_id, i) => ({ study_id: studyId, country_id, is_default: i === 0 })))
    .execute();
}

export function listLanguageRows(db: Db) {
  return db.selectFrom('languages').selectAll().orderBy('id').execute();
}

export function listActiveCountries(db: Db) {
  return db
    .selectFrom('countries')
    .selectAll()
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy('name')
    .execute();
}

/** Which of these language ids / country ids exist (and, for countries, are active). */
export async function knownLanguages(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db.selectFrom('languages').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function knownCountries(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('countries')
    .select('id')
    .where('id', 'in', ids)
    .where('active', '=', true)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** The study's sites, counted (readiness: a study with no site cannot launch). */
export async function countSitesOfStudy(db: Db, studyId: string) {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('study_id', '=', studyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The creator of a study is its first StudyAdmin (without it nobody but a platform admin could open it). */
export async function assignCreator(db: Db, a: { userId: string; studyId: string; role: string }) {
  await db
    .insertInto('study_assignments')
    .values({ user_id: a.userId, study_id: a.studyId, role: a.role })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** People's display names by id (who approved, launched). */
export async function peopleNames(db: Db, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((i): i is string => !!i))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim() || u.username]));
}
