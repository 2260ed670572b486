/**
 * Data exports (issue 14; H-001…H-011; decision H-exports). Asking for an export checks the filters against what
 * the person may see and freezes that scope (the sites, whether they are blinded) on the job; the worker
 * (exports.job.ts) makes the file within that scope only. The file opens, while its link is valid, for people whose
 * own access covers the scope: the token of a study data export's link (H-003) is answered once to the person who
 * asked; a report or compliance export (H-004) opens for its requester. Every request and download is audited.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  EXPORT_FORMATS,
  type ExportFilters,
  type ExportFormat,
  type ExportJob,
  type ExportKind,
} from '@trialpath/contract';
import { messageRef } from '@trialpath/domain';
import type { Environment } from '../../db/schema/columns';
import { StreamResponse } from '../../http/context';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { requireStudy, type StudyAccess, visibleSites } from '../access/access.service';
import { fileHeaders, streamStoredFile } from '../files/files.service';
import {
  type ExportJobRow,
  findExportJob,
  findLatestStudyExport,
  insertExportJob,
  listExportJobs,
} from './exports.repository';
import {
  exportableActivities,
  participantInScope,
  reportInStudy,
  studyHeader,
  studySiteRefs,
} from './export-data.repository';

/** What the person who asked could see, frozen on the job: the worker reads nothing outside it. */
export interface ExportScope {
  siteIds: string[];
  blinded: boolean;
}

const notFound = () => fail('NOT_FOUND', undefined, { message: messageRef('exports.notFound') });
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function percentOf(row: Pick<ExportJobRow, 'status' | 'rows_done' | 'rows_total'>): number | null {
  if (row.status === 'SUCCEEDED') return 100;
  if (!row.rows_total) return row.rows_total === 0 ? 0 : null;
  return Math.min(99, Math.floor((row.rows_done * 100) / row.rows_total));
}

export function toExportJob(row: ExportJobRow, now = new Date()): ExportJob {
  return {
    id: row.id,
    kind: row.kind,
    formats: row.formats.filter((f): f is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(f)),
    filters: row.filters,
    status: row.status,
    rowsDone: row.rows_done,
    rowsTotal: row.rows_total,
    percent: percentOf(row),
    fileName: row.status === 'SUCCEEDED' ? row.file_name : null,
    byteSize: row.status === 'SUCCEEDED' ? row.byte_size : null,
    sha256: row.status === 'SUCCEEDED' ? row.sha256 : null,
    error: row.error,
    requestedBy: { id: row.requested_by, name: row.requester || row.username || '' },
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
    expired: !!row.expires_at && row.expires_at.getTime() <= now.getTime(),
  };
}

/** The study's sites this person may export, in code order. */
async function exportableSites(ctx: ServiceCtx, access: StudyAccess) {
  const sites = await studySiteRefs(ctx.db, access.studyId);
  return access.global ? sites : visibleSites(ctx, access, sites);
}

