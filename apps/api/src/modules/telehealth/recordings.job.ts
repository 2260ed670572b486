/**
 * Putting recordings together (decision F-recording), the conversion job's way (decision H-study-videos): a
 * recording whose last piece arrived (or whose holder's tab went away after the stop) is claimed under a lease, its
 * pieces written in order to a file and converted to an MP4 every browser plays (ffmpeg, when the server has it;
 * else the WebM is kept as recorded), with no transaction open; the outcome is stored and audited in a second one.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { type Platform, withSystemContext } from '../../kernel/context';
import { storeLocalFile } from '../files/files.service';
import { ConversionError, convertToWebMp4, probeVideo, type VideoTools } from '../../kernel/ffmpeg';
import { sfuRecordingDir } from './janus-bridge';
import { composeJanusRecording, janusPpRec } from './janus-compose';
import { tellRecording } from './recording-news';
import {
  abandonedUploads,
  chunksOf,
  claimRecordingToProcess,
  deleteChunks,
  type RecordingRow,
  recordingById,
  updateRecording,
} from './recordings.repository';

/** After the stop, the holder's browser has this long to send its last piece before the recording is closed as is. */
const LAST_PIECE_WAIT_MS = 60_000;
const PROCESS_LEASE_MS = 35 * 60_000;
const CONVERSION_TIMEOUT_MS = 30 * 60_000;
const MAX_ATTEMPTS = 3;

type Outcome =
  | { kind: 'ready'; file: string; contentType: string; byteSize: number; sha256: string; duration: number | null }
  | { kind: 'failed'; detail: string };

