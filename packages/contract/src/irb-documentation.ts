/**
 * IRB/EC documentation of a study version (C-100 generate, C-101 download, C-102 e-mail; decision 0035):
 * a PDF with the study's facts, the version, its content texts per language and what changed since the
 * version published before it. Each generated PDF is kept (a stored file) and listed; the download
 * carries the file as base64 in JSON; the e-mail goes through the outbox. Environment-neutral: a
 * version is one record in both data spaces.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const DocumentParams = z.object({ studyId: z.string().uuid(), documentId: z.string().uuid() }).strict();

export const IrbDocumentSchema = z.object({
  id: z.string(),
  studyId: z.string(),
  version: z.object({ id: z.string(), number: z.number().int(), name: z.string() }),
  comparedWith: z.object({ id: z.string(), number: z.number().int(), name: z.string() }).nullable(),
  language: z.string(),
  fileName: z.string(),
  byteSize: z.number().int(),
  sha256: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type IrbDocument = z.infer<typeof IrbDocumentSchema>;

export const listIrbDocuments = defineEndpoint({
  id: 'listIrbDocuments',
  method: 'GET',
  path: '/api/v1/studies/:studyId/irb-documentation',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "The study's generated IRB/EC documentation PDFs, newest first",
  params: StudyParams,
  response: z.object({ items: z.array(IrbDocumentSchema) }),
});

export const generateIrbDocument = defineEndpoint({
  id: 'generateIrbDocument',
  method: 'POST',
  path: '/api/v1/studies/:studyId/irb-documentation',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    'IRB generate (C-100): the PDF of a published version (default: the newest) with its diff against the version published before it; stored and audited',
  params: StudyParams,
  body: z
    .object({
      versionId: z.string().uuid().optional(),
      /** The language of the document's headings (the content texts are in every study language). */
      language: z.enum(['en', 'es']).default('en'),
    })
    .strict(),
  response: IrbDocumentSchema,
});

export const downloadIrbDocument = defineEndpoint({
  id: 'downloadIrbDocument',
  // POST: every download is written to the audit trail (a GET runs as a read).
  method: 'POST',
  path: '/api/v1/studies/:studyId/irb-documentation/:documentId/download',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: 'IRB download (C-101): the PDF as base64; audited',
  params: DocumentParams,
  response: z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() }),
});

export const emailIrbDocument = defineEndpoint({
  id: 'emailIrbDocument',
  method: 'POST',
  path: '/api/v1/studies/:studyId/irb-documentation/:documentId/email',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary: 'IRB e-mail (C-102): an e-mail about the document through the outbox; audited',
  params: DocumentParams,
  body: z
    .object({
      to: z.email().max(254),
      message: z.string().trim().max(2000).default(''),
    })
    .strict(),
  response: z.object({ ok: z.literal(true), to: z.string() }),
});