/** H-007…H-009: the study, the sites the caller may see, the activities and the formats. */
export async function exportFilters(ctx: ServiceCtx, input: { studyId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const [study, sites, activities] = await Promise.all([
    studyHeader(ctx.db, input.studyId),
    exportableSites(ctx, access),
    exportableActivities(ctx.db, input.studyId),
  ]);
  if (!study) throw notFound();
  return {
    study: { id: study.id, code: study.code, name: study.name },
    sites: sites.map((s) => ({ id: s.id, code: s.site_code, name: s.name })),
    activities,
    formats: [...EXPORT_FORMATS],
  };
}

/** Ask for an export: checked, its scope frozen, queued for the worker, audited; the link's token answered once. */
export async function requestExport(
  ctx: ServiceCtx,
  input: { studyId: string; kind: ExportKind; formats: ExportFormat[]; filters: ExportFilters },
) {
  const access = await requireStudy(ctx, input.studyId);
  const { kind, filters } = input;
  const visible = (await exportableSites(ctx, access)).map((s) => s.id);
  const outside = filters.siteIds.filter((id) => !visible.includes(id));
  if (outside.length) throw fail('FORBIDDEN', undefined, { message: messageRef('exports.siteNotVisible') });
  if (kind !== 'STUDY_DATA' && input.formats.length)
    throw fail('VALIDATION_FAILED', undefined, {
      fields: { formats: [messageRef('exports.formatsStudyDataOnly')] },
      message: messageRef('exports.formatsStudyDataOnly'),
    });
  const siteIds = [...(filters.siteIds.length ? filters.siteIds : visible)].sort();
  if (kind === 'PARTICIPANT_DASHBOARD') {
    if (!filters.participantId)
      throw fail('VALIDATION_FAILED', undefined, {
        fields: { 'filters.participantId': [messageRef('exports.participantRequired')] },
        message: messageRef('exports.participantRequired'),
      });
    if (!(await participantInScope(ctx.db, input.studyId, ctx.env, siteIds, filters.participantId)))
      throw fail('NOT_FOUND');
  }
  if (kind === 'REPORT') {
    if (!filters.reportId)
      throw fail('VALIDATION_FAILED', undefined, {
        fields: { 'filters.reportId': [messageRef('exports.reportRequired')] },
        message: messageRef('exports.reportRequired'),
      });
    if (!(await reportInStudy(ctx.db, input.studyId, ctx.env, filters.reportId)))
      throw fail('NOT_FOUND', undefined, { message: messageRef('reports.notFound') });
  }
  const scope: ExportScope = { siteIds, blinded: access.blinded };
  const formats = [...new Set(input.formats)].sort();
  const token = randomBytes(24).toString('base64url');
  const id = await insertExportJob(ctx.db, {
    study_id: input.studyId,
    environment: ctx.env,
    kind,
    formats,
    filters: JSON.stringify(filters),
    scope: JSON.stringify(scope),
    token_hash: hashToken(token),
    requested_by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'export.request',
    entityType: 'export_job',
    entityId: id,
    after: { studyId: input.studyId, kind, formats, filters, scope },
  });
  const row = await findExportJob(ctx.db, input.studyId, ctx.env, id);
  return { ...toExportJob(row!), token };
}

export async function exportList(ctx: ServiceCtx, input: { studyId: string; kind?: ExportKind }) {
  await requireStudy(ctx, input.studyId);
  const rows = await listExportJobs(ctx.db, input.studyId, ctx.env, ctx.staff().userId, input.kind);
  const now = new Date();
  return { items: rows.map((r) => toExportJob(r, now)) };
}

/** Whether this person's own access covers what the export holds (its sites, and unblinded answers if it has them). */
async function mayReceive(ctx: ServiceCtx, access: StudyAccess, row: ExportJobRow): Promise<boolean> {
  const scope = row.scope as unknown as ExportScope;
  if (access.blinded && !scope.blinded) return false;
  const visible = new Set((await exportableSites(ctx, access)).map((s) => s.id));
  return scope.siteIds.every((id) => visible.has(id));
}

async function readableExport(ctx: ServiceCtx, studyId: string, exportId: string) {
  const access = await requireStudy(ctx, studyId);
  const row = await findExportJob(ctx.db, studyId, ctx.env, exportId);
  if (!row) throw notFound();
  const own = row.requested_by === ctx.staff().userId;
  if (!own && !(await mayReceive(ctx, access, row)))
    throw fail('FORBIDDEN', undefined, { message: messageRef('exports.outOfScope') });
  return { access, row, own };
}

/** One export's progress or file (the H-003 and H-004 pages). */
export async function exportOne(ctx: ServiceCtx, input: { studyId: string; exportId: string }) {
  return toExportJob((await readableExport(ctx, input.studyId, input.exportId)).row);
}

/**
 * The file, streamed, after every check: finished, link still valid, the token when the link has one (H-003) or the
 * requester (H-004), and the person's access covering the data. Audited with who downloaded it.
 */
export async function exportDownload(
  ctx: ServiceCtx,
  input: { studyId: string; exportId: string; token: string | null },
) {
  const { access, row, own } = await readableExport(ctx, input.studyId, input.exportId);
  if (input.token === null && !own) throw fail('FORBIDDEN', undefined, { message: messageRef('exports.notYours') });
  if (input.token !== null) {
    const given = Buffer.from(hashToken(input.token));
    if (!row.token_hash || !timingSafeEqual(given, Buffer.from(row.token_hash)))
      throw fail('FORBIDDEN', undefined, { message: messageRef('exports.linkInvalid') });
  }
  if (!(await mayReceive(ctx, access, row)))
    throw fail('FORBIDDEN', undefined, { message: messageRef('exports.outOfScope') });
  if (row.status === 'FAILED')
    throw fail('CONFLICT', undefined, { message: messageRef('exports.failed', { reason: row.error ?? '' }) });
  if (row.status !== 'SUCCEEDED' || !row.file_id)
    throw fail('CONFLICT', undefined, { message: messageRef('exports.notReady') });
  if (!row.expires_at || row.expires_at.getTime() <= Date.now())
    throw fail('CONFLICT', undefined, { message: messageRef('exports.linkExpired') });
  const stored = await streamStoredFile(ctx, row.file_id);
  if (!stored) throw notFound();
  ctx.audit({
    action: 'export.download',
    entityType: 'export_job',
    entityId: row.id,
    after: { fileName: stored.file.fileName, sha256: stored.file.sha256, byteSize: stored.file.byteSize },
  });
  return new StreamResponse('application/zip', stored.stream, {
    ...fileHeaders('application/zip', 'attachment', stored.file.fileName ?? `${row.id}.zip`),
    'content-length': String(stored.file.byteSize),
  });
}

export interface LatestStudyExport {
  exportId: string;
  fileId: string;
  fileName: string;
  byteSize: number;
  sha256: string;
  finishedAt: string;
}

/** The newest finished study data zip of a data space (what a scheduled SFTP transfer sends), or null. */
export async function latestStudyExportFile(
  ctx: DbCtx,
  studyId: string,
  environment: Environment,
): Promise<LatestStudyExport | null> {
  const row = await findLatestStudyExport(ctx.db, studyId, environment);
  if (!row?.file_id) return null;
  return {
    exportId: row.id,
    fileId: row.file_id,
    fileName: row.file_name ?? `export-${row.id}.zip`,
    byteSize: row.byte_size,
    sha256: row.sha256,
    finishedAt: (row.finished_at ?? new Date(0)).toISOString(),
  };
}
