/**
 * Study videos (issue 14; H-033 local video upload, H-034 video conversion check; decision H-study-videos): a real
 * two-second WebM made by ffmpeg is uploaded, converted by one pass of the job to an MP4 that ffprobe reads as H.264,
 * played from the conversion check's address; a file that is not a video is refused; without ffmpeg a WebM fails
 * with the documented message and an H.264 MP4 is kept as uploaded; access and audit.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildPath,
  deleteStudyVideo,
  getStudyVideoConversion,
  listStudyVideos,
  uploadStudyVideo,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertDueVideos, videoTools } from '../src/modules/study-videos/videos.job';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let sleep: string;
let dir: string;
let webm: Buffer;
let mp4: Buffer;
const tokens: Record<string, string> = {};
const tools = videoTools();

function ffmpeg(args: string[]) {
  execFileSync(tools.ffmpeg!, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

function probe(file: string) {
  return JSON.parse(
    execFileSync(tools.ffprobe!, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file], {
      encoding: 'utf8',
    }),
  ) as { format: { format_name: string }; streams: { codec_type: string; codec_name: string }[] };
}

beforeAll(async () => {
  if (!tools.ffmpeg || !tools.ffprobe) throw new Error('these tests need ffmpeg and ffprobe (apt-get install ffmpeg)');
  dir = mkdtempSync(path.join(tmpdir(), 'videos-test-'));
  const lavfi = [
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=25',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=2',
  ];
  ffmpeg([...lavfi, '-c:v', 'libvpx', '-b:v', '200k', '-c:a', 'libopus', '-shortest', path.join(dir, 'clip.webm')]);
  ffmpeg([...lavfi, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path.join(dir, 'clip.mp4')]);
  webm = readFileSync(path.join(dir, 'clip.webm'));
  mp4 = readFileSync(path.join(dir, 'clip.mp4'));
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  for (const u of ['studyadmin', 'crc.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function upload(
  data: Buffer,
  contentType: string,
  opts: { title?: string; token?: string; studyId?: string } = {},
) {
  const url = buildPath(uploadStudyVideo.path, { studyId: opts.studyId ?? demo });
  const res = await t.app.inject({
    method: 'POST',
    url: `${url}?${new URLSearchParams({ title: opts.title ?? 'Welcome video', fileName: 'clip' })}`,
    headers: { authorization: `Bearer ${opts.token ?? tokens.studyadmin}`, 'content-type': contentType },
    payload: data,
  });
  return { status: res.statusCode, json: JSON.parse(res.body) };
}

const check = (videoId: string, token = tokens.studyadmin) =>
  call(t.app, getStudyVideoConversion, { params: { studyId: demo, videoId }, token });

describe('local video upload and conversion (H-033, H-034)', () => {
  it('a WebM is uploaded, converted by one pass of the job, checked READY and plays as H.264 MP4; audited', async () => {
    const up = await upload(webm, 'video/webm');
    expect(up.status).toBe(200);
    expect(up.json).toMatchObject({
      title: 'Welcome video',
      status: 'UPLOADED',
      contentType: 'video/webm',
      playUrl: null,
    });
    expect(up.json.byteSize).toBe(webm.length);
    const id = up.json.id as string;
    expect((await check(id)).json).toMatchObject({ status: 'UPLOADED', error: null, playUrl: null });

    const report = await convertDueVideos(t.platform, { tools });
    expect(report).toEqual({ ready: 1, failed: 0 });

    const done = await check(id);
    expect(done.status).toBe(200);
    expect(done.json).toMatchObject({ videoId: id, status: 'READY', error: null, width: 320, height: 240 });
    expect(done.json.durationSeconds).toBeGreaterThan(1.5);
    expect(done.json.durationSeconds).toBeLessThan(2.5);
    expect(done.json.playUrl).toMatch(new RegExp(`^/api/v1/study-videos/${id}/play/`));

    const played = await t.app.inject({ method: 'GET', url: done.json.playUrl });
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('video/mp4');
    const out = path.join(dir, 'played.mp4');
    writeFileSync(out, played.rawPayload);
    const p = probe(out);
    expect(p.format.format_name).toMatch(/mp4/);
    expect(p.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(p.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    // faststart: the index (moov) comes before the media data (mdat)
    const bytes = played.rawPayload.toString('latin1');
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const list = await call(t.app, listStudyVideos, { params: { studyId: demo }, token: tokens['crc.demo'] });
    expect(list.json.items.map((v: { id: string; status: string }) => [v.id, v.status])).toEqual([[id, 'READY']]);
    expect(await auditActions(t.db, id)).toEqual(['video.upload', 'video.convert']);
  }, 60_000);

  it('a file that is not a video is refused with a clear message, whatever type it claims', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const r = await upload(png, 'video/mp4');
    expect(r.status).toBe(400);
    expect(r.json.fieldErrors.file).toEqual(['This file is not a video we can take: upload an MP4, WebM or MOV file.']);
    const empty = await upload(Buffer.alloc(0), 'video/mp4');
    expect(empty.status).toBe(400);
    const pdf = await t.app.inject({
      method: 'POST',
      url: `${buildPath(uploadStudyVideo.path, { studyId: demo })}?title=x`,
      headers: { authorization: `Bearer ${tokens.studyadmin}`, 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4'),
    });
    expect(pdf.statusCode).toBe(415);
    expect(await t.db.selectFrom('study_videos').select('id').where('study_id', '=', demo).execute()).toEqual([]);
  });

  it('without ffmpeg: a WebM fails with "Conversion needs ffmpeg on the server"; an H.264 MP4 is READY as uploaded', async () => {
    const w = await upload(webm, 'video/webm', { title: 'WebM' });
    const m = await upload(mp4, 'video/mp4', { title: 'MP4' });
    expect(await convertDueVideos(t.platform, { tools: { ffmpeg: null, ffprobe: tools.ffprobe } })).toEqual({
      ready: 1,
      failed: 1,
    });
    expect((await check(w.json.id)).json).toMatchObject({
      status: 'FAILED',
      error: 'Conversion needs ffmpeg on the server',
      playUrl: null,
    });
    const ready = await check(m.json.id);
    expect(ready.json.status).toBe('READY');
    const played = await t.app.inject({ method: 'GET', url: ready.json.playUrl });
    expect(Buffer.compare(played.rawPayload, mp4)).toBe(0);
    expect(await auditActions(t.db, w.json.id)).toEqual(['video.upload', 'video.fail']);
    // without ffprobe too: an MP4 is kept as uploaded, other containers fail
    const w2 = await upload(webm, 'video/webm', { title: 'WebM 2' });
    const m2 = await upload(mp4, 'video/mp4', { title: 'MP4 2' });
    await convertDueVideos(t.platform, { tools: { ffmpeg: null, ffprobe: null } });
    expect((await check(w2.json.id)).json.status).toBe('FAILED');
    expect((await check(m2.json.id)).json.status).toBe('READY');
  });

  it('a video whose converter stopped (lease over) is converted by the next pass', async () => {
    const up = await upload(webm, 'video/webm');
    await t.db
      .updateTable('study_videos')
      .set({ status: 'CONVERTING', attempts: 1, lease_until: new Date(Date.now() - 1000) })
      .where('id', '=', up.json.id)
      .execute();
    expect((await check(up.json.id)).json.status).toBe('CONVERTING');
    expect(await convertDueVideos(t.platform, { tools })).toEqual({ ready: 1, failed: 0 });
    expect((await check(up.json.id)).json.status).toBe('READY');
  }, 60_000);

  it('a play address altered or for another video opens nothing', async () => {
    const up = await upload(mp4, 'video/mp4');
    await convertDueVideos(t.platform, { tools: { ffmpeg: null, ffprobe: null } });
    const url = (await check(up.json.id)).json.playUrl as string;
    const token = url.split('/').pop()!;
    const other = await upload(mp4, 'video/mp4', { title: 'Other' });
    const swapped = await t.app.inject({ method: 'GET', url: `/api/v1/study-videos/${other.json.id}/play/${token}` });
    expect(swapped.statusCode).toBe(404);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/study-videos/${up.json.id}/play/${altered}` })).statusCode,
    ).toBe(404);
  });

  it('deleting (studies.design) takes the video out of the list and its files out of service; audited', async () => {
    const up = await upload(mp4, 'video/mp4');
    await convertDueVideos(t.platform, { tools: { ffmpeg: null, ffprobe: null } });
    const url = (await check(up.json.id)).json.playUrl as string;
    const crc = await call(t.app, deleteStudyVideo, {
      params: { studyId: demo, videoId: up.json.id },
      token: tokens['crc.demo'],
    });
    expect(crc.status).toBe(403);
    const r = await call(t.app, deleteStudyVideo, {
      params: { studyId: demo, videoId: up.json.id },
      token: tokens.studyadmin,
    });
    expect(r.json).toEqual({ deleted: true });
    expect(
      (await call(t.app, listStudyVideos, { params: { studyId: demo }, token: tokens.studyadmin })).json.items,
    ).toEqual([]);
    expect((await check(up.json.id)).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await auditActions(t.db, up.json.id)).toEqual(['video.upload', 'video.convert', 'video.delete']);
  });
});

describe('study video access', () => {
  it('uploading needs studies.design (a site coordinator: 403); a study the person is not on: 403', async () => {
    expect((await upload(mp4, 'video/mp4', { token: tokens['crc.demo'] })).status).toBe(403);
    expect((await call(t.app, listStudyVideos, { params: { studyId: sleep }, token: tokens['crc.demo'] })).status).toBe(
      403,
    );
    const up = await upload(mp4, 'video/mp4');
    expect(
      (
        await call(t.app, getStudyVideoConversion, {
          params: { studyId: sleep, videoId: up.json.id },
          token: tokens.studyadmin,
        })
      ).status,
    ).toBe(404);
  });
});
