/** All SQL of the participant's site screen (D-072…D-074): the participant's site and its principal investigator. */
import type { Db } from '../../db/database';

/** A site of a study with its country's stored (English) name. */
export function findStudySite(db: Db, studyId: string, siteId: string) {
  return db
    .selectFrom('sites as s')
    .innerJoin('countries as c', 'c.id', 's.country_id')
    .select([
      's.id',
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
    ])
    .where('s.study_id', '=', studyId)
    .where('s.id', '=', siteId)
    .executeTakeFirst();
}
export type StudySiteRow = NonNullable<Awaited<ReturnType<typeof findStudySite>>>;

/**
 * The site's principal investigator: an active account with an active Pi assignment in the study and an active
 * assignment at the site (a deactivated membership gives no access, decision 0032, so it names nobody either).
 * Should a site have more than one, the one assigned there first answers, so the answer does not change
 * from call to call.
 */
export function findPrincipalInvestigator(db: Db, studyId: string, siteId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('study_assignments as sa', 'sa.user_id', 'u.id')
    .innerJoin('site_assignments as a', 'a.user_id', 'u.id')
    .select(['u.first_name', 'u.last_name', 'u.phone_number'])
    .where('u.status', '=', 'ACTIVE')
    .where('sa.study_id', '=', studyId)
    .where('sa.role', '=', 'Pi')
    .where('sa.active', '=', true)
    .where('a.site_id', '=', siteId)
    .where('a.active', '=', true)
    .orderBy('a.created_at')
    .orderBy('u.id')
    .limit(1)
    .executeTakeFirst();
}
