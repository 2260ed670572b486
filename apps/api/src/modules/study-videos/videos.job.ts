/**
 * The video conversion job (decision H-study-videos), the outbox's way (decision 0006): a video waiting for
 * conversion is claimed in a short transaction (locked, one attempt counted, marked CONVERTING, leased), converted
 * with ffmpeg with no transaction open — on the embedded database, whose one connection every request shares,
 * nobody waits for ffmpeg — and the outcome (the converted file stored, or why it failed) recorded and audited in a
 * second transaction. A server that stops mid-conversion leaves the video to be claimed again when its lease ends.
 *
 * Without ffmpeg: an MP4 whose video is already H.264 (ffprobe says so; without ffprobe too, an MP4 is taken on its
 * container) is READY as uploaded; anything else FAILED with "Conversion needs ffmpeg on the server".
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { StudyVideoError } from '../../db/schema/study-videos';
import { type Platform, withSystemContext } from '../../kernel/context';
import { storeFile, storedFile, streamStoredFile } from '../files/files.service';
import {
  ConversionError,
  convertToWebMp4,
  probeVideo,
  type VideoProbe,
  type VideoTools,
  videoTools,
} from '../../kernel/ffmpeg';
import { claimDueVideo, findVideo, releaseClaim, type StudyVideoRow, updateVideo } from './videos.repository';

export { videoTools } from '../../kernel/ffmpeg';

/** How long a claimed video is left to its converter before another may take it (above the ffmpeg limit). */
const CONVERSION_LEASE_MS = 35 * 60_000;
/** ffmpeg is stopped after this long (a 200 MiB upload converts in minutes on two cores). */
const CONVERSION_TIMEOUT_MS = 30 * 60_000;
/** After this many claims that ended without an outcome (the server stopped, the store failed) it is given up. */
export const MAX_CONVERSION_ATTEMPTS = 3;

type Outcome =
  | { kind: 'ready'; data: Buffer | null; probe: VideoProbe | null }
  | { kind: 'failed'; code: StudyVideoError; detail: string | null };

export interface ConversionReport {
  ready: number;
  failed: number;
}

export interface ConversionOptions {
  /** ffmpeg and ffprobe (found on the PATH unless given; null: absent). */
  tools?: VideoTools;
  now?: () => Date;
  /** Videos handled in one pass at the most. */
  limit?: number;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Aborted when the server stops: ffmpeg is stopped and the video handed back for the next start. */
  signal?: AbortSignal;
}

const isH264Mp4 = (p: VideoProbe | null) => !!p && /mp4/.test(p.formatName) && p.videoCodec === 'h264';

