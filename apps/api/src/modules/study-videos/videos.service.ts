/**
 * Study videos (issue 14; H-033, H-034; decision H-study-videos): upload (sniffed as MP4, WebM or MOV, stored as
 * sent), the list, the conversion check, play by a signed address and delete. The conversion itself is the
 * job's (videos.job.ts). Uploading and deleting need the study's design permission; everyone of the study sees
 * and plays its videos. Each write is audited.
 */
import type { StudyVideo, VideoConversion } from '@trialpath/contract';
import { messageRef, translate } from '@trialpath/domain';
import { BinaryResponse } from '../../http/context';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireStudy, requireStudyBuilder } from '../access/access.service';
import { deleteStoredFile, fileHeaders, readStoredFile, storeFile } from '../files/files.service';
import { sniffVideoType } from './videos.content';
import { signVideoToken, videoTokenOpens } from './videos.links';
import {
  findVideo,
  insertVideo,
  type StudyVideoListRow,
  type StudyVideoRow,
  studyVideoRow,
  studyVideoRows,
  updateVideo,
} from './videos.repository';

const notFound = () => fail('NOT_FOUND', undefined, { message: messageRef('videos.notFound') });

function errorText(row: StudyVideoRow, lang: string): string | null {
  if (row.status !== 'FAILED') return null;
  switch (row.error_code) {
    case 'NEEDS_FFMPEG':
      return translate('videos.needsFfmpeg', undefined, lang);
    case 'UNREADABLE':
      return translate('videos.unreadable', undefined, lang);
    default:
      return translate('videos.conversionFailed', { reason: row.error_detail ?? '' }, lang);
  }
}

function conversionOf(ctx: ServiceCtx, row: StudyVideoRow): VideoConversion {
  const ready = row.status === 'READY' && row.converted_file_id !== null;
  return {
    videoId: row.id,
    status: row.status,
    error: errorText(row, ctx.request.language),
    playUrl: ready
      ? `/api/v1/study-videos/${row.id}/play/${signVideoToken(row.id, ctx.config.jwtSecret, Date.now())}`
      : null,
    durationSeconds: row.duration_seconds,
    width: row.width,
    height: row.height,
  };
}

function videoOf(ctx: ServiceCtx, row: StudyVideoListRow): StudyVideo {
  return {
    ...conversionOf(ctx, row),
    id: row.id,
    title: row.title,
    contentType: row.content_type,
    byteSize: row.byte_size,
    fileName: row.file_name,
    createdBy: [row.author_first, row.author_last].filter(Boolean).join(' '),
    createdAt: row.created_at.toISOString(),
  };
}

export async function uploadVideo(
  ctx: ServiceCtx,
  input: { studyId: string; title: string; fileName?: string },
  upload: { data: Buffer; contentType: string } | null,
): Promise<StudyVideo> {
  await requireStudyBuilder(ctx, input.studyId);
  if (!upload || upload.data.length === 0) throw fieldProblem('VALIDATION_FAILED', 'file', 'videos.empty');
  const contentType = sniffVideoType(upload.data);
  if (!contentType) throw fieldProblem('VALIDATION_FAILED', 'file', 'videos.notVideo');
  const file = await storeFile(ctx, {
    clientId: ctx.staff().clientId,
    studyId: input.studyId,
    kind: 'video',
    contentType,
    data: upload.data,
    fileName: input.fileName || null,
  });
  const row = await insertVideo(ctx.db, {
    study_id: input.studyId,
    title: input.title,
    original_file_id: file.id,
    created_by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'video.upload',
    entityType: 'study_video',
    entityId: row.id,
    after: {
      studyId: input.studyId,
      title: input.title,
      contentType,
      byteSize: file.byteSize,
      fileName: file.fileName,
    },
  });
  const view = await studyVideoRow(ctx.db, input.studyId, row.id);
  return videoOf(ctx, view!);
}

export async function studyVideoList(ctx: ServiceCtx, input: { studyId: string }) {
  await requireStudy(ctx, input.studyId);
  return { items: (await studyVideoRows(ctx.db, input.studyId)).map((r) => videoOf(ctx, r)) };
}

/** The conversion check (H-034). */
export async function videoConversion(ctx: ServiceCtx, input: { studyId: string; videoId: string }) {
  await requireStudy(ctx, input.studyId);
  const row = await studyVideoRow(ctx.db, input.studyId, input.videoId);
  if (!row) throw notFound();
  return conversionOf(ctx, row);
}

export async function deleteVideo(ctx: ServiceCtx, input: { studyId: string; videoId: string }) {
  await requireStudyBuilder(ctx, input.studyId);
  const row = await findVideo(ctx.db, input.videoId, true);
  if (!row || row.study_id !== input.studyId) throw notFound();
  await updateVideo(ctx.db, row.id, { deleted_at: new Date(), lease_until: null });
  await deleteStoredFile(ctx, row.original_file_id);
  if (row.converted_file_id && row.converted_file_id !== row.original_file_id)
    await deleteStoredFile(ctx, row.converted_file_id);
  ctx.audit({
    action: 'video.delete',
    entityType: 'study_video',
    entityId: row.id,
    before: { studyId: row.study_id, title: row.title, status: row.status },
  });
  return { deleted: true as const };
}

/** A ready video's MP4 by its signed address (whole: the plumbing answers a body, not byte ranges). */
export async function playVideo(ctx: ServiceCtx, input: { videoId: string; token: string }) {
  if (!videoTokenOpens(input.videoId, input.token, ctx.config.jwtSecret, Date.now()))
    throw fail('NOT_FOUND', undefined, { message: messageRef('videos.linkInvalid') });
  const row = await findVideo(ctx.db, input.videoId);
  if (!row) throw notFound();
  if (row.status !== 'READY' || !row.converted_file_id)
    throw fail('CONFLICT', undefined, { message: messageRef('videos.notReady') });
  const stored = await readStoredFile(ctx, row.converted_file_id);
  if (!stored) throw notFound();
  return new BinaryResponse(stored.file.contentType, stored.data, {
    ...fileHeaders(stored.file.contentType, 'inline', `${row.title}.mp4`),
    // the address is signed and short-lived: a browser may keep the bytes while it lasts, nobody in between
    'cache-control': 'private, max-age=3600',
  });
}
