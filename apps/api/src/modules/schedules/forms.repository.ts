/** A participant's form statuses, sign-offs and the dashboard's task counts (decision 0046): their SQL. */
import { type Expression, type Insertable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ParticipantFormStatusesTable, ParticipantSignoffsTable } from '../../db/schema';
import { seenStatus } from './schedules.repository';

/** Every task of the participant that still counts, with its status as seen now, in day order. */
export function tasksWithStatus(db: Db, participantId: string, now: Date, versionId?: string) {
  let q = db
    .selectFrom('participant_tasks')
    .selectAll()
    .select(seenStatus(now).as('seen_status'))
    .where('participant_id', '=', participantId)
    .where('status', '!=', 'WITHDRAWN');
  if (versionId) q = q.where('version_id', '=', versionId);
  return q.orderBy('start_day').orderBy('schedule_id').orderBy('id').execute();
}

export function formStatusRows(db: Db, participantId: string) {
  return db.selectFrom('participant_form_statuses').selectAll().where('participant_id', '=', participantId).execute();
}

export async function upsertFormStatuses(db: Db, rows: Insertable<ParticipantFormStatusesTable>[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('participant_form_statuses')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['task_id', 'activity_id']).doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        reason: eb.ref('excluded.reason'),
        set_by: eb.ref('excluded.set_by'),
        set_at: eb.ref('excluded.set_at'),
        signoff_id: eb.ref('excluded.signoff_id'),
      })),
    )
    .execute();
}

/**
 * A sign-off covers these forms: a form without a row gets one holding the status its task implied when signed
 * (set_by null: still implied); a form with one keeps its status, reason and author.
 */
export async function coverWithSignoff(
  db: Db,
  participantId: string,
  signoffId: string,
  forms: readonly { taskId: string; activityId: string; status: ParticipantFormStatusesTable['status'] }[],
) {
  if (forms.length === 0) return;
  await db
    .insertInto('participant_form_statuses')
    .values(
      forms.map((f) => ({
        task_id: f.taskId,
        activity_id: f.activityId,
        participant_id: participantId,
        status: f.status,
        signoff_id: signoffId,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['task_id', 'activity_id']).doUpdateSet((eb) => ({ signoff_id: eb.ref('excluded.signoff_id') })),
    )
    .execute();
}

export function insertSignoff(db: Db, row: Insertable<ParticipantSignoffsTable>) {
  return db.insertInto('participant_signoffs').values(row).returningAll().executeTakeFirstOrThrow();
}

export function signoffsOf(db: Db, participantId: string, limit: number) {
  return db
    .selectFrom('participant_signoffs')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('signed_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Per activity or packet, the tasks of the participants the caller may see (visibility predicate on aliases p
 * and s): how many participants have it, and its tasks upcoming, open, completed and missed now. Withdrawn,
 * on-demand and pre-screened tasks are left out, and just-in-time ones until sent (as in compliance).
 */
export function dashboardTaskCounts(db: Db, visible: Expression<SqlBool>, now: Date) {
  const done = sql`(t.status = 'COMPLETED' or t.answered_at is not null)`;
  const closed = sql`(t.closes_at is not null and t.closes_at <= ${now})`;
  return db
    .selectFrom('participant_tasks as t')
    .innerJoin('participants as p', 'p.id', 't.participant_id')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .select([
      't.target_kind',
      't.target_id',
      sql<number>`count(distinct t.participant_id)::int`.as('participants'),
      sql<number>`(count(*) filter (where ${done}))::int`.as('completed'),
      sql<number>`(count(*) filter (where not ${done} and ${closed}))::int`.as('missed'),
      sql<number>`(count(*) filter (where not ${done} and not ${closed} and t.opens_at <= ${now}))::int`.as('open'),
      sql<number>`(count(*) filter (where not ${done} and not ${closed} and t.opens_at > ${now}))::int`.as('upcoming'),
      sql<string[]>`array_agg(distinct t.version_id::text)`.as('version_ids'),
    ])
    .where(visible)
    .where('t.status', '!=', 'WITHDRAWN')
    .where('t.delivery', 'in', ['scheduled', 'justInTime'])
    .where((eb) => eb.or([eb('t.delivery', '!=', 'justInTime'), eb('t.sent_at', 'is not', null)]))
    .groupBy(['t.target_kind', 't.target_id'])
    .orderBy('t.target_kind')
    .orderBy('t.target_id')
    .execute();
}
