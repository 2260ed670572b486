/**
 * A Janus VideoRoom recording composed into one MP4 (janus-compose.ts), from a real recording by Janus 1.1.2
 * (test/fixtures/janus-recording: publisher 11 from the start, publisher 22 from 1.26 s, 3.58 s in all): two side by
 * side, one alone, audio or video only, and the readable errors. Needs ffmpeg, ffprobe and janus-pp-rec; no database.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConversionError, probeVideo, videoTools } from '../src/kernel/ffmpeg';
import { composeJanusRecording, janusPpRec } from '../src/modules/telehealth/janus-compose';
import { tileLayout } from '../src/modules/telehealth/janus-compose-graph';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'janus-recording');
const tools = videoTools();
const ppRec = janusPpRec();
let tmp: string;

/** A folder holding only the fixture files whose names contain one of `parts`. */
function subset(name: string, ...parts: string[]): string {
  const dir = path.join(tmp, name);
  rmSync(dir, { recursive: true, force: true });
  execFileSync('mkdir', ['-p', dir]);
  for (const f of readdirSync(FIXTURE)) {
    if (f.endsWith('.mjr') && parts.some((p) => f.includes(p))) copyFileSync(path.join(FIXTURE, f), path.join(dir, f));
  }
  return dir;
}

function compose(dir: string, out: string) {
  return composeJanusRecording({ dir, out, ffmpeg: tools.ffmpeg!, janusPpRec: ppRec!, timeoutMs: 60_000 });
}

/** The frame at `seconds`, shrunk to 32×18 grey levels: enough to tell a filled tile from the background (30). */
function thumbnail(file: string, seconds: number): Buffer {
  return execFileSync(tools.ffmpeg!, [
    ...['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
    ...['-vf', 'scale=32:18', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
  ]);
}

/** How far a region's pixels are, on average, from the background grey. */
function contrast(frame: Buffer, x0: number, x1: number): number {
  let sum = 0;
  let n = 0;
  for (let y = 6; y < 12; y++) {
    for (let x = x0; x < x1; x++) {
      sum += Math.abs(frame[y * 32 + x]! - 30);
      n++;
    }
  }
  return sum / n;
}

async function expectWebMp4(file: string, duration: [number, number]) {
  const probe = await probeVideo(tools.ffprobe!, file);
  expect(probe).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 1280, height: 720 });
  expect(probe!.durationSeconds).toBeGreaterThan(duration[0]);
  expect(probe!.durationSeconds).toBeLessThan(duration[1]);
  const stream = execFileSync(tools.ffprobe!, [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=pix_fmt,r_frame_rate'],
    ...['-of', 'default=noprint_wrappers=1', file],
  ]).toString();
  expect(stream).toContain('pix_fmt=yuv420p');
  expect(stream).toContain('r_frame_rate=25/1');
  // +faststart: the index before the media
  const head = readFileSync(file)
    .subarray(0, 64 * 1024)
    .toString('latin1');
  expect(head.indexOf('moov')).toBeGreaterThan(0);
  expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
}

describe('composing a Janus VideoRoom recording', () => {
  beforeAll(() => {
    if (!tools.ffmpeg || !tools.ffprobe)
      throw new Error('these tests need ffmpeg and ffprobe (apt-get install ffmpeg)');
    if (!ppRec) throw new Error('these tests need janus-pp-rec (apt-get install janus-tools)');
    tmp = mkdtempSync(path.join(tmpdir(), 'janus-compose-'));
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('lays out one tile full frame, two side by side, three or four in a 2×2 grid', () => {
    expect(tileLayout(1)).toEqual([{ x: 0, y: 0, width: 1280, height: 720 }]);
    expect(tileLayout(2)).toEqual([
      { x: 0, y: 0, width: 640, height: 720 },
      { x: 640, y: 0, width: 640, height: 720 },
    ]);
    expect(tileLayout(3).map((t) => [t.x, t.y])).toEqual([
      [0, 0],
      [640, 0],
      [0, 360],
    ]);
    expect(tileLayout(4).every((t) => t.width === 640 && t.height === 360)).toBe(true);
  });

  it('two publishers: one 1280×720 H.264 + AAC MP4 as long as the recording, the second shown from its arrival', async () => {
    const out = path.join(tmp, 'two.mp4');
    expect(await compose(FIXTURE, out)).toEqual({ publishers: 2, tracks: 4 });
    await expectWebMp4(out, [3.3, 3.9]);
    const early = thumbnail(out, 0.6);
    const later = thumbnail(out, 2);
    // publisher 11 on the left all along; publisher 22 on the right only after 1.26 s
    expect(contrast(early, 2, 14)).toBeGreaterThan(40);
    expect(contrast(early, 18, 30)).toBeLessThan(5);
    expect(contrast(later, 2, 14)).toBeGreaterThan(40);
    expect(contrast(later, 18, 30)).toBeGreaterThan(40);
  });

  it('one publisher fills the frame (aspect kept: 4:3 with bars at the sides)', async () => {
    const out = path.join(tmp, 'one.mp4');
    expect(await compose(subset('one', '-user-11-'), out)).toEqual({ publishers: 1, tracks: 2 });
    await expectWebMp4(out, [3.3, 3.9]);
    const frame = thumbnail(out, 1);
    expect(contrast(frame, 0, 3)).toBeLessThan(5);
    expect(contrast(frame, 8, 24)).toBeGreaterThan(40);
  });

  it('audio only or video only still gives video and sound', async () => {
    const audio = path.join(tmp, 'audio.mp4');
    expect(await compose(subset('audio', '-user-22-1796428104483999-audio-0'), audio)).toEqual({
      publishers: 1,
      tracks: 1,
    });
    await expectWebMp4(audio, [2.1, 2.6]);
    const mixed = path.join(tmp, 'mixed.mp4');
    expect(await compose(subset('mixed', '-user-11-1796428103257424-video-1', '-user-22-'), mixed)).toEqual({
      publishers: 2,
      tracks: 3,
    });
    await expectWebMp4(mixed, [3.3, 3.9]);
  });

  it('an empty folder, a damaged .mjr or one without media: ConversionError with a readable reason', async () => {
    const out = path.join(tmp, 'none.mp4');
    const empty = subset('empty');
    await expect(compose(empty, out)).rejects.toThrow(ConversionError);
    await expect(compose(empty, out)).rejects.toThrow('no Janus recording (.mjr files) in the folder');

    const damaged = subset('damaged', '-user-11-');
    const name = readdirSync(damaged).find((f) => f.includes('video'))!;
    writeFileSync(path.join(damaged, name), readFileSync(path.join(FIXTURE, name)).subarray(0, 40));
    const err = await compose(damaged, out).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as Error).message).toContain(`${name} is not a readable Janus recording`);

    // Janus opened the file but no packet came: the header alone, nothing to show
    const silent = subset('silent');
    writeFileSync(path.join(silent, 'videoroom-1-user-2-1796428103257308-audio-0.mjr'), 'MJR00002');
    await expect(compose(silent, out)).rejects.toThrow('the recording holds no audio or video');
  });
});
