/**
 * Participants' schedules (issue 10, decision 0044; E-120…E-125, E-139…E-143): the version a participant
 * is on, day zero, milestone dates — each change is audited and starts a job that makes or moves the tasks
 * (schedules.job.ts) — and the task list with the status each task has now.
 */
import type { ParticipantTask } from '@trialpath/contract';
import {
  ACTIVITY_GROUPS,
  type ActivityGroup,
  dateInZone,
  groupTakesPackets,
  isKnownTimeZone,
  messageRef,
  studyDayAt,
  studyDayMoment,
} from '@trialpath/domain';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import {
  changeParticipant,
  participantSchedule,
  participantSummary,
  participantCountOnVersion,
} from '../participants/participants.service';
import { versionSchedulePlan } from '../versions/versions.service';
import {
  findJob,
  insertJob,
  type JobRow,
  latestJobOf,
  claimOpenTasks,
  listTasks,
  milestonesOf,
  ownTask,
  ownTasks,
  releaseClaims,
  setMilestone,
  type TaskRow,
} from './schedules.repository';

/** A stored task as the contract shows it, with its status as seen now (`seen_status`, computed by the query). */
export function taskView(t: TaskRow & { seen_status: string }): ParticipantTask {
  return {
    id: t.id,
    scheduleId: t.schedule_id,
    type: t.target_kind,
    targetId: t.target_id,
    startDay: t.start_day,
    endDay: t.end_day,
    opensAt: t.opens_at.toISOString(),
    closesAt: t.closes_at ? t.closes_at.toISOString() : null,
    delivery: t.delivery,
    telehealth: t.telehealth,
    status: t.seen_status as ParticipantTask['status'],
    versionId: t.version_id,
    answeredAt: t.answered_at ? t.answered_at.toISOString() : null,
  };
}

export function jobView(j: JobRow) {
  return {
    id: j.id,
    status: j.status,
    total: j.total,
    processed: j.processed,
    added: j.added,
    moved: j.moved,
    withdrawn: j.withdrawn,
    report: (typeof j.report === 'string' ? JSON.parse(j.report) : j.report) as JobRow['report'] & unknown[],
    error: j.error,
    createdAt: j.created_at.toISOString(),
    finishedAt: j.finished_at ? j.finished_at.toISOString() : null,
  };
}

/** The participant, through the full row check (study → site → data access type → environment). */
async function requireParticipant(ctx: ServiceCtx, studyId: string, participantId: string) {
  await participantSummary(ctx, { studyId, participantId });
  return (await participantSchedule(ctx, participantId))!;
}

async function scheduleView(ctx: ServiceCtx, studyId: string, participantId: string) {
  const p = (await participantSchedule(ctx, participantId))!;
  const [milestones, job, version] = await Promise.all([
    milestonesOf(ctx.db, [participantId]),
    latestJobOf(ctx.db, participantId),
    p.version_id ? versionSchedulePlan(ctx, studyId, p.version_id) : undefined,
  ]);
  return {
    participantId,
    versionId: p.version_id,
    versionNumber: version?.number ?? null,
    timeZone: p.time_zone,
    dayZero: p.day_zero,
    currentDay: studyDayAt(p.day_zero, p.time_zone, studyDayMoment(p.status, p.status_since)),
    milestones: milestones.map((m) => ({ milestoneId: m.milestone_id, date: m.date })),
    job: job ? jobView(job) : null,
  };
}

/** A job for one participant on their version (nothing to do when they have none yet). */
async function startJob(
  ctx: ServiceCtx,
  studyId: string,
  participantId: string,
  by: 'staff' | 'participant' = 'staff',
) {
  const p = (await participantSchedule(ctx, participantId))!;
  if (!p.version_id) return;
  const job = await insertJob(ctx.db, {
    study_id: studyId,
    version_id: p.version_id,
    participant_id: participantId,
    environment: p.environment,
    total: await participantCountOnVersion(ctx, {
      studyId,
      environment: p.environment,
      versionId: p.version_id,
      participantId,
    }),
    report: '[]',
    created_by: by === 'staff' ? ctx.staff().userId : null,
  });
  ctx.audit({
    action: 'schedule.job.start',
    entityType: 'schedule_job',
    entityId: job.id,
    ...(by === 'participant' && { actor: { type: 'participant' as const, id: participantId } }),
    after: { participantId, versionId: p.version_id },
  });
}

/**
 * A participant who enrolled themselves starts their schedule when their account is verified (D-042: with no
 * start date, the study days count from the registration date): day zero is the registration day in their
 * time zone, and the job makes their tasks. Nothing changes for a participant whose day zero is already set.
 */
