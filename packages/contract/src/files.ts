/**
 * Branding images and study documents (issue 9; decision 0033). Uploads are raw bodies (the file itself,
 * with progress in the portals: upload.ts); the server sniffs the bytes, not only the header. The logo
 * and icon live in the draft's branding section: an upload or delete names the section revision the
 * editor read, as every content save does (409 DRAFT_CONFLICT otherwise).
 */
import { STUDY_CONTENT_SECTION_SCHEMAS } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const BRANDING_IMAGE_TYPES = ['logo', 'icon'] as const;
export type BrandingImageType = (typeof BRANDING_IMAGE_TYPES)[number];
/** PNG, JPEG or SVG (sanitised). */
export const BRANDING_IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const BRANDING_IMAGE_MAX_BYTES = 1024 * 1024;

export const StoredFileSchema = z.object({
  id: z.string(),
  kind: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  sha256: z.string(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  /** Where the portals load it from. */
  url: z.string(),
});
export type StoredFileView = z.infer<typeof StoredFileSchema>;

const BrandingImageParams = z.object({ studyId: z.string().uuid(), type: z.enum(BRANDING_IMAGE_TYPES) }).strict();
const RevisionQuery = z.object({ revision: z.coerce.number().int().min(0) }).strict();

const BrandingSavedSchema = z.object({
  versionId: z.string(),
  /** The branding section after the change, its new revision and the version's. */
  value: STUDY_CONTENT_SECTION_SCHEMAS.branding,
  revision: z.number().int(),
  versionRevision: z.number().int(),
  /** The image now in place; null after a delete. */
  file: StoredFileSchema.nullable(),
});

export const uploadBrandingImage = defineEndpoint({
  id: 'uploadBrandingImage',
  method: 'POST',
  path: '/api/v1/studies/:studyId/branding/:type',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  upload: { contentTypes: BRANDING_IMAGE_CONTENT_TYPES, maxBytes: BRANDING_IMAGE_MAX_BYTES },
  summary:
    "Upload the study's logo or icon (raw PNG, JPEG or SVG body, at most 1 MiB; SVG sanitised) into the draft's branding section, with the section revision read",
  params: BrandingImageParams,
  query: RevisionQuery,
  response: BrandingSavedSchema,
});

export const deleteBrandingImage = defineEndpoint({
  id: 'deleteBrandingImage',
  method: 'DELETE',
  path: '/api/v1/studies/:studyId/branding/:type',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "Take the logo or icon out of the draft's branding section, with the section revision read",
  params: BrandingImageParams,
  query: RevisionQuery,
  response: BrandingSavedSchema,
});

/** A branding image's bytes (public: the participant portal shows it before sign-in). */
export const getBrandingFile = defineEndpoint({
  id: 'getBrandingFile',
  method: 'GET',
  path: '/api/v1/branding-files/:fileId',
  audience: 'public',
  env: 'neutral',
  summary: 'A study logo or icon (binary; SVG with a Content-Security-Policy that runs nothing)',
  params: z.object({ fileId: z.string().uuid() }).strict(),
  response: z.any(),
});

const PageQuery = z
  .object({
    pageNum: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

/** Branding logos (C-128): the logos and icons uploaded for the study, newest first, and which are in use. */
export const listBrandingLogos = defineEndpoint({
  id: 'listBrandingLogos',
  method: 'GET',
  path: '/api/v1/studies/:studyId/branding-logos',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "The study's uploaded logos and icons, newest first, paged; `inUse` marks the draft's",
  params: z.object({ studyId: z.string().uuid() }).strict(),
  query: PageQuery,
  response: z.object({
    items: z.array(StoredFileSchema.extend({ inUse: z.boolean() })),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
});