/** Convert one claimed video (no transaction open): the MP4's bytes (null: the upload itself serves), or why not. */
async function convert(
  platform: Platform,
  video: StudyVideoRow,
  tools: VideoTools,
  signal?: AbortSignal,
): Promise<Outcome> {
  const original = await storedFile(platform, video.original_file_id);
  if (!original) return { kind: 'failed', code: 'UNREADABLE', detail: null };
  if (!tools.ffmpeg && !tools.ffprobe) {
    return original.contentType === 'video/mp4'
      ? { kind: 'ready', data: null, probe: null }
      : { kind: 'failed', code: 'NEEDS_FFMPEG', detail: null };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'trialpath-video-'));
  try {
    const input = path.join(dir, 'original');
    const source = await streamStoredFile(platform, original.id);
    if (!source) return { kind: 'failed', code: 'UNREADABLE', detail: null };
    await pipeline(source.stream, createWriteStream(input));
    const probe = tools.ffprobe ? await probeVideo(tools.ffprobe, input) : null;
    if (tools.ffprobe && !probe?.videoCodec) return { kind: 'failed', code: 'UNREADABLE', detail: null };
    if (!tools.ffmpeg) {
      return original.contentType === 'video/mp4' && isH264Mp4(probe)
        ? { kind: 'ready', data: null, probe }
        : { kind: 'failed', code: 'NEEDS_FFMPEG', detail: null };
    }
    const output = path.join(dir, 'web.mp4');
    try {
      await convertToWebMp4(tools.ffmpeg, input, output, CONVERSION_TIMEOUT_MS, signal);
    } catch (e) {
      if (e instanceof ConversionError) return { kind: 'failed', code: 'CONVERSION', detail: e.message };
      throw e;
    }
    const converted = tools.ffprobe ? await probeVideo(tools.ffprobe, output) : null;
    return { kind: 'ready', data: await readFile(output), probe: converted ?? probe };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Record the outcome (the claim still ours: not deleted, still CONVERTING on this attempt) and audit it. */
async function record(platform: Platform, claimed: StudyVideoRow, outcome: Outcome, at: Date) {
  await withSystemContext(platform, 'study-videos', async (ctx) => {
    const now = await findVideo(ctx.db, claimed.id, true);
    if (now?.status !== 'CONVERTING' || now.attempts !== claimed.attempts) return;
    if (outcome.kind === 'failed') {
      await updateVideo(ctx.db, claimed.id, {
        status: 'FAILED',
        error_code: outcome.code,
        error_detail: outcome.detail,
        lease_until: null,
      });
      ctx.audit({
        action: 'video.fail',
        entityType: 'study_video',
        entityId: claimed.id,
        before: { status: 'CONVERTING' },
        after: { status: 'FAILED', error: outcome.code, detail: outcome.detail },
      });
      return;
    }
    let convertedId = claimed.original_file_id;
    if (outcome.data) {
      const original = await storedFile(ctx, claimed.original_file_id);
      const file = await storeFile(ctx, {
        clientId: original!.clientId,
        studyId: claimed.study_id,
        kind: 'video',
        contentType: 'video/mp4',
        data: outcome.data,
        fileName: `${claimed.title}.mp4`,
      });
      convertedId = file.id;
    }
    const p = outcome.probe;
    await updateVideo(ctx.db, claimed.id, {
      status: 'READY',
      converted_file_id: convertedId,
      error_code: null,
      error_detail: null,
      duration_seconds: p?.durationSeconds ?? null,
      width: p?.width ?? null,
      height: p?.height ?? null,
      lease_until: null,
      converted_at: at,
    });
    ctx.audit({
      action: 'video.convert',
      entityType: 'study_video',
      entityId: claimed.id,
      before: { status: 'CONVERTING' },
      after: {
        status: 'READY',
        convertedFileId: convertedId,
        asUploaded: !outcome.data,
        durationSeconds: p?.durationSeconds ?? null,
        width: p?.width ?? null,
        height: p?.height ?? null,
        videoCodec: p?.videoCodec ?? null,
      },
    });
  });
}

/** One pass: convert every video waiting (at most `limit`), oldest first. */
export async function convertDueVideos(platform: Platform, options: ConversionOptions = {}): Promise<ConversionReport> {
  const now = options.now ?? (() => new Date());
  const tools = options.tools ?? videoTools();
  const report: ConversionReport = { ready: 0, failed: 0 };
  for (let handled = 0; handled < (options.limit ?? 10); handled++) {
    if (options.signal?.aborted) break;
    const claimedAt = now();
    const video = await platform.db
      .transaction()
      .execute((trx) => claimDueVideo(trx, claimedAt, new Date(claimedAt.getTime() + CONVERSION_LEASE_MS)));
    if (!video) break;
    let outcome: Outcome;
    if (video.attempts > MAX_CONVERSION_ATTEMPTS) {
      outcome = { kind: 'failed', code: 'CONVERSION', detail: 'the conversion was interrupted too many times' };
    } else {
      try {
        outcome = await convert(platform, video, tools, options.signal);
      } catch (err) {
        if (options.signal?.aborted) {
          // the server is stopping: the video waits again, not counted as an attempt
          await releaseClaim(platform.db, video.id);
          break;
        }
        // the store or the disk failed: left CONVERTING, claimed again when the lease ends
        options.log?.warn({ videoId: video.id, err }, 'video conversion interrupted');
        continue;
      }
    }
    await record(platform, video, outcome, now());
    if (outcome.kind === 'ready') report.ready++;
    else report.failed++;
  }
  return report;
}

/** Polls for videos to convert every `intervalMs` in this process (one pass at a time); `stop` waits for a pass. */
export function startVideoWorker(
  platform: Platform,
  intervalMs: number,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): { stop(): Promise<void> } {
  const tools = videoTools();
  if (!tools.ffmpeg)
    log.warn('ffmpeg not found (FFMPEG_PATH or PATH): study videos other than H.264 MP4 cannot be converted');
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const stopping = new AbortController();
  const tick = () => {
    running = convertDueVideos(platform, { tools, log, signal: stopping.signal })
      .catch((err) => log.error({ err }, 'video conversion pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  let timer: NodeJS.Timeout = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stopping.abort();
      await running;
    },
  };
}
