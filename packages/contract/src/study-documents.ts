/**
 * A study's custom documents and resources (C-085, C-138–C-145; decision 0038): PDFs for the whole study or
 * one site, with a title, description and disclaimer per study language and disclaimer images; activated
 * or deactivated, offered to selected participants only or to more of them, soft-deleted with a reason.
 * Uploads are raw bodies like the branding images; the server sniffs the bytes.
 */
import { LanguageCodeSchema } from '@trialpath/domain';
import { z } from 'zod';
import { withReason } from './common';
import { defineEndpoint } from './endpoint';
import { StoredFileSchema } from './files';

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DISCLAIMER_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const DISCLAIMER_IMAGE_MAX_BYTES = 1024 * 1024;
export const DOCUMENT_SORTS = ['createdAt', '-createdAt', 'title', '-title'] as const;

const Texts = (max: number) => z.record(LanguageCodeSchema, z.string().max(max));

export const StudyDocumentSchema = z.object({
  documentId: z.string(),
  studyId: z.string(),
  /** null: every site of the study. */
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  title: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  disclaimer: z.record(z.string(), z.string()),
  disclaimerImages: z.array(StoredFileSchema),
  file: StoredFileSchema,
  pageCount: z.number().int(),
  /** Activated (true) or deactivated (false) (C-144). */
  status: z.boolean(),
  isSelectedForParticipantsOnly: z.boolean(),
  activateForMoreParticipants: z.boolean(),
  /** false once soft-deleted (C-145). */
  active: z.boolean(),
  revision: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudyDocument = z.infer<typeof StudyDocumentSchema>;

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const DocumentParams = z.object({ studyId: z.string().uuid(), documentId: z.string().uuid() }).strict();

export const listStudyDocuments = defineEndpoint({
  id: 'listStudyDocuments',
  method: 'GET',
  path: '/api/v1/studies/:studyId/documents',
  audience: 'staff',
  permission: 'sites.view',
  env: 'neutral',
  summary:
    "The study's custom documents (C-138): a site's and the whole study's, paged and sorted; soft-deleted ones when asked",
  params: StudyParams,
  query: z
    .object({
      siteId: z.string().uuid().optional(),
      pageNum: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
      sort: z.enum(DOCUMENT_SORTS).default('-createdAt'),
      includeDeleted: z
        .enum(['true', 'false'])
        .default('false')
        .transform((v) => v === 'true'),
    })
    .strict(),
  response: z.object({
    items: z.array(StudyDocumentSchema),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const uploadStudyDocument = defineEndpoint({
  id: 'uploadStudyDocument',
  method: 'POST',
  path: '/api/v1/studies/:studyId/documents',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  upload: { contentTypes: ['application/pdf'], maxBytes: DOCUMENT_MAX_BYTES },
  summary:
    'Add a custom document (raw PDF body, at most 20 MiB) for one site or the whole study, titled in the default language',
  params: StudyParams,
  query: z
    .object({
      siteId: z.string().uuid().optional(),
      title: z.string().trim().min(1).max(200),
      fileName: z.string().trim().max(200).optional(),
    })
    .strict(),
  response: StudyDocumentSchema,
});

export const configureStudyDocument = defineEndpoint({
  id: 'configureStudyDocument',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/documents/:documentId',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  sanitize: true,
  summary:
    "Configure a document's details (C-141): title, description and disclaimer per study language, its site; with the revision read",
  params: DocumentParams,
  body: z
    .object({
      revision: z.number().int().min(0),
      siteId: z.string().uuid().nullable(),
      title: Texts(200),
      description: Texts(2000),
      disclaimer: Texts(20_000),
    })
    .strict(),
  response: StudyDocumentSchema,
});

export const setStudyDocumentStatus = defineEndpoint({
  id: 'setStudyDocumentStatus',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/documents/:documentId/status',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  reasonRequired: true,
  summary:
    'Activate or deactivate a document (C-139, C-144), offered to selected participants only or to more, with a reason',
  params: DocumentParams,
  body: withReason({
    status: z.boolean(),
    isSelectedForParticipantsOnly: z.boolean(),
    activateForMoreParticipants: z.boolean(),
  }),
  response: StudyDocumentSchema,
});

export const deleteStudyDocument = defineEndpoint({
  id: 'deleteStudyDocument',
  method: 'DELETE',
  path: '/api/v1/studies/:studyId/documents/:documentId',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  reasonRequired: true,
  summary: 'Soft-delete a document (C-145: active=false); its file and history stay',
  params: DocumentParams,
  body: withReason({}),
  response: StudyDocumentSchema,
});

export const downloadStudyDocument = defineEndpoint({
  id: 'downloadStudyDocument',
  method: 'GET',
  path: '/api/v1/studies/:studyId/documents/:documentId/download',
  audience: 'staff',
  permission: 'sites.view',
  env: 'neutral',
  summary: "A document's PDF (C-140), as a file named by its title",
  params: DocumentParams,
  response: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }),
});

export const getStudyDocumentPages = defineEndpoint({
  id: 'getStudyDocumentPages',
  method: 'GET',
  path: '/api/v1/studies/:studyId/documents/:documentId/pages',
  audience: 'staff',
  permission: 'sites.view',
  env: 'neutral',
  summary: "A document's pages (C-143), a page of pages at a time, each a one-page PDF a viewer shows on its own",
  params: DocumentParams,
  query: z
    .object({
      pageNum: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(10).default(5),
    })
    .strict(),
  response: z.object({
    pageCount: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    items: z.array(z.object({ page: z.number().int(), contentType: z.literal('application/pdf'), base64: z.string() })),
  }),
});

export const uploadDocumentDisclaimerImage = defineEndpoint({
  id: 'uploadDocumentDisclaimerImage',
  method: 'POST',
  path: '/api/v1/studies/:studyId/documents/:documentId/disclaimer-images',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  upload: { contentTypes: DISCLAIMER_IMAGE_TYPES, maxBytes: DISCLAIMER_IMAGE_MAX_BYTES },
  summary: "Add an image to a document's disclaimer (C-142; raw PNG or JPEG body, at most 1 MiB)",
  params: DocumentParams,
  response: StudyDocumentSchema,
});

export const deleteDocumentDisclaimerImage = defineEndpoint({
  id: 'deleteDocumentDisclaimerImage',
  method: 'DELETE',
  path: '/api/v1/studies/:studyId/documents/:documentId/disclaimer-images/:fileId',
  audience: 'staff',
  permission: 'sites.manage',
  env: 'neutral',
  summary: "Take an image out of a document's disclaimer (its file stays)",
  params: DocumentParams.extend({ fileId: z.string().uuid() }).strict(),
  response: StudyDocumentSchema,
});

export const getDocumentImage = defineEndpoint({
  id: 'getDocumentImage',
  method: 'GET',
  path: '/api/v1/studies/:studyId/documents/:documentId/disclaimer-images/:fileId',
  audience: 'staff',
  permission: 'sites.view',
  env: 'neutral',
  summary: "A disclaimer image's bytes (binary)",
  params: DocumentParams.extend({ fileId: z.string().uuid() }).strict(),
  response: z.any(),
});
