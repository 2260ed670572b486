/**
 * All SQL on participants. Environment-scoped: every lookup that serves a request takes the
 * request's environment, so TEST participants never appear in LIVE and the reverse.
 */
import { type Expression, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { type KeyedRead, readByKey, uuidsOnly } from '../../kernel/keyed-read';
import type { Environment, ParticipantsTable } from '../../db/schema';

export type ParticipantRow = Selectable<ParticipantsTable>;

/** By primary key only: used to authenticate a participant's own token (its env is in the row). */
export function findParticipantById(db: Db, id: string) {
  return db.selectFrom('participants').selectAll().where('id', '=', id).executeTakeFirst();
}

type ParticipantIdentity = Pick<ParticipantRow, 'id' | 'study_id' | 'site_id' | 'environment'>;

const PARTICIPANT_IDENTITY: KeyedRead<string, ParticipantIdentity> = {
  async load(db, ids) {
    const rows = await db
      .selectFrom('participants')
      .select(['id', 'study_id', 'site_id', 'environment'])
      .where('id', '=', sql<string>`any(${uuidsOnly(ids)}::uuid[])`)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },
};

/**
 * Who a participant's token names, as the guard needs it on every request (a narrow read, together with the
 * participants other requests ask for at the same moment).
 */
export function findParticipantIdentity(db: Db, id: string) {
  return readByKey(db, PARTICIPANT_IDENTITY, id);
}

/** What answering activities and deciding consents need of these participants (one read for many). */
export function findParticipantFacts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participants')
    .select([
      'id',
      'participant_code',
      'study_id',
      'version_id',
      'cohort_id',
      'language',
      'time_zone',
      'activities_disabled',
    ])
    .where('id', 'in', ids)
    .execute();
}

/** One participant, if the caller's visibility predicate (access module, on aliases p and s) lets it through. */
export function findVisibleParticipant(db: Db, participantId: string, visible: Expression<SqlBool>) {
  return db
    .selectFrom('participants as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .selectAll('p')
    .select(['s.site_sub_type', 's.site_code'])
    .where('p.id', '=', participantId)
    .where(visible)
    .executeTakeFirst();
}

export function findParticipantByUsername(db: Db, studyId: string, username: string, env: Environment) {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.trim().toLowerCase()))
    .executeTakeFirst();
}

export function findParticipantForUpdate(db: Db, id: string) {
  return db.selectFrom('participants').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function listParticipantsByEmail(db: Db, studyId: string, email: string, env: Environment) {
  return db
    .selectFrom('participants')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('environment', '=', env)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .execute();
}

export async function updateParticipant(db: Db, id: string, values: Updateable<ParticipantsTable>) {
  return db
    .updateTable('participants')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ── schedule facts (decision 0044): the day zero as 'YYYY-MM-DD' text, whatever the driver does with dates ──

const scheduleColumns = ['id', 'participant_code', 'study_id', 'environment', 'time_zone', 'version_id'] as const;

export function findParticipantSchedule(db: Db, id: string) {
  return (
    db
      .selectFrom('participants')
      .select(scheduleColumns)
      .select([
        'start_confirmed_at',
        'start_pi_confirmed_at',
        'start_rescheduled',
        'activities_disabled',
        'notifications_disabled',
      ])
      .select(sql<string | null>`to_char(day_zero, 'YYYY-MM-DD')`.as('day_zero'))
      .select('status')
      // when they reached their current status (E-050: a participant who left stays on that day)
      .select((eb) =>
        eb
          .selectFrom('participant_status_changes as c')
          .select((c) => c.fn.max('c.changed_at').as('at'))
          .whereRef('c.participant_id', '=', 'participants.id')
          .whereRef('c.to_status', '=', 'participants.status')
          .as('status_since'),
      )
      .where('id', '=', id)
      .executeTakeFirst()
  );
}

export interface VersionBatch {
  studyId: string;
  environment: Environment;
  versionId: string;
  /** Only this participant (a job about one person). */
  participantId: string | null;
  /** Resume after this id (the job's cursor). */
  after: string | null;
  limit: number;
}

function onVersion(db: Db, b: Omit<VersionBatch, 'after' | 'limit'>) {
  let q = db
    .selectFrom('participants')
    .where('study_id', '=', b.studyId)
    .where('environment', '=', b.environment)
    .where('version_id', '=', b.versionId);
  if (b.participantId) q = q.where('id', '=', b.participantId);
  return q;
}

/** The next batch of participants on a version, in id order after the cursor. */
export function participantBatchOnVersion(db: Db, b: VersionBatch) {
  let q = onVersion(db, b)
    .select(scheduleColumns)
    .select(sql<string | null>`to_char(day_zero, 'YYYY-MM-DD')`.as('day_zero'));
  if (b.after) q = q.where('id', '>', b.after);
  return q.orderBy('id').limit(b.limit).execute();
}

export async function countParticipantsOnVersion(db: Db, b: Omit<VersionBatch, 'after' | 'limit'>) {
  const r = await onVersion(db, b)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Ids of the participants that pass the caller's visibility predicate (aliases p and s), optionally at one site. */
export async function visibleParticipantIds(
  db: Db,
  visible: Expression<SqlBool>,
  filter: { ids?: readonly string[]; siteId?: string; activitiesEnabled?: boolean },
) {
  let q = db.selectFrom('participants as p').innerJoin('sites as s', 's.id', 'p.site_id').select('p.id').where(visible);
  if (filter.ids) q = filter.ids.length ? q.where('p.id', 'in', filter.ids) : q.where(sql<boolean>`false`);
  if (filter.siteId) q = q.where('p.site_id', '=', filter.siteId);
  if (filter.activitiesEnabled) q = q.where('p.activities_disabled', '=', false);
  return (await q.execute()).map((r) => r.id);
}
