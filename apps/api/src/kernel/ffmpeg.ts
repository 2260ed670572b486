/**
 * ffmpeg and ffprobe as the video jobs run them (decisions H-study-videos, F-recording): found at FFMPEG_PATH / FFPROBE_PATH
 * or on the PATH (as `which` finds them), run with no shell, their arguments as a list, killed after a time limit.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface VideoTools {
  ffmpeg: string | null;
  ffprobe: string | null;
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A program by its environment variable (when it names an executable) or the first on the PATH; null: absent. */
export function findProgram(name: string, envVar: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const named = env[envVar]?.trim();
  if (named) return executable(named) ? named : null;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (executable(file)) return file;
  }
  return null;
}

export function videoTools(env: NodeJS.ProcessEnv = process.env): VideoTools {
  return { ffmpeg: findProgram('ffmpeg', 'FFMPEG_PATH', env), ffprobe: findProgram('ffprobe', 'FFPROBE_PATH', env) };
}

function run(
  program: string,
  args: string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL', signal },
      (err, stdout, stderr) => {
        if (err) reject(Object.assign(err, { stderr: String(stderr) }));
        else resolve({ stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

export interface VideoProbe {
  /** ffprobe's format names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  formatName: string;
  videoCodec: string | null;
  audioCodec: string | null;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; duration?: string }[];
}

/** What ffprobe reads of a file; null when it cannot read it as media. */
export async function probeVideo(ffprobe: string, file: string, timeoutMs = 60_000): Promise<VideoProbe | null> {
  try {
    const { stdout } = await run(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      timeoutMs,
    );
    const json = JSON.parse(stdout) as ProbeJson;
    const video = json.streams?.find((s) => s.codec_type === 'video');
    const audio = json.streams?.find((s) => s.codec_type === 'audio');
    const duration = Number(json.format?.duration ?? video?.duration);
    return {
      formatName: json.format?.format_name ?? '',
      videoCodec: video?.codec_name ?? null,
      audioCodec: audio?.codec_name ?? null,
      durationSeconds: Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : null,
      width: video?.width ?? null,
      height: video?.height ?? null,
    };
  } catch {
    return null;
  }
}

/** The last lines ffmpeg wrote (its reason), short enough to show. */
function reasonOf(err: unknown): string {
  const e = err as { stderr?: string; killed?: boolean; message?: string };
  if (e.killed) return 'the conversion took too long and was stopped';
  const lines = (e.stderr ?? e.message ?? '').trim().split('\n').filter(Boolean);
  const text = lines.slice(-3).join(' ').trim() || 'ffmpeg stopped with an error';
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

export class ConversionError extends Error {}

/** The video encoding of an MP4 every browser plays: H.264 in yuv420p, quality over size at a fast preset. */
export const WEB_H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'] as const;

/**
 * Convert to an MP4 every browser plays: H.264 (yuv420p, even dimensions, at most 1080 lines), AAC audio when the
 * file has sound, the index ("moov") at the front so playing starts before the whole file has arrived.
 */
export async function convertToWebMp4(
  ffmpeg: string,
  input: string,
  output: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const args = [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    ...WEB_H264,
    '-vf',
    "scale='min(1920,iw)':'min(1080,ih)':force_original_aspect_ratio=decrease,scale=trunc(iw/2)*2:trunc(ih/2)*2",
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
  try {
    await run(ffmpeg, args, timeoutMs, signal);
  } catch (err) {
    // stopped because the server is shutting down: not the video's fault
    if (signal?.aborted) throw err;
    throw new ConversionError(reasonOf(err));
  }
}
