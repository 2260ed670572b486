/** Participants' tasks, milestone dates and schedule jobs (decision 0044): all of their SQL. */
import type { ActivityType, PlannedTask, ScheduleDelivery, TaskChanges } from '@trialpath/domain';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment, ParticipantTasksTable, ScheduleJobReportLine, ScheduleJobsTable } from '../../db/schema';

export type JobRow = Selectable<ScheduleJobsTable>;
export type TaskRow = Selectable<ParticipantTasksTable>;

// ── milestones ───────────────────────────────────────────────────────────────────────────────

export function milestonesOf(db: Db, participantIds: readonly string[]) {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participant_milestones')
    .select(['participant_id', 'milestone_id', sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date')])
    .where('participant_id', 'in', participantIds)
    .orderBy('milestone_id')
    .execute();
}

export async function setMilestone(
  db: Db,
  participantId: string,
  milestoneId: string,
  date: string | null,
  by: string,
) {
  if (date === null) {
    await db
      .deleteFrom('participant_milestones')
      .where('participant_id', '=', participantId)
      .where('milestone_id', '=', milestoneId)
      .execute();
    return;
  }
  await db
    .insertInto('participant_milestones')
    .values({ participant_id: participantId, milestone_id: milestoneId, date, set_by: by })
    .onConflict((oc) =>
      oc.columns(['participant_id', 'milestone_id']).doUpdateSet({ date, set_by: by, set_at: new Date() }),
    )
    .execute();
}

// ── tasks ────────────────────────────────────────────────────────────────────────────────────

/** The tasks that still count (withdrawn ones free their key and are left out). */
export function currentTasksOf(db: Db, participantIds: readonly string[]) {
  if (participantIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('participant_tasks')
    .select([
      'id',
      'participant_id',
      'task_key',
      'schedule_id',
      'target_kind',
      'target_id',
      'start_day',
      'end_day',
      'opens_at',
      'closes_at',
      'delivery',
      'telehealth',
      'status',
      'answered_at',
    ])
    .where('participant_id', 'in', participantIds)
    .where('status', '!=', 'WITHDRAWN')
    .execute();
}

export interface TaskScope {
  participantId: string;
  studyId: string;
  versionId: string;
}

const planned = (p: PlannedTask) => ({
  schedule_id: p.scheduleId,
  task_key: p.key,
  target_kind: p.target.kind,
  target_id: p.target.kind === 'activity' ? p.target.activityId : p.target.packetId,
  start_day: p.startDay,
  end_day: p.endDay,
  opens_at: p.opensAt,
  closes_at: p.closesAt,
  delivery: p.delivery,
  telehealth: p.telehealth,
});

/**
 * Apply one batch's changes in three statements whatever its size: the new tasks as one array parameter per
 * column (a batch of thousands would pass PostgreSQL's parameter limit as values), the moves as one JSON
 * parameter, then the withdrawals by id. The unique key (participant, task key) makes a repeated insert impossible.
 */
export async function applyChanges(
  db: Db,
  changes: { scope: TaskScope; changes: TaskChanges; ids: Map<string, string> }[],
) {
  const adds = changes.flatMap((c) =>
    c.changes.add.map((p) => ({
      participant_id: c.scope.participantId,
      study_id: c.scope.studyId,
      version_id: c.scope.versionId,
      ...planned(p),
    })),
  );
  const moves = changes.flatMap((c) =>
    c.changes.move.map((m) => ({ id: c.ids.get(m.from.key)!, version_id: c.scope.versionId, ...planned(m.to) })),
  );
  const withdrawn = changes.flatMap((c) => c.changes.withdraw.map((w) => c.ids.get(w.key)!));
  if (withdrawn.length) {
    await db
      .updateTable('participant_tasks')
      .set({ status: 'WITHDRAWN', task_key: sql`task_key || '~' || id::text`, updated_at: new Date() })
      .where('id', 'in', withdrawn)
      .execute();
  }
  if (moves.length) {
    await sql`
      update participant_tasks t set
        version_id = x.version_id, schedule_id = x.schedule_id, task_key = x.task_key, target_kind = x.target_kind,
        target_id = x.target_id, start_day = x.start_day, end_day = x.end_day, opens_at = x.opens_at,
        closes_at = x.closes_at, delivery = x.delivery, telehealth = x.telehealth, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as x(
        id uuid, version_id uuid, schedule_id text, task_key text, target_kind text, target_id text, start_day int,
        end_day int, opens_at timestamptz, closes_at timestamptz, delivery text, telehealth boolean)
      where t.id = x.id`.execute(db);
  }
  if (adds.length) {
    const col = <K extends keyof (typeof adds)[number]>(k: K) => adds.map((a) => a[k]);
    await sql`
      insert into participant_tasks (participant_id, study_id, version_id, schedule_id, task_key, target_kind, target_id,
        start_day, end_day, opens_at, closes_at, delivery, telehealth)
      select * from unnest(${col('participant_id')}::uuid[], ${col('study_id')}::uuid[], ${col('version_id')}::uuid[],
        ${col('schedule_id')}::text[], ${col('task_key')}::text[], ${col('target_kind')}::text[], ${col('target_id')}::text[],
        ${col('start_day')}::int[], ${col('end_day')}::int[], ${col('opens_at')}::timestamptz[], ${col('closes_at')}::timestamptz[],
        ${col('delivery')}::text[], ${col('telehealth')}::boolean[])
      on conflict do nothing`.execute(db);
  }
}

export interface TaskFilter {
  participantId: string;
  type?: 'activity' | 'packet';
  startDay?: number;
  endDay?: number;
  scheduleIds?: readonly string[];
  telehealth?: boolean;
  versionId?: string;
  delivery?: string;
  /** Only tasks of these activity kinds, with packets or without (E-009, E-011). */
  activityKinds?: { studyId: string; kinds: readonly ActivityType[]; packets: boolean };
  /** A status as seen now (derived from the stored status, the window and the delivery). */
  status?: string;
  showCompleted: boolean;
  now: Date;
}

/** The status a participant sees now, in SQL (the same rule as the service's `taskStatus`). */
export const seenStatus = (now: Date) => sql<string>`case
  when status = 'WITHDRAWN' then 'WITHDRAWN'
  when status = 'COMPLETED' or answered_at is not null then 'COMPLETED'
  when status = 'EXPIRED' or (closes_at is not null and closes_at <= ${now}) then 'EXPIRED'
  when delivery = 'justInTime' and sent_at is null then 'PENDING_SEND'
  when opens_at <= ${now} then 'AVAILABLE'
  else 'SCHEDULED' end`;

function taskQuery(db: Db, f: TaskFilter) {
  let q = db.selectFrom('participant_tasks').where('participant_id', '=', f.participantId);
  if (f.type) q = q.where('target_kind', '=', f.type);
  if (f.startDay !== undefined) q = q.where('start_day', '>=', f.startDay);
  if (f.endDay !== undefined) q = q.where('start_day', '<=', f.endDay);
  if (f.scheduleIds)
    q = f.scheduleIds.length ? q.where('schedule_id', 'in', f.scheduleIds) : q.where(sql<boolean>`false`);
  if (f.telehealth !== undefined) q = q.where('telehealth', '=', f.telehealth);
  if (f.versionId) q = q.where('version_id', '=', f.versionId);
  if (f.delivery) q = q.where('delivery', '=', f.delivery as ScheduleDelivery);
  if (f.activityKinds) {
    const { studyId, kinds, packets } = f.activityKinds;
    q = q.where((eb) =>
      eb.or([
        eb.and([
          eb('target_kind', '=', 'activity'),
          eb(
            'target_id',
            'in',
            eb
              .selectFrom('activities')
              .select(sql<string>`id::text`.as('id'))
              .where('study_id', '=', studyId)
              .where('kind', 'in', kinds),
          ),
        ]),
        ...(packets ? [eb('target_kind', '=', 'packet')] : []),
      ]),
    );
  }
  if (f.status) q = q.where(seenStatus(f.now), '=', f.status);
  else q = q.where('status', '!=', 'WITHDRAWN');
  if (!f.showCompleted) q = q.where(seenStatus(f.now), '!=', 'COMPLETED');
  return q;
}

export async function listTasks(db: Db, f: TaskFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    taskQuery(db, f)
      .selectAll()
      .select(seenStatus(f.now).as('seen_status'))
      .orderBy('start_day')
      .orderBy('schedule_id')
      .orderBy('id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    taskQuery(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// ── jobs ─────────────────────────────────────────────────────────────────────────────────────

export function insertJob(db: Db, row: Insertable<ScheduleJobsTable>) {
  return db.insertInto('schedule_jobs').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findJob(db: Db, studyId: string, id: string) {
  return db
    .selectFrom('schedule_jobs')
    .selectAll()
    .where('study_id', '=', studyId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function latestJobOf(db: Db, participantId: string) {
  return db
    .selectFrom('schedule_jobs')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The oldest unfinished job, locked for this batch (another worker skips it meanwhile). */
export function claimDueJob(db: Db) {
  return db
    .selectFrom('schedule_jobs')
    .selectAll()
    .where('status', '=', 'INPROGRESS')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export function lockJob(db: Db, id: string) {
  return db.selectFrom('schedule_jobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface BatchProgress {
  cursor: string;
  processed: number;
  added: number;
  moved: number;
  withdrawn: number;
  report: ScheduleJobReportLine[];
}

/** Record a batch's progress in the batch's own transaction (what makes the job resumable). */
export function recordBatch(db: Db, job: JobRow, p: BatchProgress) {
  return db
    .updateTable('schedule_jobs')
    .set({
      cursor: p.cursor,
      processed: job.processed + p.processed,
      added: job.added + p.added,
      moved: job.moved + p.moved,
      withdrawn: job.withdrawn + p.withdrawn,
      report: sql`report || ${JSON.stringify(p.report)}::jsonb`,
    })
    .where('id', '=', job.id)
    .execute();
}

export function finishJob(db: Db, id: string, status: 'SUCCEEDED' | 'FAILED', error: string | null = null) {
  return db
    .updateTable('schedule_jobs')
    .set({ status, error, finished_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function countAttempt(db: Db, id: string) {
  return db
    .updateTable('schedule_jobs')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type { Environment };

// ── compliance, just-in-time and on-demand tasks (E-124, E-126…E-129) ─────────────────────────

/** Per participant: answered, missed (window over unanswered), upcoming; just-in-time tasks count once sent. */
export function complianceCounts(db: Db, participantIds: readonly string[], now: Date) {
  if (participantIds.length === 0) return Promise.resolve([]);
  const done = sql`(status = 'COMPLETED' or answered_at is not null)`;
  const closed = sql`(closes_at is not null and closes_at <= ${now})`;
  return (
    db
      .selectFrom('participant_tasks')
      .select([
        'participant_id',
        sql<number>`(count(*) filter (where ${done}))::int`.as('completed'),
        sql<number>`(count(*) filter (where not ${done} and ${closed}))::int`.as('missed'),
        sql<number>`(count(*) filter (where not ${done} and not ${closed}))::int`.as('upcoming'),
      ])
      .where('participant_id', 'in', participantIds)
      .where('status', '!=', 'WITHDRAWN')
      // on-demand tasks are the participant's choice, pre-screened ones precede enrolment
      .where('delivery', 'in', ['scheduled', 'justInTime'])
      .where((eb) => eb.or([eb('delivery', '!=', 'justInTime'), eb('sent_at', 'is not', null)]))
      .groupBy('participant_id')
      .execute()
  );
}

export interface SentFilter {
  participantId: string;
  delivery: 'justInTime' | 'preScreened';
  sent?: boolean;
  telehealth?: boolean;
  currentDay?: number;
  descending: boolean;
}

function sendable(db: Db, f: SentFilter) {
  let q = db
    .selectFrom('participant_tasks')
    .where('participant_id', '=', f.participantId)
    .where('delivery', '=', f.delivery)
    .where('status', '!=', 'WITHDRAWN');
  if (f.sent !== undefined) q = q.where('sent_at', f.sent ? 'is not' : 'is', null);
  if (f.telehealth !== undefined) q = q.where('telehealth', '=', f.telehealth);
  if (f.currentDay !== undefined) {
    const day = f.currentDay;
    q = q.where('start_day', '<=', day).where((eb) => eb.or([eb('end_day', 'is', null), eb('end_day', '>=', day)]));
  }
  return q;
}

export async function listSendable(db: Db, f: SentFilter, now: Date, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    sendable(db, f)
      .selectAll()
      .select(seenStatus(now).as('seen_status'))
      .orderBy('start_day', f.descending ? 'desc' : 'asc')
      .orderBy('schedule_id')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    sendable(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Mark unsent just-in-time or pre-screened tasks as sent; returns those that were. */
export function markSent(
  db: Db,
  where: { participantIds: readonly string[]; taskIds?: readonly string[]; scheduleId?: string },
) {
  if (where.participantIds.length === 0) return Promise.resolve([] as { id: string; participant_id: string }[]);
  let q = db
    .updateTable('participant_tasks')
    .set({ sent_at: new Date(), updated_at: new Date() })
    .where('participant_id', 'in', where.participantIds)
    .where('delivery', 'in', ['justInTime', 'preScreened'])
    .where('sent_at', 'is', null)
    .where('status', '=', 'SCHEDULED');
  if (where.taskIds) q = q.where('id', 'in', where.taskIds);
  if (where.scheduleId) q = q.where('schedule_id', '=', where.scheduleId);
  return q.returning(['id', 'participant_id']).execute();
}

export function findTask(db: Db, participantId: string, taskId: string) {
  return db
    .selectFrom('participant_tasks')
    .selectAll()
    .where('participant_id', '=', participantId)
    .where('id', '=', taskId)
    .forUpdate()
    .executeTakeFirst();
}

export function withdrawTask(db: Db, taskId: string) {
  return db
    .updateTable('participant_tasks')
    .set({ status: 'WITHDRAWN', task_key: sql`task_key || '~' || id::text`, updated_at: new Date() })
    .where('id', '=', taskId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ── the participant's own tasks (issue 11, decision B-091: the responses module asks through the service) ──

/**
 * What a participant is shown of their tasks: not withdrawn, and a just-in-time or pre-screened task only once
 * staff sent it.
 */
const shownToParticipant = sql<boolean>`status != 'WITHDRAWN' and not (delivery in ('justInTime', 'preScreened') and sent_at is null)`;

/**
 * A participant's tasks as they see them, by study day: every one (`answeredSince` undefined), or those open now
 * plus those answered since the instant given.
 */
export function ownTasks(db: Db, participantId: string, now: Date, answeredSince?: Date) {
  let q = db
    .selectFrom('participant_tasks')
    .selectAll()
    .select(seenStatus(now).as('seen_status'))
    .where('participant_id', '=', participantId)
    .where(shownToParticipant);
  if (answeredSince)
    q = q.where((eb) => eb.or([eb(seenStatus(now), '=', 'AVAILABLE'), eb('answered_at', '>=', answeredSince)]));
  return q.orderBy('start_day').orderBy('schedule_id').orderBy('id').execute();
}

/** One task of the participant as they see it (undefined: not theirs, or not shown to them); `lock` for a write. */
export function ownTask(db: Db, participantId: string, taskId: string, now: Date, lock = false) {
  let q = db
    .selectFrom('participant_tasks')
    .selectAll()
    .select(seenStatus(now).as('seen_status'))
    .where('participant_id', '=', participantId)
    .where('id', '=', taskId)
    .where(shownToParticipant);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * Participants' answers complete their tasks, each task that is its participant's and open now (shown to them, not
 * answered, within its window): the tasks claimed, as they were; the others are left unchanged. One statement for
 * a whole batch of answers, which waits for a concurrent claim of the same task to finish and then sees its outcome.
 */
export function claimOpenTasks(db: Db, claims: readonly { participantId: string; taskId: string }[], now: Date) {
  if (claims.length === 0) return Promise.resolve([]);
  return db
    .updateTable('participant_tasks')
    .set({ status: 'COMPLETED', answered_at: now, updated_at: now })
    .where((eb) =>
      eb(
        eb.refTuple('participant_id', 'id'),
        'in',
        claims.map((c) => eb.tuple(c.participantId, c.taskId)),
      ),
    )
    .where(shownToParticipant)
    .where(seenStatus(now), '=', 'AVAILABLE')
    .returning(['id', 'participant_id', 'target_kind', 'target_id', 'version_id'])
    .execute();
}

/** Give back claims made in the same transaction (the tasks were open and unanswered when claimed). */
export async function releaseClaims(db: Db, taskIds: readonly string[]) {
  if (taskIds.length === 0) return;
  await db
    .updateTable('participant_tasks')
    .set({ status: 'SCHEDULED', answered_at: null })
    .where('id', 'in', taskIds)
    .execute();
}
