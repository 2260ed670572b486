/**
 * Unscheduled calls that nobody answers end by themselves (F-067, F-068; decision F-calls): every three seconds,
 * a call that has waited five minutes for its participant is ended for everyone in it, audited by the job; a
 * recording request unanswered for five minutes times out (F-077); a connected call nobody is in any more ends.
 * Beside it, its own loop puts stopped recordings together (a long conversion never delays the three-second
 * checks; decision F-recording).
 */
import { NO_PARTICIPANT_CHECK_MS, NO_PARTICIPANT_END_MS } from '@trialpath/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Platform, withSystemContext } from '../../kernel/context';
import { roomsOf } from './call-rooms';
import { callById, connectedCalls, unansweredCalls } from './calls.repository';
import { finishCall } from './calls.service';
import { expireRecordingRequests } from './recording-news';
import { processRecordings } from './recordings.job';
import { videoTools } from '../../kernel/ffmpeg';

/** Ends the calls unanswered at `now`; answers how many. */
export async function endUnansweredCalls(platform: Platform, now = new Date()): Promise<number> {
  const due = await unansweredCalls(platform.db, new Date(now.getTime() - NO_PARTICIPANT_END_MS));
  let ended = 0;
  for (const { id } of due)
    await withSystemContext(platform, 'telehealth', async (ctx) => {
      const row = await callById(ctx.db, id, true);
      // answered or ended meanwhile
      if (row?.state !== 'INITIATED' || row.participant_joined_at !== null) return;
      await finishCall(ctx, row, 'NO_PARTICIPANT', null);
      ended++;
    });
  return ended;
}

/**
 * Connected calls that nobody is in any more — the server that held everyone's connection died, so nobody was
 * left to see the streams go: once found empty for the rejoin grace, they end as the last stream gone (no call
 * that never ends). `emptySince` is the caller's memory of when each was first found empty; answers how many ended.
 */
export async function endAbandonedCalls(
  platform: Platform,
  emptySince: Map<string, number>,
  now = Date.now(),
): Promise<number> {
  const rooms = roomsOf(platform.config);
  const connected = await connectedCalls(platform.db);
  const seen = new Set(connected.map((c) => c.id));
  for (const id of emptySince.keys()) if (!seen.has(id)) emptySince.delete(id);
  let ended = 0;
  for (const { id } of connected) {
    if ((await rooms.size(id)) > 0) {
      emptySince.delete(id);
      continue;
    }
    const since = emptySince.get(id) ?? now;
    emptySince.set(id, since);
    if (now - since < platform.config.calls.rejoinGraceMs) continue;
    await withSystemContext(platform, 'telehealth', async (ctx) => {
      const row = await callById(ctx.db, id, true);
      if (row?.state !== 'CONNECTED' || (await rooms.size(id)) > 0) return;
      await finishCall(ctx, row, 'LAST_STREAM_GONE', null);
      ended++;
    });
    emptySince.delete(id);
  }
  return ended;
}

/** A pass repeated every `intervalMs` after the last one ended; `stop` waits for the pass running. */
function loop(pass: () => Promise<unknown>, intervalMs: number) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = pass().finally(() => {
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** The job's two loops; the checks every three seconds after the last ended (F-068). */
export function startCallWorker(
  platform: Platform,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  intervalMs = NO_PARTICIPANT_CHECK_MS,
): { stop(): Promise<void> } {
  const tools = videoTools();
  const emptySince = new Map<string, number>();
  const checks = loop(async () => {
    await endUnansweredCalls(platform).catch((err) => log.error({ err }, 'unanswered calls not ended'));
    await endAbandonedCalls(platform, emptySince).catch((err) => log.error({ err }, 'abandoned calls not ended'));
    await expireRecordingRequests(platform).catch((err) => log.error({ err }, 'recording requests not timed out'));
  }, intervalMs);
  const recordings = loop(
    () => processRecordings(platform, { tools, log }).catch((err) => log.error({ err }, 'recordings not put together')),
    intervalMs,
  );
  return {
    async stop() {
      await Promise.all([checks.stop(), recordings.stop()]);
    },
  };
}
