/**
 * The export worker (issue 14, decision H-exports). A job is claimed in a short transaction under a lease, made with
 * no transaction open (the zip is written to a file on this machine while the rows are read in chunks), then
 * stored, finished and audited in a second transaction. Progress in rows is written as it goes, and moves the lease
 * on: a worker that dies leaves its job to be claimed again when the lease ends, and the job is made again from the
 * start (the same data gives the same bytes, so a repeat is harmless). A job that fails three times is FAILED.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EXPORT_LINK_VALID_HOURS } from '@trialpath/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { ExportJobsTable } from '../../db/schema/exports';
import { type Platform, withSystemContext } from '../../kernel/context';
import { storeLocalFile } from '../files/files.service';
import { buildExportFile } from './export-build';
import { claimDueExport, failExportAttempt, finishExportJob, recordExportProgress } from './exports.repository';

export const MAX_EXPORT_ATTEMPTS = 3;
/** How long a claimed export is its worker's before another may take it (moved on by every progress report). */
export const EXPORT_LEASE_MS = 2 * 60_000;
/** A failed attempt is tried again after this long (times the attempts so far). */
const RETRY_AFTER_MS = 30_000;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

export type ClaimedExport = Selectable<ExportJobsTable>;

export interface ExportRunOptions {
  now?: () => Date;
  /** Stop after this many rows, as a crash would (tests of resumption). */
  crashAfterRows?: number;
  log?: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** Thrown by the crash simulation: the job is left RUNNING under its lease, as a dead worker leaves it. */
export class SimulatedCrash extends Error {}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

/** Make one claimed export; true when it finished. */
async function runOne(platform: Platform, job: ClaimedExport, options: ExportRunOptions): Promise<boolean> {
  const now = options.now ?? (() => new Date());
  const file = path.join(tmpdir(), `trialpath-export-${job.id}-${job.attempts}-${process.pid}.zip`);
  let lastReport = 0;
  let owned = true;
  const progress = async (rowsDone: number, rowsTotal: number | null, force = false) => {
    if (options.crashAfterRows !== undefined && rowsDone >= options.crashAfterRows) throw new SimulatedCrash('crash');
    const t = Date.now();
    if (!force && t - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = t;
    owned = await recordExportProgress(platform.db, job.id, job.attempts, {
      rowsDone,
      rowsTotal,
      leaseUntil: new Date(now().getTime() + EXPORT_LEASE_MS),
    });
    if (!owned) throw new Error('the export was taken over by another worker');
  };
  try {
    const made = await buildExportFile(platform, job, file, progress);
    const at = now();
    return await withSystemContext(
      platform,
      'exports',
      async (ctx) => {
        const stored = await storeLocalFile(ctx, {
          clientId: made.clientId,
          studyId: job.study_id,
          kind: 'export',
          contentType: 'application/zip',
          fileName: made.fileName,
          localPath: file,
          byteSize: made.byteSize,
          sha256: made.sha256,
        });
        const finished = await finishExportJob(ctx.db, job.id, job.attempts, {
          fileId: stored.id,
          rows: made.rows,
          at,
          expiresAt: new Date(at.getTime() + EXPORT_LINK_VALID_HOURS * 3_600_000),
        });
        if (!finished) throw new Error('the export was taken over by another worker');
        ctx.audit({
          action: 'export.finish',
          entityType: 'export_job',
          entityId: job.id,
          after: { rows: made.rows, fileName: made.fileName, byteSize: made.byteSize, sha256: made.sha256 },
        });
        return true;
      },
      { env: job.environment },
    );
  } catch (err) {
    if (err instanceof SimulatedCrash) throw err;
    const final = job.attempts >= MAX_EXPORT_ATTEMPTS;
    options.log?.warn({ exportId: job.id, attempt: job.attempts, err }, 'export attempt failed');
    if (owned)
      await withSystemContext(
        platform,
        'exports',
        async (ctx) => {
          const at = now();
          const recorded = await failExportAttempt(ctx.db, job.id, job.attempts, {
            error: errorText(err),
            final,
            at,
            retryAt: new Date(at.getTime() + RETRY_AFTER_MS * job.attempts),
          });
          if (recorded && final)
            ctx.audit({
              action: 'export.fail',
              entityType: 'export_job',
              entityId: job.id,
              after: { error: errorText(err) },
            });
        },
        { env: job.environment },
      );
    return false;
  } finally {
    await rm(file, { force: true });
  }
}

/** One pass: make every export that is due, oldest first (at most `limit`). Answers how many finished. */
export async function runDueExports(platform: Platform, options: ExportRunOptions & { limit?: number } = {}) {
  const now = options.now ?? (() => new Date());
  let finished = 0;
  for (let i = 0; i < (options.limit ?? 10); i++) {
    const at = now();
    const job = await platform.db
      .transaction()
      .execute((trx) => claimDueExport(trx, at, new Date(at.getTime() + EXPORT_LEASE_MS)));
    if (!job) break;
    if (await runOne(platform, job, options)) finished++;
  }
  return finished;
}

/** Polls for due exports every `intervalMs` in this process; `stop` waits for the export under way. */
export function startExportWorker(
  platform: Platform,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout;
  const tick = () => {
    running = runDueExports(platform, { log })
      .catch((err) => log.error({ err }, 'export pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
