/**
 * A Janus VideoRoom recording made into one MP4 (production video calls, Janus as SFU). Janus 1.1.2 writes one .mjr
 * per publisher and medium each time recording starts for that publisher:
 *   videoroom-<room>-user-<publisher>-<µs since epoch>-<audio|video|data>-<m-line index>.mjr
 * (audio and video of one start differ by a few µs in the name, so names are not matched on the time). janus-pp-rec
 * turns each into a playable file; ffmpeg lays them out (janus-compose-graph.ts) and mixes their sound.
 *
 * Time: each track is placed at the moment Janus wrote its first packet (the .mjr header's "u", real time in µs);
 * janus-pp-rec's output starts at that packet. Tiles: one per publisher who sent video, in order of arrival; a
 * publisher recorded in several pieces (recording switched off and on, left and came back) keeps its one tile and
 * each piece shows in it at its own time, the background in between. Audio-only publishers are heard, not shown.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConversionError, findProgram } from '../../kernel/ffmpeg';
import { composeArgs, type PlacedTrack } from './janus-compose-graph';

export function janusPpRec(env: NodeJS.ProcessEnv = process.env): string | null {
  return findProgram('janus-pp-rec', 'JANUS_PP_REC_PATH', env);
}

export interface ComposeJanusOptions {
  /** The folder Janus recorded the room into (the room's rec_dir). */
  dir: string;
  /** The MP4 to write. */
  out: string;
  ffmpeg: string;
  janusPpRec: string;
  /** For the whole composition, every program run included. */
  timeoutMs: number;
  /** Stops the running program (server shutting down); the error is then not a ConversionError. */
  signal?: AbortSignal;
}

/** A finished .mjr: in-progress ones end in ".mjr.tmp" when Janus has recordings_tmp_ext = "tmp". */
const MJR_NAME = /^videoroom-(.+?)-user-(.+)-(\d+)-(audio|video|data)-(\d+)\.mjr$/;

interface Track {
  name: string;
  publisher: string;
  kind: 'audio' | 'video';
  codec: string;
  /** First packet, µs since the epoch. */
  firstUs: number;
  seconds: number;
}

/** janus-pp-rec's target by codec: no transcoding there, so the container must fit the codec. */
function extensionFor(kind: 'audio' | 'video', codec: string): string {
  const c = codec.toLowerCase();
  if (kind === 'audio') return c === 'opus' || c === 'multiopus' ? 'opus' : 'wav';
  if (c === 'vp8' || c === 'vp9') return 'webm';
  return c === 'av1' ? 'mp4' : 'mkv';
}

function run(program: string, args: string[], deadline: number, signal?: AbortSignal): Promise<string> {
  const timeout = Math.max(1, deadline - Date.now());
  return new Promise((resolve, reject) => {
    execFile(program, args, { timeout, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL', signal }, (err, out, e) => {
      if (err) reject(Object.assign(err, { stderr: String(e), stdout: String(out) }));
      else resolve(String(out));
    });
  });
}

/** The last lines a program wrote (its reason), short enough to show. */
function reasonOf(err: unknown, program: string): string {
  const e = err as { stderr?: string; stdout?: string; killed?: boolean; message?: string };
  if (e.killed) return 'the composition took too long and was stopped';
  const text = `${e.stdout ?? ''}\n${e.stderr ?? ''}`;
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && l !== 'Bye!');
  const tail = lines.slice(-2).join(' ') || `${program} stopped with an error`;
  return tail.length > 300 ? `${tail.slice(0, 297)}...` : tail;
}

/** Header and length of one .mjr; null: Janus opened it but no packet ever arrived (the header is never written). */
async function readTrack(
  ppRec: string,
  dir: string,
  name: string,
  deadline: number,
  signal?: AbortSignal,
): Promise<Track | null> {
  const [, , publisher = '', , kind] = MJR_NAME.exec(name) ?? [];
  let stdout: string;
  try {
    stdout = await run(ppRec, ['-o', '-e', path.join(dir, name)], deadline, signal);
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ConversionError(`${name} is not a readable Janus recording (${reasonOf(err, 'janus-pp-rec')})`);
  }
  let header: { t?: string; c?: string; u?: number; extended?: { packets?: number; duration?: number } };
  try {
    header = JSON.parse(stdout.trim());
  } catch {
    return null; // janus-pp-rec prints "(null)" for a file with no header
  }
  if (!header?.u || !header.c || !header.extended?.packets) return null;
  const t = header.t === 'v' ? 'video' : header.t === 'a' ? 'audio' : null;
  if (!t || t !== kind) throw new ConversionError(`${name} is not the ${kind} its name says`);
  return { name, publisher, kind: t, codec: header.c, firstUs: header.u, seconds: header.extended.duration ?? 0 };
}

export async function composeJanusRecording(
  opts: ComposeJanusOptions,
): Promise<{ publishers: number; tracks: number }> {
  const { dir, out, ffmpeg, janusPpRec: ppRec, signal } = opts;
  const deadline = Date.now() + opts.timeoutMs;
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => MJR_NAME.test(n) && !n.includes('-data-')).sort();
  } catch {
    throw new ConversionError('the recording folder cannot be read');
  }
  if (names.length === 0) throw new ConversionError('no Janus recording (.mjr files) in the folder');

  const tracks: Track[] = [];
  for (const name of names) {
    const track = await readTrack(ppRec, dir, name, deadline, signal);
    if (track) tracks.push(track);
  }
  if (tracks.length === 0) throw new ConversionError('the recording holds no audio or video');

  const startUs = Math.min(...tracks.map((t) => t.firstUs));
  // Tiles in order of each publisher's first video: who came first sits top left.
  const byArrival = [...tracks].sort((a, b) => a.firstUs - b.firstUs);
  const tileOf = new Map<string, number>();
  for (const t of byArrival) if (t.kind === 'video' && !tileOf.has(t.publisher)) tileOf.set(t.publisher, tileOf.size);
  const duration = Math.max(...tracks.map((t) => (t.firstUs - startUs) / 1e6 + t.seconds));

  const work = await mkdtemp(path.join(tmpdir(), 'janus-compose-'));
  try {
    const placed: PlacedTrack[] = [];
    for (const [i, t] of byArrival.entries()) {
      const file = path.join(work, `${i}.${extensionFor(t.kind, t.codec)}`);
      try {
        await run(ppRec, ['-o', path.join(dir, t.name), file], deadline, signal);
      } catch (err) {
        if (signal?.aborted) throw err;
        throw new ConversionError(`${t.name} could not be converted (${reasonOf(err, 'janus-pp-rec')})`);
      }
      const offset = (t.firstUs - startUs) / 1e6;
      placed.push({ file, kind: t.kind, tile: tileOf.get(t.publisher) ?? 0, offset });
    }
    try {
      await run(ffmpeg, composeArgs(placed, tileOf.size, duration, out), deadline, signal);
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new ConversionError(reasonOf(err, 'ffmpeg'));
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return { publishers: new Set(tracks.map((t) => t.publisher)).size, tracks: tracks.length };
}
