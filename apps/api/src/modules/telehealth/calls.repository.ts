/** Video calls and their members (migration 202612120100_telehealth_calls.sql, decision F-calls). */
import { type Expression, type Insertable, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { TelehealthCallsTable } from '../../db/schema/telehealth';

export type CallRow = Selectable<TelehealthCallsTable> & { participant_code: string; participant_status: string };

function callQuery(db: Db) {
  return db
    .selectFrom('telehealth_calls as c')
    .innerJoin('participants as p', 'p.id', 'c.participant_id')
    .innerJoin('sites as s', 's.id', 'c.site_id')
    .selectAll('c')
    .select(['p.participant_code', 'p.status as participant_status']);
}

/** One call of the study, if the predicate over `p` (participant) and `s` (site) lets the caller see it. */
export function findCall(
  db: Db,
  studyId: string,
  id: string,
  visible: Expression<SqlBool>,
  lock = false,
): Promise<CallRow | undefined> {
  const q = callQuery(db).where('c.id', '=', id).where('c.study_id', '=', studyId).where(visible);
  return (lock ? q.forUpdate('c') : q).executeTakeFirst();
}

/** A call by id alone (the signalling connection and the job, which hold its token or its id). */
export function callById(db: Db, id: string, lock = false): Promise<CallRow | undefined> {
  const q = callQuery(db).where('c.id', '=', id);
  return (lock ? q.forUpdate('c') : q).executeTakeFirst();
}

/** The participant's running call, if any. */
export function runningCallOf(db: Db, participantId: string): Promise<CallRow | undefined> {
  return callQuery(db).where('c.participant_id', '=', participantId).where('c.state', '<>', 'ENDED').executeTakeFirst();
}

/** The running calls of the study in the caller's data space that the user started or is invited to. */
export function runningCallsOfMember(
  db: Db,
  studyId: string,
  env: string,
  userId: string,
  visible: Expression<SqlBool>,
) {
  return callQuery(db)
    .where('c.study_id', '=', studyId)
    .where('c.environment', '=', env as 'LIVE' | 'TEST')
    .where('c.state', '<>', 'ENDED')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('telehealth_call_members as m')
          .select('m.user_id')
          .whereRef('m.call_id', '=', 'c.id')
          .where('m.user_id', '=', userId),
      ),
    )
    .where(visible)
    .orderBy('c.started_at', 'desc')
    .execute();
}

/** Unscheduled calls still waiting for their participant that started before `before` (the job ends them). */
export function unansweredCalls(db: Db, before: Date) {
  return db
    .selectFrom('telehealth_calls')
    .select('id')
    .where('state', '=', 'INITIATED')
    .where('kind', '=', 'UNSCHEDULED')
    .where('participant_joined_at', 'is', null)
    .where('started_at', '<=', before)
    .orderBy('started_at')
    .limit(100)
    .execute();
}

/** The calls the participant is connected to (as far as the database knows). */
export function connectedCalls(db: Db) {
  return db
    .selectFrom('telehealth_calls')
    .select('id')
    .where('state', '=', 'CONNECTED')
    .orderBy('started_at')
    .limit(500)
    .execute();
}

export function insertCall(db: Db, row: Insertable<TelehealthCallsTable>) {
  return db.insertInto('telehealth_calls').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateCall(db: Db, id: string, values: Updateable<TelehealthCallsTable>) {
  return db.updateTable('telehealth_calls').set(values).where('id', '=', id).execute();
}

export function callMembers(db: Db, callIds: readonly string[]) {
  if (callIds.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('telehealth_call_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('m')
      .select(['u.first_name', 'u.last_name', 'u.platform_role'])
      .where('m.call_id', 'in', callIds)
      // the one who started it first (invited by nobody), then the invited as they were invited
      .orderBy(sql`m.invited_by is null`, 'desc')
      .orderBy('m.invited_at')
      .orderBy('m.user_id')
      .execute()
  );
}

export function addMembers(db: Db, callId: string, userIds: readonly string[], invitedBy: string | null) {
  if (userIds.length === 0) return Promise.resolve();
  return db
    .insertInto('telehealth_call_members')
    .values(userIds.map((user_id) => ({ call_id: callId, user_id, invited_by: invitedBy })))
    .onConflict((oc) => oc.columns(['call_id', 'user_id']).doNothing())
    .execute()
    .then(() => undefined);
}

/** A member's connection opened (the first time sets when they joined) or closed. */
export function markMember(db: Db, callId: string, userId: string, event: 'joined' | 'left', at: Date) {
  const q = db.updateTable('telehealth_call_members').where('call_id', '=', callId).where('user_id', '=', userId);
  return (
    event === 'joined'
      ? q.set((eb) => ({ joined_at: eb.fn.coalesce('joined_at', eb.val(at)), left_at: null }))
      : q.set({ left_at: at })
  ).execute();
}

/** Who is in the running call of an appointment (started it or invited), among calls of these sites. */
export async function runningCallMemberIds(
  db: Db,
  studyId: string,
  appointmentId: string,
  siteIds: readonly string[],
): Promise<Set<string>> {
  if (siteIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('telehealth_call_members as m')
    .innerJoin('telehealth_calls as c', 'c.id', 'm.call_id')
    .select('m.user_id')
    .where('c.study_id', '=', studyId)
    .where('c.appointment_id', '=', appointmentId)
    .where('c.site_id', 'in', siteIds)
    .where('c.state', '<>', 'ENDED')
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
