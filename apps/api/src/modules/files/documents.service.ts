/**
 * A study's custom documents and resources (C-085, C-138–C-145; decision 0038). A document is a PDF for
 * one site or the whole study, with a title, description and disclaimer per study language and the
 * disclaimer's images. Site managers add, configure, activate or deactivate and soft-delete them (with a
 * reason where a participant may notice); every study member reads those of the sites they see.
 */
import { type MessageKey, pickText } from '@trialpath/domain';
import { PDFDocument } from 'pdf-lib';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireStudy } from '../access/access.service';
import { requireSiteManager, siteOfStudy, visibleSiteIds } from '../sites/sites.service';
import { studyTextLanguages } from '../studies/studies.service';
import {
  findDocument,
  findStoredFiles,
  insertDocument,
  listDocuments,
  type StudyDocumentRow,
  updateDocument,
} from './files.repository';
import { checkedUpload, readStoredFile, type StoredFile, storeFile, toStoredFile } from './files.service';

type Texts = Record<string, string>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

const documentUrl = (d: StudyDocumentRow) => `/api/v1/studies/${d.study_id}/documents/${d.id}/download`;
const imageUrl = (d: StudyDocumentRow, fileId: string) =>
  `/api/v1/studies/${d.study_id}/documents/${d.id}/disclaimer-images/${fileId}`;
const view = (f: StoredFile, url: string) => ({
  id: f.id,
  kind: f.kind,
  contentType: f.contentType,
  byteSize: f.byteSize,
  sha256: f.sha256,
  fileName: f.fileName,
  createdAt: f.createdAt,
  url,
});

async function toDocuments(ctx: ServiceCtx, rows: StudyDocumentRow[]) {
  const ids = rows.flatMap((d) => [d.file_id, ...json<string[]>(d.disclaimer_file_ids)]);
  const files = new Map((await findStoredFiles(ctx.db, ids)).map((f) => [f.id, toStoredFile(f)]));
  const sites = new Map<string, string>();
  for (const d of rows)
    if (d.site_id && !sites.has(d.site_id))
      sites.set(d.site_id, (await siteOfStudy(ctx, d.study_id, d.site_id))?.name ?? '');
  return rows.map((d) => ({
    documentId: d.id,
    studyId: d.study_id,
    siteId: d.site_id,
    siteName: d.site_id ? (sites.get(d.site_id) ?? null) : null,
    title: json<Texts>(d.title),
    description: json<Texts>(d.description),
    disclaimer: json<Texts>(d.disclaimer),
    disclaimerImages: json<string[]>(d.disclaimer_file_ids)
      .map((id) => files.get(id))
      .filter((f): f is StoredFile => Boolean(f))
      .map((f) => view(f, imageUrl(d, f.id))),
    file: view(files.get(d.file_id)!, documentUrl(d)),
    pageCount: d.page_count,
    status: d.status,
    isSelectedForParticipantsOnly: d.is_selected_for_participants_only,
    activateForMoreParticipants: d.activate_for_more_participants,
    active: d.active,
    revision: d.revision,
    createdAt: d.created_at.toISOString(),
    updatedAt: d.updated_at.toISOString(),
  }));
}

const toDocument = async (ctx: ServiceCtx, row: StudyDocumentRow) => (await toDocuments(ctx, [row]))[0]!;

/** What the audit trail keeps of a document. */
const auditView = (d: StudyDocumentRow) => ({
  siteId: d.site_id,
  fileId: d.file_id,
  title: json<Texts>(d.title),
  status: d.status,
  isSelectedForParticipantsOnly: d.is_selected_for_participants_only,
  activateForMoreParticipants: d.activate_for_more_participants,
  active: d.active,
});

async function checkSite(ctx: ServiceCtx, studyId: string, siteId: string | null | undefined) {
  if (siteId && !(await siteOfStudy(ctx, studyId, siteId)))
    throw fieldProblem('VALIDATION_FAILED', 'siteId', 'documents.siteNotInStudy');
}

/** A document the caller may read: of the study, at a site they see (or the whole study's). */
async function readable(ctx: ServiceCtx, studyId: string, documentId: string, lock = false) {
  const access = await requireStudy(ctx, studyId);
  const row = await findDocument(ctx.db, documentId, lock);
  if (!row || row.study_id !== studyId) throw fail('NOT_FOUND');
  const visible = await visibleSiteIds(ctx, access);
  if (row.site_id && visible && !visible.includes(row.site_id)) throw fail('NOT_FOUND');
  return row;
}

/** A document a site manager changes: not soft-deleted. */
async function changeable(ctx: ServiceCtx, studyId: string, documentId: string) {
  await requireSiteManager(ctx, studyId);
  const row = await readable(ctx, studyId, documentId, true);
  if (!row.active) throw fail('CONFLICT', undefined, { message: { key: 'documents.deleted' as MessageKey } });
  return row;
}

