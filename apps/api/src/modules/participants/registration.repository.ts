/**
 * The SQL of portal registration on participants (decisions D-055…D-058): the username and e-mail address
 * checks, the site an open-enrolment participant joins, the next participant number at a site, the new
 * participant's row. Environment-scoped where a request's data space applies.
 */
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment, ParticipantsTable } from '../../db/schema';

/** Holds a transaction-long lock on a key (e-mail of a study, a site's numbering): racing registrations queue. */
export async function lockKey(db: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(db);
}

/** A participant of the study with this username, in either data space (the unique index spans both). */
export function findParticipantWithUsername(db: Db, studyId: string, username: string) {
  return db
    .selectFrom('participants')
    .select(['id', 'environment'])
    .where('study_id', '=', studyId)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();
}

/** Participants of the study's data space with this e-mail address (case-insensitive), but one. */
export function findOthersWithEmail(db: Db, studyId: string, env: Environment, email: string, except: string | null) {
  let q = db
    .selectFrom('participants')
    .select(['id', 'status'])
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()));
  if (except) q = q.where('id', '!=', except);
  return q.execute();
}

/**
 * The study's sites that take participants in this data space (status ACTIVE), in a country, each with its
 * number of participants there: fewest first, then by site code.
 */
export function enrollingSites(db: Db, studyId: string, env: Environment, countryId: string) {
  const status = env === 'TEST' ? 's.test_status' : 's.live_status';
  return db
    .selectFrom('sites as s')
    .select(['s.id', 's.site_code', 's.country_id'])
    .select((eb) =>
      eb
        .selectFrom('participants as p')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('p.site_id', '=', 's.id')
        .where('p.environment', '=', env)
        .as('participants'),
    )
    .where('s.study_id', '=', studyId)
    .where('s.country_id', '=', countryId)
    .where(sql.ref(status), '=', 'ACTIVE')
    .orderBy('participants')
    .orderBy('s.site_code')
    .execute();
}

/** The participant codes of a site's participants in a data space that start with `prefix` (for the next number). */
export async function codesAtSite(db: Db, studyId: string, env: Environment, prefix: string) {
  const rows = await db
    .selectFrom('participants')
    .select('participant_code')
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .where('participant_code', 'like', `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .execute();
  return rows.map((r) => r.participant_code);
}

export function insertParticipant(db: Db, row: Insertable<ParticipantsTable>) {
  return db.insertInto('participants').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A site of the study by id: its code and country (an invited participant's site). */
export function findSiteOf(db: Db, studyId: string, siteId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'site_code', 'country_id'])
    .where('study_id', '=', studyId)
    .where('id', '=', siteId)
    .executeTakeFirst();
}
