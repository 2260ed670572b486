/** The SQL of participants' records (decision E-participant-records): one participant's facts, duplicates, sites. */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import { participantLabelsJson } from '../participants/participant-labels.service';

/** One participant with their site, version and labels (the detail the profile and the edit form read). */
export function findParticipantDetail(db: Db, participantId: string) {
  return db
    .selectFrom('participants as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .leftJoin('study_versions as v', 'v.id', 'p.version_id')
    .selectAll('p')
    .select([
      's.name as site_name',
      's.site_code',
      's.country_id as site_country_id',
      'v.name as version_name',
      participantLabelsJson().as('labels'),
    ])
    .select(sql<string | null>`to_char(p.day_zero, 'YYYY-MM-DD')`.as('start_date'))
    .where('p.id', '=', participantId)
    .executeTakeFirst();
}
export type ParticipantDetailRow = NonNullable<Awaited<ReturnType<typeof findParticipantDetail>>>;

export interface DuplicateProbe {
  studyId: string;
  env: Environment;
  code?: string;
  /** Lower-cased. */
  email?: string;
  /** Digits only, with the country code's digits: matched against the stored code and number. */
  mobile?: { countryCode: string; number: string };
  except?: string;
}

/** Other participants of the data space with this id (any case), e-mail (any case) or phone number. */
export async function findDuplicates(db: Db, probe: DuplicateProbe) {
  const checks = [
    probe.code ? sql<SqlBool>`lower(participant_code) = ${probe.code.toLowerCase()}` : null,
    probe.email ? sql<SqlBool>`lower(email) = ${probe.email}` : null,
    probe.mobile
      ? sql<SqlBool>`(mobile = ${probe.mobile.number} and coalesce(mobile_country_code, '') = ${probe.mobile.countryCode})`
      : null,
  ].filter((c) => c !== null);
  if (checks.length === 0) return [];
  return db
    .selectFrom('participants')
    .select(['id', 'participant_code', 'email', 'mobile', 'mobile_country_code'])
    .where('study_id', '=', probe.studyId)
    .where('environment', '=', probe.env)
    .where((eb) => eb.or(checks.map((c) => eb.and([c]))))
    .$if(probe.except !== undefined, (q) => q.where('id', '<>', probe.except!))
    .orderBy('participant_code')
    .limit(20)
    .execute();
}

/** The study's sites with what adding a participant needs: code, country, whether they take participants now. */
export function studySitesForRecords(db: Db, studyId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'site_code', 'site_sub_type', 'country_id', 'live_status', 'test_status'])
    .where('study_id', '=', studyId)
    .orderBy('name')
    .execute();
}

/** The participants the caller sees (`visible`, over p and s) who were added and not invited yet, by id (E-073). */
export function findNotInvited(db: Db, visible: Expression<SqlBool>, limit: number) {
  return db
    .selectFrom('participants as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .select(['p.id', 'p.participant_code', 'p.first_name', 'p.last_name', 'p.email', 'p.email_unsubscribed_at'])
    .where('p.status', '=', 'NOTINVITED')
    .where(visible)
    .orderBy('p.participant_code')
    .limit(limit)
    .execute();
}
