/**
 * The study's logo and icon (C-113, C-114, C-128; decision 0033). An upload stores the image (sniffed,
 * SVG sanitised) and writes its file id into the draft's branding section through the versions
 * service's section save, so the same rules hold as for every content save: a builder of an editable
 * study, a draft, and the section revision the editor read (409 DRAFT_CONFLICT otherwise). Both are
 * audited in the one transaction: `file.store` and `study.content.update`.
 */
import type { BrandingImageType } from '@trialpath/contract';
import type { StudyContent } from '@trialpath/domain';
import { BinaryResponse } from '../../http/context';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { requireStudyBuilder } from '../access/access.service';
import {
  checkedUpload,
  fileHeaders,
  readStoredFile,
  type StoredFile,
  storeFile,
  studyFiles,
} from '../files/files.service';
import { studyTextLanguages, studyVersionPointers } from '../studies/studies.service';
import { findVersion } from './versions.repository';
import { contentOf, readDraft, updateDraftSection } from './versions.service';

const FIELD = { logo: 'logoFileId', icon: 'iconFileId' } as const satisfies Record<BrandingImageType, string>;
const BRANDING_KINDS = ['logo', 'icon'] as const;

export const brandingFileUrl = (fileId: string) => `/api/v1/branding-files/${fileId}`;

export function fileView(f: StoredFile) {
  return {
    id: f.id,
    kind: f.kind,
    contentType: f.contentType,
    byteSize: f.byteSize,
    sha256: f.sha256,
    fileName: f.fileName,
    createdAt: f.createdAt,
    url: brandingFileUrl(f.id),
  };
}

interface BrandingChange {
  studyId: string;
  type: BrandingImageType;
  revision: number;
}

async function setBrandingImage(ctx: ServiceCtx, input: BrandingChange, file: StoredFile | null) {
  const draft = await readDraft(ctx, { studyId: input.studyId });
  const saved = await updateDraftSection(ctx, {
    studyId: input.studyId,
    versionId: draft.id,
    section: 'branding',
    revision: input.revision,
    value: { ...draft.content.branding, [FIELD[input.type]]: file?.id ?? null },
  });
  return {
    versionId: saved.versionId,
    value: saved.value,
    revision: saved.revision,
    versionRevision: saved.versionRevision,
    file: file ? fileView(file) : null,
  };
}

export async function uploadBrandingImage(
  ctx: ServiceCtx,
  input: BrandingChange,
  upload: { data: Buffer; contentType: string } | null,
) {
  if (!upload) throw fail('UNSUPPORTED_MEDIA_TYPE');
  await requireStudyBuilder(ctx, input.studyId);
  const checked = await checkedUpload(upload);
  const file = await storeFile(ctx, {
    clientId: ctx.staff().clientId,
    studyId: input.studyId,
    kind: input.type,
    contentType: checked.contentType,
    data: checked.data,
  });
  return setBrandingImage(ctx, input, file);
}

/** The image leaves the draft; its file stays (an earlier version may show it, and the logo list keeps it). */
export function deleteBrandingImage(ctx: ServiceCtx, input: BrandingChange) {
  return setBrandingImage(ctx, input, null);
}

/** A logo or icon's bytes, for anyone (the participant portal shows it before sign-in); other files are not found. */
export async function brandingFile(ctx: ServiceCtx, input: { fileId: string }): Promise<BinaryResponse> {
  const found = await readStoredFile(ctx, input.fileId);
  if (!found || !(BRANDING_KINDS as readonly string[]).includes(found.file.kind)) throw fail('NOT_FOUND');
  return new BinaryResponse(found.file.contentType, found.data, fileHeaders(found.file.contentType, 'inline'));
}

/** Branding logos (C-128): every logo and icon uploaded for the study, newest first; `inUse` marks the draft's. */
export async function brandingLogos(ctx: ServiceCtx, input: { studyId: string; pageNum: number; pageSize: number }) {
  await requireStudyBuilder(ctx, input.studyId);
  const draft = await readDraft(ctx, { studyId: input.studyId }).catch(() => null);
  const inUse = new Set([draft?.content.branding.logoFileId, draft?.content.branding.iconFileId].filter(Boolean));
  const rows = await studyFiles(ctx, input.studyId, BRANDING_KINDS);
  const start = (input.pageNum - 1) * input.pageSize;
  return {
    items: rows.slice(start, start + input.pageSize).map((f) => ({ ...fileView(f), inUse: inUse.has(f.id) })),
    total: rows.length,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/**
 * The branding the participant portal shows (decision 0037): the live version's colours, logo and header
 * and home-page texts; null while no version is live. Public, as the portal shows it before sign-in.
 */
export async function liveBranding(ctx: ServiceCtx, studyId: string) {
  const { liveVersionId } = await studyVersionPointers(ctx, studyId);
  const version = liveVersionId ? await findVersion(ctx.db, liveVersionId) : undefined;
  return version ? portalBranding(ctx, studyId, contentOf(version)) : null;
}

/** What the portal draws of a version's content (the live one, or a prototype's copy of the draft). */
export async function portalBranding(ctx: ServiceCtx, studyId: string, content: StudyContent) {
  const { defaultLanguage } = await studyTextLanguages(ctx, studyId);
  return {
    primaryColor: content.branding.primaryColor,
    secondaryColor: content.branding.secondaryColor,
    logoUrl: content.branding.logoFileId ? brandingFileUrl(content.branding.logoFileId) : null,
    siteTitle: content.webGlobal.siteTitle,
    homepageHeading: content.webHomepage.heading,
    defaultLanguage,
  };
}
