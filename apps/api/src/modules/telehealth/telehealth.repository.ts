/**
 * All SQL of the telehealth area (telehealth_availability, appointments; decision F-appointments), and the reads of
 * the participants, tasks, sites and staff an appointment is shown with.
 */
import { FINAL_APPOINTMENT_STATES } from '@trialpath/domain';
import { type Expression, type Insertable, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import type { AppointmentsTable, TelehealthAvailabilityTable } from '../../db/schema/telehealth';

export type AvailabilityRow = Selectable<TelehealthAvailabilityTable>;
type AppointmentRecord = Selectable<AppointmentsTable>;

const FINAL = [...FINAL_APPOINTMENT_STATES];

// ── sites and team ──────────────────────────────────────────────────────────────────────────────

export function studySites(db: Db, studyId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'site_sub_type', 'site_code', 'name'])
    .where('study_id', '=', studyId)
    .orderBy('site_code')
    .execute();
}

/** Active staff assigned (study and site, both active) to these sites of the study, with their study role. */
export function siteStaff(db: Db, studyId: string, siteIds: readonly string[]) {
  if (siteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users as u')
    .innerJoin('study_assignments as sa', 'sa.user_id', 'u.id')
    .innerJoin('site_assignments as a', 'a.user_id', 'u.id')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.realm', 'sa.role', 'a.site_id'])
    .where('sa.study_id', '=', studyId)
    .where('sa.active', '=', true)
    .where('a.active', '=', true)
    .where('u.status', '=', 'ACTIVE')
    .where('s.study_id', '=', studyId)
    .where('s.id', 'in', [...siteIds])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .execute();
}

export function userNames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export function studyName(db: Db, studyId: string) {
  return db.selectFrom('studies').select(['name', 'code']).where('id', '=', studyId).executeTakeFirstOrThrow();
}

// ── availability ────────────────────────────────────────────────────────────────────────────────

export function availabilityOf(db: Db, studyId: string, siteIds: readonly string[]): Promise<AvailabilityRow[]> {
  if (siteIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('telehealth_availability')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('site_id', 'in', [...siteIds])
    .execute();
}

export function findAvailability(
  db: Db,
  key: { studyId: string; siteId: string; userId: string },
  lock = false,
): Promise<AvailabilityRow | undefined> {
  const q = db
    .selectFrom('telehealth_availability')
    .selectAll()
    .where('study_id', '=', key.studyId)
    .where('site_id', '=', key.siteId)
    .where('user_id', '=', key.userId);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}

export function saveAvailability(db: Db, row: Insertable<TelehealthAvailabilityTable>): Promise<AvailabilityRow> {
  return db
    .insertInto('telehealth_availability')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['study_id', 'site_id', 'user_id']).doUpdateSet({
        time_zone: row.time_zone,
        windows: row.windows,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ── appointments ────────────────────────────────────────────────────────────────────────────────

/**
 * One host's bookings are made one at a time (a lock for the rest of the transaction), so two bookings at once
 * cannot both find the host free.
 */
export async function lockHost(db: Db, hostId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`appointment-host:${hostId}`}, 0))`.execute(db);
}

/** The host's appointments that have not ended and overlap [from, to), in every study and data space. */
export function hostAppointments(db: Db, hostId: string, from: Date, to: Date, exceptId?: string) {
  let q = db
    .selectFrom('appointments')
    .select(['id', 'starts_at', 'ends_at'])
    .where('host_id', '=', hostId)
    .where('state', 'not in', FINAL)
    .where('starts_at', '<', to)
    .where('ends_at', '>', from);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.orderBy('starts_at').execute();
}

export function insertAppointment(db: Db, row: Insertable<AppointmentsTable>) {
  return db.insertInto('appointments').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateAppointment(db: Db, id: string, values: Updateable<AppointmentsTable>) {
  return db.updateTable('appointments').set(values).where('id', '=', id).execute();
}

/** An appointment with what it is shown with (`a` appointments, `p` participants, `s` sites, `t` its task). */
function appointmentQuery(db: Db) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('participants as p', 'p.id', 'a.participant_id')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .innerJoin('users as h', 'h.id', 'a.host_id')
    .innerJoin('users as c', 'c.id', 'a.created_by')
    .leftJoin('participant_tasks as t', 't.id', 'a.task_id')
    .selectAll('a')
    .select([
      'p.participant_code',
      'p.time_zone',
      'p.language',
      'p.email',
      'p.status as participant_status',
      'p.registration_date',
      'p.created_at as participant_created_at',
      's.name as site_name',
      'h.first_name as host_first_name',
      'h.last_name as host_last_name',
      'c.first_name as creator_first_name',
      'c.last_name as creator_last_name',
      't.start_day as task_start_day',
      't.end_day as task_end_day',
      't.target_kind as task_target_kind',
      't.target_id as task_target_id',
      't.version_id as task_version_id',
    ])
    .select(sql<string | null>`to_char(p.day_zero, 'YYYY-MM-DD')`.as('day_zero'))
    .select((eb) =>
      eb
        .selectFrom('participant_status_changes as x')
        .select((x) => x.fn.max('x.changed_at').as('at'))
        .whereRef('x.participant_id', '=', 'p.id')
        .whereRef('x.to_status', '=', 'p.status')
        .as('status_since'),
    );
}

export type AppointmentRow = Awaited<ReturnType<ReturnType<typeof appointmentQuery>['executeTakeFirstOrThrow']>>;

/** One appointment of the study, if the predicate over `p` (participant) and `s` (site) lets the caller see it. */
export function findAppointment(
  db: Db,
  studyId: string,
  id: string,
  visible: Expression<SqlBool>,
  lock = false,
): Promise<AppointmentRow | undefined> {
  const q = appointmentQuery(db).where('a.id', '=', id).where('a.study_id', '=', studyId).where(visible);
  return (lock ? q.forUpdate('a') : q).executeTakeFirst();
}

interface AppointmentFilter {
  studyId: string;
  visible: Expression<SqlBool>;
  siteId?: string;
  participantId?: string;
  hostId?: string;
  state?: string;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
}

export async function appointmentPage(db: Db, f: AppointmentFilter) {
  let base = db
    .selectFrom('appointments as a')
    .innerJoin('participants as p', 'p.id', 'a.participant_id')
    .innerJoin('sites as s', 's.id', 'a.site_id')
    .where('a.study_id', '=', f.studyId)
    .where(f.visible);
  if (f.siteId) base = base.where('a.site_id', '=', f.siteId);
  if (f.participantId) base = base.where('a.participant_id', '=', f.participantId);
  if (f.hostId) base = base.where('a.host_id', '=', f.hostId);
  if (f.state) base = base.where('a.state', '=', f.state as AppointmentRecord['state']);
  if (f.from) base = base.where('a.starts_at', '>=', f.from);
  if (f.to) base = base.where('a.starts_at', '<', f.to);
  const { n } = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const ids = await base
    .select('a.id')
    .orderBy('a.starts_at')
    .orderBy('a.id')
    .offset(f.offset)
    .limit(f.limit)
    .execute();
  if (ids.length === 0) return { total: Number(n), rows: [] };
  const rows = await appointmentQuery(db)
    .where(
      'a.id',
      'in',
      ids.map((r) => r.id),
    )
    .orderBy('a.starts_at')
    .orderBy('a.id')
    .execute();
  return { total: Number(n), rows };
}

/** A participant's own appointments in their data space (the participant portal). */
export function participantAppointments(db: Db, participantId: string, env: Environment) {
  return appointmentQuery(db)
    .where('a.participant_id', '=', participantId)
    .where('a.environment', '=', env)
    .orderBy('a.starts_at')
    .execute();
}

// ── the participant's telehealth tasks ──────────────────────────────────────────────────────────

export function findTask(db: Db, taskId: string) {
  return db.selectFrom('participant_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
}

/** The participant's telehealth tasks still to come or open at `now` (not answered, withdrawn or past). */
export function openTelehealthTasks(db: Db, participantId: string, now: Date) {
  return db
    .selectFrom('participant_tasks')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('telehealth', '=', true)
    .where('status', '=', 'SCHEDULED')
    .where((eb) => eb.or([eb('closes_at', 'is', null), eb('closes_at', '>', now)]))
    .orderBy('start_day')
    .orderBy('opens_at')
    .execute();
}

/** Per task, its appointment that is not cancelled (the one that has not ended first, then the latest). */
export async function taskAppointments(db: Db, taskIds: readonly string[]): Promise<Map<string, string>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('appointments')
    .select(['id', 'task_id', 'state', 'starts_at'])
    .where('task_id', 'in', [...taskIds])
    .where('state', '!=', 'CANCELLED')
    .orderBy('starts_at', 'desc')
    .execute();
  const out = new Map<string, string>();
  for (const r of rows) {
    if (!r.task_id) continue;
    const live = !FINAL.includes(r.state);
    if (!out.has(r.task_id) || live) out.set(r.task_id, r.id);
  }
  return out;
}

/** The task's appointment that has not ended, if any (one per task: the unique index appointments_task_live). */
export function liveTaskAppointment(db: Db, taskId: string, exceptId?: string) {
  let q = db.selectFrom('appointments').select('id').where('task_id', '=', taskId).where('state', 'not in', FINAL);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}
