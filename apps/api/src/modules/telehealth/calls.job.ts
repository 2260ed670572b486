/**
 * Unscheduled calls that nobody answers end by themselves (F-067, F-068; decision F-calls): every three seconds,
 * a call that has waited five minutes for its participant is ended for everyone in it, audited by the job; a
 * recording request unanswered for five minutes times out (F-077). Beside it, its own loop puts stopped
 * recordings together (a long conversion never delays the three-second checks; decision F-recording).
 */
import { NO_PARTICIPANT_END_MS } from '@trialpath/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Platform, withSystemContext } from '../../kernel/context';
import { callById, unansweredCalls } from './calls.repository';
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

export function startCallWorker(
  platform: Platform,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): { stop(): Promise<void> } {
  const tools = videoTools();
  const checks = loop(async () => {
    await endUnansweredCalls(platform).catch((err) => log.error({ err }, 'unanswered calls not ended'));
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
