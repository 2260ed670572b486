/**
 * SFTP transfers (issue 14; H-014, H-020, H-021; decision H-sftp): transfer now (the latest study data export of
 * the page's data space, or one named), retry a failed one, the paged log, and what a due schedule queues. A
 * transfer is only queued here; the worker (sftp.job.ts) sends it. Each is audited.
 */
import { posix } from 'node:path';
import type { SftpTransfer } from '@trialpath/contract';
import { messageRef } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { requireStudy } from '../access/access.service';
import { latestStudyExportFile } from '../exports/exports.service';
import { storedFile } from '../files/files.service';
import {
  type DestinationRow,
  exportFileOf,
  findTransfer,
  insertTransfer,
  type NamedTransferRow,
  transferCount,
  transfersPage,
  updateDestination,
} from './sftp.repository';
import { nextRunAfter } from './sftp.schedule';
import { loadDestination } from './sftp.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function transferView(t: NamedTransferRow): SftpTransfer {
  return {
    id: t.id,
    destinationId: t.destination_id,
    exportId: t.export_id,
    fileName: t.file_name,
    byteSize: t.byte_size,
    sha256: t.sha256,
    trigger: t.trigger,
    retryOf: t.retry_of,
    status: t.status,
    attempts: t.attempts,
    bytesSent: t.bytes_sent,
    remotePath: t.remote_path,
    error: t.error,
    requestedBy: t.requested_by_name,
    createdAt: t.created_at.toISOString(),
    startedAt: iso(t.started_at),
    finishedAt: iso(t.finished_at),
  };
}

const transferNotFound = () => fail('NOT_FOUND', undefined, { message: messageRef('sftp.transferNotFound') });

/** The remote file's name: the stored name without any folder part (a name never climbs out of the folder). */
function remoteName(fileName: string | null, exportId: string): string {
  const base = (fileName ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : `export-${exportId}.zip`;
}

interface ExportFile {
  exportId: string;
  fileId: string;
  fileName: string | null;
  byteSize: number;
  sha256: string;
}

async function queueTransfer(
  ctx: ServiceCtx,
  destination: Pick<DestinationRow, 'id' | 'remote_folder'>,
  file: ExportFile,
  how: { trigger: 'MANUAL' | 'SCHEDULED' | 'RETRY'; retryOf?: string; by: string | null },
) {
  const fileName = remoteName(file.fileName, file.exportId);
  const { id } = await insertTransfer(ctx.db, {
    destination_id: destination.id,
    export_id: file.exportId,
    file_id: file.fileId,
    file_name: fileName,
    byte_size: file.byteSize,
    sha256: file.sha256,
    trigger: how.trigger,
    retry_of: how.retryOf ?? null,
    remote_path: posix.join(destination.remote_folder, fileName),
    requested_by: how.by,
  });
  ctx.audit({
    action: 'sftp.transfer.request',
    entityType: 'sftp_transfer',
    entityId: id,
    after: {
      destinationId: destination.id,
      exportId: file.exportId,
      fileName,
      sha256: file.sha256,
      trigger: how.trigger,
      ...(how.retryOf ? { retryOf: how.retryOf } : {}),
    },
  });
  const row = await findTransfer(ctx.db, destination.id, id);
  return transferView(row!);
}

async function activeDestination(ctx: ServiceCtx, studyId: string, sftpId: string) {
  await requireStudy(ctx, studyId);
  const destination = await loadDestination(ctx, studyId, sftpId, true);
  if (destination.status === 'DISCONNECTED')
    throw fail('CONFLICT', undefined, { message: messageRef('sftp.disconnected') });
  return destination;
}

/** Transfer now (H-021): the export named, else the newest study data export; 409 when the study has none. */
export async function transferNow(
  ctx: ServiceCtx,
  input: { studyId: string; sftpId: string; exportId: string | null },
): Promise<SftpTransfer> {
  const destination = await activeDestination(ctx, input.studyId, input.sftpId);
  let file: ExportFile;
  if (input.exportId) {
    const named = await exportFileOf(ctx.db, input.studyId, ctx.env, input.exportId);
    if (!named) throw fail('NOT_FOUND', undefined, { message: messageRef('sftp.exportNotFound') });
    file = {
      exportId: named.export_id,
      fileId: named.file_id,
      fileName: named.file_name,
      byteSize: named.byte_size,
      sha256: named.sha256,
    };
  } else {
    const latest = await latestStudyExportFile(ctx, input.studyId, ctx.env);
    if (!latest) throw fail('CONFLICT', undefined, { message: messageRef('sftp.noExport') });
    file = latest;
  }
  return queueTransfer(ctx, destination, file, { trigger: 'MANUAL', by: ctx.staff().userId });
}

/** Retry (H-020): a failed transfer's file sent again, as a new transfer from the first byte. */
export async function retryTransfer(
  ctx: ServiceCtx,
  input: { studyId: string; sftpId: string; transferId: string },
): Promise<SftpTransfer> {
  const destination = await activeDestination(ctx, input.studyId, input.sftpId);
  const failed = await findTransfer(ctx.db, destination.id, input.transferId);
  if (!failed) throw transferNotFound();
  if (failed.status !== 'FAILED') throw fail('CONFLICT', undefined, { message: messageRef('sftp.onlyFailedRetried') });
  if (!(await storedFile(ctx, failed.file_id)))
    throw fail('CONFLICT', undefined, { message: messageRef('sftp.exportGone') });
  return queueTransfer(
    ctx,
    destination,
    {
      exportId: failed.export_id,
      fileId: failed.file_id,
      fileName: failed.file_name,
      byteSize: failed.byte_size,
      sha256: failed.sha256,
    },
    { trigger: 'RETRY', retryOf: failed.id, by: ctx.staff().userId },
  );
}

export async function transferLog(
  ctx: ServiceCtx,
  input: { studyId: string; sftpId: string; pageNum: number; pageSize: number },
) {
  await requireStudy(ctx, input.studyId);
  const destination = await loadDestination(ctx, input.studyId, input.sftpId);
  const [rows, total] = await Promise.all([
    transfersPage(ctx.db, destination.id, { offset: (input.pageNum - 1) * input.pageSize, limit: input.pageSize }),
    transferCount(ctx.db, destination.id),
  ]);
  return { items: rows.map(transferView), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/**
 * A due schedule (the worker, in the destination's data space): the next run is set, and the newest study data
 * export queued — or, with none yet, the skip is audited.
 */
export async function queueScheduledTransfer(ctx: ServiceCtx, destination: DestinationRow, now: Date) {
  const next = nextRunAfter(
    { kind: destination.schedule_kind, time: destination.schedule_time, day: destination.schedule_day },
    now,
  );
  await updateDestination(ctx.db, destination.id, { next_run_at: next });
  const latest = await latestStudyExportFile(ctx, destination.study_id, destination.environment);
  if (!latest) {
    ctx.audit({
      action: 'sftp.schedule.skipped',
      entityType: 'sftp_destination',
      entityId: destination.id,
      after: { nextRunAt: iso(next) },
    });
    return null;
  }
  return queueTransfer(ctx, destination, latest, { trigger: 'SCHEDULED', by: null });
}