async function pageCountOf(data: Uint8Array): Promise<number> {
  try {
    return (await PDFDocument.load(data, { ignoreEncryption: false, updateMetadata: false })).getPageCount();
  } catch {
    throw fieldProblem('VALIDATION_FAILED', 'file', 'documents.unreadablePdf');
  }
}

/** C-138: the documents of a site (and the whole study's), or of every site the caller sees. */
export async function documentList(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    siteId?: string;
    pageNum: number;
    pageSize: number;
    sort: 'createdAt' | '-createdAt' | 'title' | '-title';
    includeDeleted: boolean;
  },
) {
  const access = await requireStudy(ctx, input.studyId);
  await checkSite(ctx, input.studyId, input.siteId);
  const { defaultLanguage } = await studyTextLanguages(ctx, input.studyId);
  const { total, rows } = await listDocuments(ctx.db, {
    studyId: input.studyId,
    siteId: input.siteId,
    visibleSites: await visibleSiteIds(ctx, access),
    includeDeleted: input.includeDeleted,
    sort: input.sort,
    language: defaultLanguage,
    offset: (input.pageNum - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return { items: await toDocuments(ctx, rows), total, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** C-073: a PDF added for a site or the whole study, titled in the study's default language. */
export async function addDocument(
  ctx: ServiceCtx,
  input: { studyId: string; siteId?: string; title: string; fileName?: string },
  upload: { data: Buffer; contentType: string } | null,
) {
  if (!upload) throw fail('UNSUPPORTED_MEDIA_TYPE');
  await requireSiteManager(ctx, input.studyId);
  await checkSite(ctx, input.studyId, input.siteId);
  const checked = await checkedUpload(upload);
  const pageCount = await pageCountOf(checked.data);
  const { defaultLanguage } = await studyTextLanguages(ctx, input.studyId);
  const file = await storeFile(ctx, {
    clientId: ctx.staff().clientId,
    studyId: input.studyId,
    kind: 'document',
    contentType: checked.contentType,
    data: checked.data,
    fileName: input.fileName ?? `${input.title}.pdf`,
  });
  const row = await insertDocument(ctx.db, {
    study_id: input.studyId,
    site_id: input.siteId ?? null,
    file_id: file.id,
    title: JSON.stringify({ [defaultLanguage]: input.title }),
    page_count: pageCount,
    created_by: ctx.staff().userId,
    updated_by: ctx.staff().userId,
  });
  ctx.audit({ action: 'study.document.create', entityType: 'study_document', entityId: row.id, after: auditView(row) });
  return toDocument(ctx, row);
}

/** C-141: title, description and disclaimer per study language, and the site; with the revision read. */
export async function configureDocument(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    documentId: string;
    revision: number;
    siteId: string | null;
    title: Texts;
    description: Texts;
    disclaimer: Texts;
  },
) {
  const before = await changeable(ctx, input.studyId, input.documentId);
  if (before.revision !== input.revision)
    throw fail('CONFLICT', undefined, {
      message: { key: 'versions.draftConflict', params: { section: pickText(json<Texts>(before.title), 'en', 'en') } },
    });
  await checkSite(ctx, input.studyId, input.siteId);
  const { defaultLanguage, languages } = await studyTextLanguages(ctx, input.studyId);
  for (const [field, texts] of [
    ['title', input.title],
    ['description', input.description],
    ['disclaimer', input.disclaimer],
  ] as const)
    for (const language of Object.keys(texts))
      if (!languages.includes(language))
        throw fieldProblem('VALIDATION_FAILED', `${field}.${language}`, 'studyContent.languageNotInStudy', {
          language,
        });
  if (!input.title[defaultLanguage]?.trim())
    throw fieldProblem('VALIDATION_FAILED', `title.${defaultLanguage}`, 'documents.titleRequired', {
      language: defaultLanguage,
    });
  const after = await updateDocument(ctx.db, before.id, {
    site_id: input.siteId,
    title: JSON.stringify(input.title),
    description: JSON.stringify(input.description),
    disclaimer: JSON.stringify(input.disclaimer),
    updated_by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'study.document.update',
    entityType: 'study_document',
    entityId: before.id,
    before: { ...auditView(before), description: json(before.description), disclaimer: json(before.disclaimer) },
    after: { ...auditView(after), description: json(after.description), disclaimer: json(after.disclaimer) },
  });
  return toDocument(ctx, after);
}

/** C-139, C-144: activated or not, for selected participants only or more; the reason goes to the trail. */
export async function setDocumentStatus(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    documentId: string;
    status: boolean;
    isSelectedForParticipantsOnly: boolean;
    activateForMoreParticipants: boolean;
  },
) {
  const before = await changeable(ctx, input.studyId, input.documentId);
  const after = await updateDocument(ctx.db, before.id, {
    status: input.status,
    is_selected_for_participants_only: input.isSelectedForParticipantsOnly,
    activate_for_more_participants: input.activateForMoreParticipants,
    updated_by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'study.document.status',
    entityType: 'study_document',
    entityId: before.id,
    before: auditView(before),
    after: auditView(after),
  });
  return toDocument(ctx, after);
}

/** C-145: soft delete (active=false): the file and the history stay; a deleted document changes no more. */
export async function deleteDocument(ctx: ServiceCtx, input: { studyId: string; documentId: string }) {
  const before = await changeable(ctx, input.studyId, input.documentId);
  const after = await updateDocument(ctx.db, before.id, {
    active: false,
    status: false,
    updated_by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'study.document.delete',
    entityType: 'study_document',
    entityId: before.id,
    before: auditView(before),
    after: auditView(after),
  });
  return toDocument(ctx, after);
}

async function pdfOf(ctx: ServiceCtx, row: StudyDocumentRow) {
  const stored = await readStoredFile(ctx, row.file_id);
  if (!stored) throw fail('NOT_FOUND');
  return stored;
}

/** C-140: the PDF, named by its file name (a GET: reads are not audit entries). */
export async function downloadDocument(ctx: ServiceCtx, input: { studyId: string; documentId: string }) {
  const row = await readable(ctx, input.studyId, input.documentId);
  const stored = await pdfOf(ctx, row);
  return {
    fileName: stored.file.fileName ?? `${row.id}.pdf`,
    contentType: 'application/pdf' as const,
    base64: stored.data.toString('base64'),
  };
}

/** C-143: the pages of a page, each copied into a one-page PDF. */
export async function documentPages(
  ctx: ServiceCtx,
  input: { studyId: string; documentId: string; pageNum: number; pageSize: number },
) {
  const row = await readable(ctx, input.studyId, input.documentId);
  const source = await PDFDocument.load((await pdfOf(ctx, row)).data);
  const count = source.getPageCount();
  const first = (input.pageNum - 1) * input.pageSize;
  const items = [];
  for (let i = first; i < Math.min(count, first + input.pageSize); i++) {
    const one = await PDFDocument.create();
    const [page] = await one.copyPages(source, [i]);
    one.addPage(page!);
    items.push({
      page: i + 1,
      contentType: 'application/pdf' as const,
      base64: Buffer.from(await one.save()).toString('base64'),
    });
  }
  return { pageCount: count, pageNum: input.pageNum, pageSize: input.pageSize, items };
}

/** C-142: an image added to the disclaimer (PNG or JPEG, sniffed). */
export async function addDisclaimerImage(
  ctx: ServiceCtx,
  input: { studyId: string; documentId: string },
  upload: { data: Buffer; contentType: string } | null,
) {
  if (!upload) throw fail('UNSUPPORTED_MEDIA_TYPE');
  const before = await changeable(ctx, input.studyId, input.documentId);
  const checked = await checkedUpload(upload);
  const file = await storeFile(ctx, {
    clientId: ctx.staff().clientId,
    studyId: input.studyId,
    kind: 'disclaimer',
    contentType: checked.contentType,
    data: checked.data,
  });
  const ids = [...json<string[]>(before.disclaimer_file_ids), file.id];
  const after = await updateDocument(ctx.db, before.id, {
    disclaimer_file_ids: JSON.stringify(ids),
    updated_by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'study.document.image.add',
    entityType: 'study_document',
    entityId: before.id,
    after: { fileId: file.id, disclaimerImages: ids },
  });
  return toDocument(ctx, after);
}

/** An image out of the disclaimer; its file stays for the trail. */
export async function removeDisclaimerImage(
  ctx: ServiceCtx,
  input: { studyId: string; documentId: string; fileId: string },
) {
  const before = await changeable(ctx, input.studyId, input.documentId);
  const was = json<string[]>(before.disclaimer_file_ids);
  if (!was.includes(input.fileId)) throw fail('NOT_FOUND');
  const ids = was.filter((id) => id !== input.fileId);
  const after = await updateDocument(ctx.db, before.id, {
    disclaimer_file_ids: JSON.stringify(ids),
    updated_by: ctx.staff().userId,
  });
  ctx.audit({
    action: 'study.document.image.remove',
    entityType: 'study_document',
    entityId: before.id,
    before: { disclaimerImages: was },
    after: { disclaimerImages: ids },
  });
  return toDocument(ctx, after);
}

/** A disclaimer image's bytes, for whoever may read the document. */
export async function disclaimerImage(ctx: ServiceCtx, input: { studyId: string; documentId: string; fileId: string }) {
  const row = await readable(ctx, input.studyId, input.documentId);
  if (!json<string[]>(row.disclaimer_file_ids).includes(input.fileId)) throw fail('NOT_FOUND');
  const stored = await readStoredFile(ctx, input.fileId);
  if (!stored) throw fail('NOT_FOUND');
  return stored;
}
