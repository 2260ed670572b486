/**
 * The ffmpeg half of composing a Janus VideoRoom recording (janus-compose.ts): where each publisher's tile sits and
 * the filter graph that lays the converted tracks out on one 1280×720 canvas and mixes their sound, each track
 * shifted to the moment Janus wrote its first packet.
 */
import { WEB_H264 } from '../../kernel/ffmpeg';

export const CANVAS = { width: 1280, height: 720, fps: 25 } as const;
/** Dark grey: a tile nobody fills (not yet arrived, left, recording paused) reads as empty, not as a black video. */
const BACKGROUND = '0x1e1e1e';

/** A converted track, ready for ffmpeg. */
export interface PlacedTrack {
  /** The file janus-pp-rec wrote (.webm, .opus, ...). */
  file: string;
  kind: 'audio' | 'video';
  /** Index of the publisher's tile (video only; publishers with video, in order of arrival). */
  tile: number;
  /** Seconds after the earliest track of the recording. */
  offset: number;
}

export interface Tile {
  x: number;
  y: number;
  width: number;
  height: number;
}

const even = (n: number) => Math.floor(n / 2) * 2;

/** One tile fills the frame, two sit side by side, three or four make a 2×2 grid (and so on: near-square grids). */
export function tileLayout(count: number): Tile[] {
  if (count < 1) return [];
  const cols = Math.ceil(Math.sqrt(count));
  const rows = Math.ceil(count / cols);
  const width = even(CANVAS.width / cols);
  const height = even(CANVAS.height / rows);
  return Array.from({ length: count }, (_, i) => ({
    x: (i % cols) * width,
    y: Math.floor(i / cols) * height,
    width,
    height,
  }));
}

/** Seconds as ffmpeg reads them, without exponent notation. */
const secs = (s: number) => s.toFixed(3);

/**
 * ffmpeg's arguments: inputs in the order of `tracks`, a canvas lasting `duration` seconds, each video scaled into its
 * tile (aspect kept, padded) from its offset on, all audio delayed by its offset and mixed; H.264 + AAC MP4 out.
 */
export function composeArgs(tracks: PlacedTrack[], tiles: number, duration: number, out: string): string[] {
  const layout = tileLayout(tiles);
  const inputs: string[] = [];
  const graph: string[] = [
    `color=c=${BACKGROUND}:s=${CANVAS.width}x${CANVAS.height}:r=${CANVAS.fps}:d=${secs(duration)}[c0]`,
  ];
  const mixed: string[] = [];
  let canvas = 'c0';
  tracks.forEach((track, i) => {
    // A WebRTC sender changes resolution as bandwidth changes: let the scale filter follow instead of ffmpeg
    // rebuilding the whole graph (which would restart the canvas's clock).
    if (track.kind === 'video') inputs.push('-reinit_filter', '0');
    inputs.push('-i', track.file);
    if (track.kind === 'video') {
      const tile = layout[track.tile];
      if (!tile) throw new Error(`no tile ${track.tile} among ${tiles}`);
      const { width: w, height: h } = tile;
      graph.push(
        `[${i}:v]setpts=PTS-STARTPTS+${secs(track.offset)}/TB,` +
          `scale=${w}:${h}:force_original_aspect_ratio=decrease:force_divisible_by=2,` +
          `pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2:color=${BACKGROUND},setsar=1[v${i}]`,
      );
      // eof_action=pass: once the track ends the tile shows the background again (publisher left, recording paused).
      graph.push(`[${canvas}][v${i}]overlay=${tile.x}:${tile.y}:eof_action=pass[c${i + 1}]`);
      canvas = `c${i + 1}`;
    } else {
      // async=1 fills the gaps of lost or silenced packets, so later sound stays at its time.
      const delay = Math.round(track.offset * 1000);
      graph.push(
        `[${i}:a]asetpts=PTS-STARTPTS,aresample=48000:async=1:first_pts=0,` +
          `aformat=sample_fmts=fltp:channel_layouts=stereo,adelay=${delay}:all=1[a${i}]`,
      );
      mixed.push(`[a${i}]`);
    }
  });
  graph.push(`[${canvas}]format=yuv420p[vout]`);
  if (mixed.length === 0) graph.push('anullsrc=r=48000:cl=stereo[aout]');
  else if (mixed.length === 1) graph.push(`${mixed[0]}apad[aout]`);
  // normalize=0: each voice at its own level rather than divided by the number of inputs.
  else graph.push(`${mixed.join('')}amix=inputs=${mixed.length}:duration=longest:normalize=0,apad[aout]`);

  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    ...inputs,
    '-filter_complex',
    graph.join(';'),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    ...WEB_H264,
    '-r',
    String(CANVAS.fps),
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    '48000',
    // the canvas sets the length; apad'ed sound is cut to it
    '-t',
    secs(duration),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    out,
  ];
}
