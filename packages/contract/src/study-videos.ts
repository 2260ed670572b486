/**
 * Study videos (issue 14; 002 §3 "videos (videoId)", §7; H-033 local video upload, H-034 video conversion check;
 * decision H-study-videos): staff upload a video file (MP4, WebM or MOV, sniffed by its bytes); the server keeps it
 * and converts it in the background to an MP4 every browser plays (H.264/AAC, index at the front). The conversion
 * check answers the state and, once ready, an address to play it from (signed, valid for an hour, so a <video>
 * element can load it without the Authorization header).
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const VIDEO_CONTENT_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
/**
 * The largest upload: the request body and the file store take a file whole (files.store.ts `put` has no stream),
 * so the limit is what one request may hold in memory on a small server (decision H-study-videos).
 */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;

export const VIDEO_STATUSES = ['UPLOADED', 'CONVERTING', 'READY', 'FAILED'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const VideoParams = z.object({ studyId: z.string().uuid(), videoId: z.string().uuid() }).strict();

export const VideoConversionSchema = z.object({
  videoId: z.string(),
  status: z.enum(VIDEO_STATUSES),
  /** Why the conversion failed, in the caller's language; null unless FAILED. */
  error: z.string().nullable(),
  /** Where the converted MP4 plays from (valid for an hour); null until READY. */
  playUrl: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type VideoConversion = z.infer<typeof VideoConversionSchema>;

export const StudyVideoSchema = VideoConversionSchema.extend({
  id: z.string(),
  title: z.string(),
  /** What was uploaded: its sniffed type, size and file name. */
  contentType: z.string(),
  byteSize: z.number().int(),
  fileName: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type StudyVideo = z.infer<typeof StudyVideoSchema>;

export const uploadStudyVideo = defineEndpoint({
  id: 'uploadStudyVideo',
  method: 'POST',
  path: '/api/v1/studies/:studyId/videos',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  upload: { contentTypes: VIDEO_CONTENT_TYPES, maxBytes: VIDEO_MAX_BYTES },
  summary:
    'Upload a study video (H-033): the raw MP4, WebM or MOV body (at most 200 MiB), titled; it is converted to a web-playable MP4 in the background',
  params: StudyParams,
  query: z
    .object({
      title: z.string().trim().min(1).max(200),
      fileName: z.string().trim().max(255).optional(),
    })
    .strict(),
  response: StudyVideoSchema,
});

export const listStudyVideos = defineEndpoint({
  id: 'listStudyVideos',
  method: 'GET',
  path: '/api/v1/studies/:studyId/videos',
  audience: 'staff',
  permission: 'studies.view',
  env: 'neutral',
  summary: 'The study’s videos, newest first, each with its conversion state',
  params: StudyParams,
  response: z.object({ items: z.array(StudyVideoSchema) }),
});

export const getStudyVideoConversion = defineEndpoint({
  id: 'getStudyVideoConversion',
  method: 'GET',
  path: '/api/v1/studies/:studyId/videos/:videoId/conversion',
  audience: 'staff',
  permission: 'studies.view',
  env: 'neutral',
  noLoader: true,
  summary:
    'The video conversion check (H-034): UPLOADED, CONVERTING, READY (with the address to play it) or FAILED (with why)',
  params: VideoParams,
  response: VideoConversionSchema,
});

export const deleteStudyVideo = defineEndpoint({
  id: 'deleteStudyVideo',
  method: 'DELETE',
  path: '/api/v1/studies/:studyId/videos/:videoId',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'Delete a study video (its files are no longer served; the audit trail keeps what they were)',
  params: VideoParams,
  response: z.object({ deleted: z.literal(true) }),
});

export const playStudyVideo = defineEndpoint({
  id: 'playStudyVideo',
  method: 'GET',
  path: '/api/v1/study-videos/:videoId/play/:token',
  audience: 'public',
  env: 'neutral',
  noLoader: true,
  summary: 'A ready video’s MP4 by its signed address (from the conversion check or the list; valid for an hour)',
  params: z.object({ videoId: z.string().uuid(), token: z.string().min(16).max(64) }).strict(),
  /** video/mp4 */
  response: z.any(),
});
