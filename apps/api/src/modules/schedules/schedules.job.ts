/**
 * The job that makes participants' tasks (issue 10, decision 0044). A job covers one participant or every
 * participant on a version; it works in batches of participants in id order, each batch one transaction
 * that plans, reconciles and stores the batch's tasks, audits each participant's changes and moves the
 * job's cursor. A process that dies mid-batch loses only that batch's uncommitted work; the next run
 * resumes after the cursor, and the reconcile (plus the unique task key) makes any repeat a no-op.
 */
import {
  type ExistingTask,
  type ParticipantAnchors,
  planTasks,
  reconcileTasks,
  summarizeChanges,
} from '@trialpath/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ScheduleJobReportLine } from '../../db/schema';
import { type Platform, type ServiceCtx, withSystemContext } from '../../kernel/context';
import { participantsOnVersion } from '../participants/participants.service';
import { versionSchedulePlan } from '../versions/versions.service';
import {
  applyChanges,
  claimDueJob,
  countAttempt,
  currentTasksOf,
  finishJob,
  type JobRow,
  lockJob,
  milestonesOf,
  recordBatch,
} from './schedules.repository';

export const SCHEDULE_BATCH_SIZE = 500;
/** After this many failed batches a job is marked FAILED ("Internal Server Error", E-143). */
export const MAX_JOB_ATTEMPTS = 3;

export interface JobRunOptions {
  now?: () => Date;
  batchSize?: number;
  /** Stop after this many batches, as a crash would (tests of resumption). */
  stopAfterBatches?: number;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** One batch of a job; false when the job has no participant left (it is then SUCCEEDED). */
async function runBatch(ctx: ServiceCtx, job: JobRow, options: JobRunOptions): Promise<boolean> {
  const now = options.now?.() ?? new Date();
  const version = await versionSchedulePlan(ctx, job.study_id, job.version_id);
  const participants = version
    ? await participantsOnVersion(ctx, {
        studyId: job.study_id,
        environment: job.environment,
        versionId: job.version_id,
        participantId: job.participant_id,
        after: job.cursor,
        limit: options.batchSize ?? SCHEDULE_BATCH_SIZE,
      })
    : [];
  if (participants.length === 0) {
    const done = await finishJob(ctx.db, job.id, 'SUCCEEDED');
    ctx.audit({
      action: 'schedule.job.finish',
      entityType: 'schedule_job',
      entityId: job.id,
      after: {
        status: done.status,
        processed: done.processed,
        added: done.added,
        moved: done.moved,
        withdrawn: done.withdrawn,
      },
    });
    return false;
  }
  const ids = participants.map((p) => p.id);
  const [milestones, tasks] = await Promise.all([milestonesOf(ctx.db, ids), currentTasksOf(ctx.db, ids)]);
  const tasksOf = groupBy(tasks, (t) => t.participant_id);
  const _milestonesOf_ = groupBy(milestones, (m) => m.participant_id);
  const changes = [];
  const report: ScheduleJobReportLine[] = [];
  const totals = { added: 0, moved: 0, withdrawn: 0 };
  for (const p of participants) {
    const anchors: ParticipantAnchors = {
      timeZone: p.time_zone,
      dayZero: p.day_zero,
      milestones: Object.fromEntries(
        milestones.filter((m) => m.participant_id === p.id).map((m) => [m.milestone_id, m.date]),
      ),
    };
    const mine = tasksOf.get(p.id) ?? [];
    const existing: ExistingTask[] = mine.map((t) => ({
      key: t.task_key,
      scheduleId: t.schedule_id,
      startDay: t.start_day,
      endDay: t.end_day,
      opensAt: t.opens_at.toISOString(),
      closesAt: iso(t.closes_at),
      status: t.status,
      answered: t.answered_at !== null,
      target:
        t.target_kind === 'activity'
          ? { kind: 'activity', activityId: t.target_id }
          : { kind: 'packet', packetId: t.target_id },
      delivery: t.delivery,
      telehealth: t.telehealth,
    }));
    const planned = planTasks(version!.plan, anchors);
    const diff = reconcileTasks(existing, planned, now);
    const sum = summarizeChanges(diff);
    if (sum.added + sum.moved + sum.withdrawn === 0) continue;
    changes.push({
      scope: { participantId: p.id, studyId: job.study_id, versionId: job.version_id },
      changes: diff,
      ids: new Map(mine.map((t) => [t.task_key, t.id])),
    });
    report.push({
      participantId: p.id,
      participantCode: p.participant_code,
      added: sum.added,
      moved: sum.moved,
      withdrawn: sum.withdrawn,
      kept: sum.kept,
    });
    totals.added += sum.added;
    totals.moved += sum.moved;
    totals.withdrawn += sum.withdrawn;
    ctx.audit({
      action: 'participant.tasks.update',
      entityType: 'participant',
      entityId: p.id,
      after: {
        jobId: job.id,
        versionId: job.version_id,
        added: sum.added,
        moved: sum.moved,
        withdrawn: sum.withdrawn,
      },
    });
  }
  await applyChanges(ctx.db, changes);
  await recordBatch(ctx.db, job, {
    cursor: participants.at(-1)!.id,
    processed: participants.length,
    report,
    ...totals,
  });
  return true;
}

/**
 * Run a job's batches until it is done (or `stopAfterBatches`). A batch that throws is rolled back and
 * counted; after MAX_JOB_ATTEMPTS the job is FAILED. Returns the job's id when one was run.
 */
export async function runScheduleJob(platform: Platform, pick: { jobId?: string }, options: JobRunOptions = {}) {
  let batches = 0;
  let jobId: string | undefined = pick.jobId;
  for (;;) {
    if (options.stopAfterBatches !== undefined && batches >= options.stopAfterBatches) return jobId;
    try {
      const more = await withSystemContext(platform, 'schedule', async (ctx) => {
        const job = jobId ? await lockJob(ctx.db, jobId) : await claimDueJob(ctx.db);
        if (job?.status !== 'INPROGRESS') return false;
        jobId = job.id;
        return runBatch(ctx, job, options);
      });
      batches++;
      if (!more) return jobId;
    } catch (err) {
      options.log?.error({ err, jobId }, 'schedule batch failed');
      if (!jobId) throw err;
      const failedId = jobId;
      const gaveUp = await withSystemContext(platform, 'schedule', async (ctx) => {
        const job = await countAttempt(ctx.db, failedId);
        if (job.attempts < MAX_JOB_ATTEMPTS) return false;
        await finishJob(ctx.db, failedId, 'FAILED', 'Internal Server Error');
        ctx.audit({
          action: 'schedule.job.finish',
          entityType: 'schedule_job',
          entityId: failedId,
          after: { status: 'FAILED', attempts: job.attempts },
        });
        return true;
      });
      if (gaveUp) return jobId;
    }
  }
}

/** Every unfinished job, oldest first (what the worker does on each tick). */
export async function runDueScheduleJobs(platform: Platform, options: JobRunOptions = {}) {
  let ran = 0;
  for (;;) {
    const id = await runScheduleJob(platform, {}, options);
    if (!id) return ran;
    ran++;
  }
}

/** Polls for schedule jobs every `intervalMs` in this process; `stop` waits for the pass under way. */
export function startScheduleWorker(platform: Platform, intervalMs: number, log: Pick<FastifyBaseLogger, 'error'>) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = runDueScheduleJobs(platform, { log })
      .catch((err) => log.error({ err }, 'schedule pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