export async function startOwnSchedule(ctx: ServiceCtx, participantId: string, registeredAt: Date) {
  const p = await participantSchedule(ctx, participantId);
  if (!p?.version_id || p.day_zero !== null) return;
  const date = dateInZone(registeredAt, p.time_zone);
  await changeParticipant(ctx, participantId, { day_zero: date });
  ctx.audit({
    action: 'participant.dayZero',
    entityType: 'participant',
    entityId: participantId,
    actor: { type: 'participant', id: participantId },
    before: { dayZero: null },
    after: { dayZero: date, timeZone: p.time_zone, from: 'registration' },
  });
  await startJob(ctx, p.study_id, participantId, 'participant');
}

export async function getSchedule(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  await requireParticipant(ctx, input.studyId, input.participantId);
  return scheduleView(ctx, input.studyId, input.participantId);
}

/** E-140: the participant goes onto a published version; the job makes or moves their tasks. */
export async function assignVersion(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; versionId: string },
) {
  const before = await requireParticipant(ctx, input.studyId, input.participantId);
  const version = await versionSchedulePlan(ctx, input.studyId, input.versionId);
  if (!version) throw fieldProblem('VALIDATION_FAILED', 'versionId', 'schedule.versionUnknown');
  if (version.status !== 'PUBLISHED') throw fieldProblem('CONFLICT', 'versionId', 'schedule.versionNotPublished');
  await changeParticipant(ctx, input.participantId, { version_id: version.id });
  ctx.audit({
    action: 'participant.version.assign',
    entityType: 'participant',
    entityId: input.participantId,
    before: { versionId: before.version_id },
    after: { versionId: version.id, versionNumber: version.number },
  });
  await startJob(ctx, input.studyId, input.participantId);
  return scheduleView(ctx, input.studyId, input.participantId);
}

/** E-125: day zero is today in the participant's zone (or the date given); anchored tasks follow. */
export async function triggerDayZero(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; date?: string; timeZone?: string },
) {
  const before = await requireParticipant(ctx, input.studyId, input.participantId);
  if (input.timeZone !== undefined && !isKnownTimeZone(input.timeZone))
    throw fieldProblem('VALIDATION_FAILED', 'timeZone', 'schedule.timeZoneUnknown');
  const timeZone = input.timeZone ?? before.time_zone;
  const date = input.date ?? dateInZone(new Date(), timeZone);
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    throw fieldProblem('VALIDATION_FAILED', 'date', 'errors.invalidFormat');
  // a start moved after it was set is a reschedule: both confirmations are asked for again (E-133)
  const moved = before.day_zero !== null && before.day_zero !== date;
  await changeParticipant(ctx, input.participantId, {
    day_zero: date,
    time_zone: timeZone,
    ...(moved && { start_rescheduled: true, start_confirmed_at: null, start_pi_confirmed_at: null }),
  });
  ctx.audit({
    action: 'participant.dayZero',
    entityType: 'participant',
    entityId: input.participantId,
    before: { dayZero: before.day_zero, timeZone: before.time_zone },
    after: { dayZero: date, timeZone, ...(moved && { rescheduled: true }) },
  });
  await startJob(ctx, input.studyId, input.participantId);
  return scheduleView(ctx, input.studyId, input.participantId);
}

/** E-122: milestone dates set or cleared; only milestones of the participant's version are taken. */
export async function setMilestones(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    participantId: string;
    participantMileStoneList: { milestoneId: string; date: string | null }[];
  },
) {
  const p = await requireParticipant(ctx, input.studyId, input.participantId);
  const version = p.version_id ? await versionSchedulePlan(ctx, input.studyId, p.version_id) : undefined;
  if (!version) throw fail('CONFLICT', undefined, { message: messageRef('schedule.noVersion') });
  const known = new Set(version.plan.milestones.map((m) => m.id));
  input.participantMileStoneList.forEach((m, i) => {
    if (!known.has(m.milestoneId))
      throw fieldProblem('VALIDATION_FAILED', `participantMileStoneList.${i}.milestoneId`, 'schedule.unknownMilestone');
  });
  const before = await milestonesOf(ctx.db, [input.participantId]);
  for (const m of input.participantMileStoneList)
    await setMilestone(ctx.db, input.participantId, m.milestoneId, m.date, ctx.staff().userId);
  ctx.audit({
    action: 'participant.milestones',
    entityType: 'participant',
    entityId: input.participantId,
    before: Object.fromEntries(before.map((m) => [m.milestone_id, m.date])),
    after: Object.fromEntries(input.participantMileStoneList.map((m) => [m.milestoneId, m.date])),
  });
  await startJob(ctx, input.studyId, input.participantId);
  return scheduleView(ctx, input.studyId, input.participantId);
}