/** The pieces, in order, into one file; its size and SHA-256. */
async function writePieces(platform: Platform, rec: RecordingRow, file: string) {
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of chunksOf(platform.db, rec.id)) {
    hash.update(piece);
    size += piece.length;
    if (!out.write(piece)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { size, sha256: hash.digest('hex') };
}

async function sha256Of(file: string) {
  const hash = createHash('sha256');
  for await (const part of createReadStream(file)) hash.update(part as Buffer);
  return hash.digest('hex');
}

/** A finished MP4 as the outcome: its size, hash and (with ffprobe) length. */
async function readyMp4(tools: VideoTools, mp4: string): Promise<Outcome> {
  const probe = tools.ffprobe ? await probeVideo(tools.ffprobe, mp4) : null;
  return {
    kind: 'ready',
    file: mp4,
    contentType: 'video/mp4',
    byteSize: (await stat(mp4)).size,
    sha256: await sha256Of(mp4),
    duration: probe?.durationSeconds ?? null,
  };
}

/** The .mjr files Janus wrote for the recording, composed into one MP4 (decision F-sfu). */
async function composeSfu(platform: Platform, rec: RecordingRow, dir: string, tools: VideoTools): Promise<Outcome> {
  const ppRec = janusPpRec();
  if (!tools.ffmpeg || !ppRec) return { kind: 'failed', detail: 'ffmpeg and janus-pp-rec are needed to compose it' };
  const mp4 = path.join(dir, 'recording.mp4');
  try {
    await composeJanusRecording({
      dir: sfuRecordingDir(platform.config, rec.id),
      out: mp4,
      ffmpeg: tools.ffmpeg,
      janusPpRec: ppRec,
      timeoutMs: CONVERSION_TIMEOUT_MS,
    });
  } catch (e) {
    if (e instanceof ConversionError) return { kind: 'failed', detail: e.message };
    throw e;
  }
  return readyMp4(tools, mp4);
}

async function assemble(platform: Platform, rec: RecordingRow, dir: string, tools: VideoTools): Promise<Outcome> {
  if (rec.media_source === 'sfu') return composeSfu(platform, rec, dir, tools);
  const recorded = path.join(dir, 'recorded');
  const written = await writePieces(platform, rec, recorded);
  if (written.size === 0) return { kind: 'failed', detail: 'nothing was recorded' };
  const contentType = rec.content_type ?? 'video/webm';
  if (!tools.ffmpeg)
    return {
      kind: 'ready',
      file: recorded,
      contentType,
      byteSize: written.size,
      sha256: written.sha256,
      duration: null,
    };
  const mp4 = path.join(dir, 'recording.mp4');
  try {
    await convertToWebMp4(tools.ffmpeg, recorded, mp4, CONVERSION_TIMEOUT_MS);
  } catch (e) {
    if (e instanceof ConversionError) return { kind: 'failed', detail: e.message };
    throw e;
  }
  return readyMp4(tools, mp4);
}

async function record(platform: Platform, claimed: RecordingRow, outcome: Outcome) {
  await withSystemContext(platform, 'telehealth', async (ctx) => {
    const now = await recordingById(ctx.db, claimed.id, true);
    if (now?.media_state !== 'PROCESSING' || now.attempts !== claimed.attempts) return;
    if (outcome.kind === 'failed') {
      await updateRecording(ctx.db, claimed.id, {
        media_state: 'FAILED',
        error_detail: outcome.detail,
        lease_until: null,
      });
      ctx.audit({
        action: 'telehealth.recording.store',
        entityType: 'telehealth_recording',
        entityId: claimed.id,
        after: { mediaState: 'FAILED', detail: outcome.detail },
      });
      return;
    }
    const client = await ctx.db
      .selectFrom('studies')
      .select('client_id')
      .where('id', '=', claimed.study_id)
      .executeTakeFirstOrThrow();
    const file = await storeLocalFile(ctx, {
      clientId: client.client_id,
      studyId: claimed.study_id,
      kind: 'video',
      contentType: outcome.contentType,
      fileName: claimed.name,
      localPath: outcome.file,
      byteSize: outcome.byteSize,
      sha256: outcome.sha256,
    });
    await updateRecording(ctx.db, claimed.id, {
      media_state: 'READY',
      file_id: file.id,
      content_type: outcome.contentType,
      duration_seconds: outcome.duration,
      lease_until: null,
      error_detail: null,
    });
    await deleteChunks(ctx.db, claimed.id);
    // Janus's own files: the MP4 stored is the recording now
    if (claimed.media_source === 'sfu')
      ctx.afterCommit(() => void rm(sfuRecordingDir(platform.config, claimed.id), { recursive: true, force: true }));
    ctx.audit({
      action: 'telehealth.recording.store',
      entityType: 'telehealth_recording',
      entityId: claimed.id,
      after: {
        mediaState: 'READY',
        fileId: file.id,
        sha256: outcome.sha256,
        durationSeconds: outcome.duration,
        pieces: claimed.chunk_count,
      },
    });
  });
}

/** Stopped recordings whose last piece never came are closed as they are. */
async function closeAbandoned(platform: Platform, now: Date) {
  for (const { id } of await abandonedUploads(platform.db, new Date(now.getTime() - LAST_PIECE_WAIT_MS)))
    await withSystemContext(platform, 'telehealth', async (ctx) => {
      const rec = await recordingById(ctx.db, id, true);
      if (rec?.media_state !== 'RECEIVING' || rec.state === 'RECORDING') return;
      const media = rec.chunk_count > 0 ? 'PROCESSING' : 'NONE';
      await updateRecording(ctx.db, id, { media_state: media, lease_until: null });
      ctx.audit({
        action: 'telehealth.recording.stop',
        entityType: 'telehealth_recording',
        entityId: id,
        before: { mediaState: 'RECEIVING' },
        after: { mediaState: media, lastPieceSent: false, pieces: rec.chunk_count },
      });
      await tellRecording(ctx, id, 'recording_stopped');
    });
}

/** One pass: close what was left, then put together every recording waiting (at most `limit`). */
export async function processRecordings(
  platform: Platform,
  options: { tools: VideoTools; now?: Date; limit?: number; log?: Pick<FastifyBaseLogger, 'warn'> },
): Promise<number> {
  const now = options.now ?? new Date();
  await closeAbandoned(platform, now);
  let done = 0;
  for (let i = 0; i < (options.limit ?? 5); i++) {
    const claimedAt = new Date();
    const rec = await platform.db
      .transaction()
      .execute((trx) => claimRecordingToProcess(trx, claimedAt, new Date(claimedAt.getTime() + PROCESS_LEASE_MS)));
    if (!rec) break;
    const dir = await mkdtemp(path.join(tmpdir(), 'trialpath-recording-'));
    try {
      const outcome: Outcome =
        rec.attempts > MAX_ATTEMPTS
          ? { kind: 'failed', detail: 'putting the recording together was interrupted too many times' }
          : await assemble(platform, rec, dir, options.tools);
      await record(platform, rec, outcome);
      done++;
    } catch (err) {
      // the store or the disk failed: left PROCESSING, claimed again when the lease ends
      options.log?.warn({ recordingId: rec.id, err }, 'recording not put together');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return done;
}