/** E-139: the schedule-creation check; a job of another study is not found. */
export async function scheduleJob(ctx: ServiceCtx, input: { studyId: string; jobId: string }) {
  const job = await findJob(ctx.db, input.studyId, input.jobId);
  if (!job) throw fail('NOT_FOUND');
  if (job.participant_id) await requireParticipant(ctx, input.studyId, job.participant_id);
  return jobView(job);
}

export async function taskList(
  ctx: ServiceCtx,
  q: {
    studyId: string;
    participantId: string;
    type?: 'activity' | 'packet';
    status?: string;
    startDay?: number;
    endDay?: number;
    milestoneId?: string;
    telehealth?: 'true' | 'false';
    showCompletedTasks: 'true' | 'false';
    studyVersionId?: string;
    delivery?: string;
    activityGroup?: ActivityGroup;
    pageIndex: number;
    pageSize: number;
  },
) {
  const p = await requireParticipant(ctx, q.studyId, q.participantId);
  let scheduleIds: string[] | undefined;
  if (q.milestoneId) {
    const version = p.version_id ? await versionSchedulePlan(ctx, q.studyId, p.version_id) : undefined;
    scheduleIds = (version?.plan.schedules ?? [])
      .filter((s) => s.anchor.kind === 'milestone' && s.anchor.milestoneId === q.milestoneId)
      .map((s) => s.id);
  }
  const { rows, total } = await listTasks(
    ctx.db,
    {
      participantId: q.participantId,
      type: q.type,
      status: q.status,
      startDay: q.startDay,
      endDay: q.endDay,
      scheduleIds,
      telehealth: q.telehealth === undefined ? undefined : q.telehealth === 'true',
      versionId: q.studyVersionId,
      delivery: q.delivery,
      activityKinds: q.activityGroup && {
        studyId: q.studyId,
        kinds: ACTIVITY_GROUPS[q.activityGroup],
        packets: groupTakesPackets(q.activityGroup),
      },
      showCompleted: q.showCompletedTasks === 'true',
      now: new Date(),
    },
    { offset: q.pageIndex * q.pageSize, limit: q.pageSize },
  );
  const items = rows.map(taskView);
  return {
    items,
    participantCurrentDay: studyDayAt(p.day_zero, p.time_zone, studyDayMoment(p.status, p.status_since)),
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    totalRecords: total,
    totalPage: Math.ceil(total / q.pageSize),
  };
}

// ── the participant's own tasks (issue 11, decision B-091), for the responses module ──────────────

/** A local day is at most this long before now (25 hours on the day the clocks go back). */
const LONGEST_DAY_MS = 26 * 3_600_000;

/**
 * The participant's tasks as they see them, by study day: `all` of them, or `today`'s — open now, or answered
 * on today's date in their time zone. Withdrawn tasks, and just-in-time or pre-screened ones not sent yet, are
 * not theirs to see.
 */
export async function ownTaskList(
  ctx: DbCtx,
  participant: { id: string; time_zone: string },
  scope: 'today' | 'all',
  now = new Date(),
) {
  if (scope === 'all') return ownTasks(ctx.db, participant.id, now);
  const rows = await ownTasks(ctx.db, participant.id, now, new Date(now.getTime() - LONGEST_DAY_MS));
  const today = dateInZone(now, participant.time_zone);
  return rows.filter(
    (t) =>
      t.seen_status === 'AVAILABLE' ||
      (t.answered_at !== null && dateInZone(t.answered_at, participant.time_zone) === today),
  );
}

/** One of the participant's tasks as they see it (undefined when it is not theirs to see); `lock` for a write. */
export function ownTaskOf(ctx: DbCtx, participantId: string, taskId: string, now = new Date(), lock = false) {
  return ownTask(ctx.db, participantId, taskId, now, lock);
}

/**
 * Participants' answers complete their tasks when open now (answered now, COMPLETED): the tasks claimed; a task
 * not theirs or not open is left unchanged and missing from the answer (ownTaskOf tells why).
 */
export function claimOwnOpenTasks(ctx: DbCtx, claims: readonly { participantId: string; taskId: string }[], now: Date) {
  return claimOpenTasks(ctx.db, claims, now);
}

/** Undo claimOwnOpenTasks within its transaction (the answers were not stored after all). */
export function releaseTaskClaims(ctx: DbCtx, taskIds: readonly string[]) {
  return releaseClaims(ctx.db, taskIds);
}
