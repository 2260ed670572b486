/**
 * Participant documents and e-signature (issue 12; E-089…E-110; decision E-participant-documents). Staff send a
 * study document to a participant (or to a whole site's participants), ask for their signature, resend or cancel the
 * request, ask the investigator to sign after the participant, invalidate a document (and send it again), and read
 * its history. The participant reads and signs it in the portal: a Part 11 signature bound to the hash of the exact
 * document bytes. The signature states and their transitions (E-102…E-108) are declared here, once, for the server
 * and both portals.
 */
import { z } from 'zod';
import { pageOf, withReason } from './common';
import { defineEndpoint } from './endpoint';

export * from './participant-document-states';
import { DOCUMENT_STATUSES, SIGNER_ROLES } from './participant-document-states';

const Uuid = z.string().uuid();
const StudyParams = z.object({ studyId: Uuid }).strict();
const ParticipantParams = z.object({ studyId: Uuid, participantId: Uuid }).strict();
const DocumentParams = z.object({ studyId: Uuid, documentId: Uuid }).strict();
const SiteParams = z.object({ studyId: Uuid, siteId: Uuid }).strict();

/** A drawn signature: a PNG data URL, at most about 300 kB. */
export const DrawnSignatureSchema = z
  .string()
  .max(400_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);

export const DocumentSignatureSchema = z.object({
  role: z.enum(SIGNER_ROLES),
  /** 11.50: the signer's printed name, the time, the meaning. */
  printedName: z.string(),
  signedAt: z.string(),
  meaning: z.string(),
  hasImage: z.boolean(),
  /** 11.70: the sha-256 of the document bytes signed. */
  documentHash: z.string(),
});
export type DocumentSignature = z.infer<typeof DocumentSignatureSchema>;

/** What the caller may do with the document now (the server decides; the screens offer only these). */
export const DocumentAllowedSchema = z.object({
  requestSignature: z.boolean(),
  resend: z.boolean(),
  cancelRequest: z.boolean(),
  sendMail: z.boolean(),
  requestPiSignature: z.boolean(),
  piSign: z.boolean(),
  invalidate: z.boolean(),
});

export const ParticipantDocumentSchema = z.object({
  id: z.string(),
  studyDocumentId: z.string(),
  participant: z.object({
    id: z.string(),
    participantId: z.string(),
    /** Null for a caller who may not identify participants. */
    name: z.string().nullable(),
    siteId: z.string(),
  }),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  /** When the signature was asked for (E-094); null while not asked. */
  reqSignDate: z.string().nullable(),
  piSignatureRequired: z.boolean(),
  documentHash: z.string(),
  /** Who signs next (E-101); null when nobody does now. */
  nextSigner: z.enum(SIGNER_ROLES).nullable(),
  signatures: z.array(DocumentSignatureSchema),
  hasSignedPdf: z.boolean(),
  isInvalidate: z.boolean(),
  invalidatedAt: z.string().nullable(),
  invalidatedBy: z.string().nullable(),
  invalidateReason: z.string().nullable(),
  /** The invalidated document this one was sent again for (E-090). */
  inValidateDocumentId: z.string().nullable(),
  /** The document sent again in place of this one, once it was invalidated with a resend. */
  replacedById: z.string().nullable(),
  sentBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  allowed: DocumentAllowedSchema,
});
export type ParticipantDocument = z.infer<typeof ParticipantDocumentSchema>;

export const DocumentEventSchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  at: z.string(),
  /** Who: a staff member's name, the participant's id in the study, or null (the system). */
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type DocumentEvent = z.infer<typeof DocumentEventSchema>;

const PdfSchema = z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() });

export const listParticipantDocuments = defineEndpoint({
  id: 'listParticipantDocuments',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/participant-documents',
  audience: 'staff',
  permission: 'participants.view',
  noLoader: 'document-list',
  summary: "A participant's documents, newest first, invalidated ones included (E-089)",
  params: ParticipantParams,
  response: z.object({ items: z.array(ParticipantDocumentSchema) }),
});

export const sendParticipantDocument = defineEndpoint({
  id: 'sendParticipantDocument',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/participant-documents',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    "Send an activated study document of the participant's site to the participant, and ask for their signature at once when said",
  params: ParticipantParams,
  body: z.object({ studyDocumentId: Uuid, requestSignature: z.boolean().default(false) }).strict(),
  response: ParticipantDocumentSchema,
});

export const PARTICIPANT_DOCUMENT_FILTERS = [...DOCUMENT_STATUSES, 'INVALIDATED', 'ALL'] as const;

export const listStudyParticipantDocuments = defineEndpoint({
  id: 'listStudyParticipantDocuments',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-documents',
  audience: 'staff',
  permission: 'participants.view',
  noLoader: 'document-list',
  summary: "The study's participant documents at the sites the caller sees, newest first, by status (E-021)",
  params: StudyParams,
  query: z
    .object({
      status: z.enum(PARTICIPANT_DOCUMENT_FILTERS).default('ALL'),
      pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(5).max(100).default(25),
    })
    .strict(),
  response: pageOf(ParticipantDocumentSchema),
});

export const getParticipantDocument = defineEndpoint({
  id: 'getParticipantDocument',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'One participant document with its signatures and invalidation (E-090: inValidateDocumentId, isInvalidate)',
  params: DocumentParams,
  response: ParticipantDocumentSchema,
});

export const getParticipantDocumentPages = defineEndpoint({
  id: 'getParticipantDocumentPages',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/pages',
  audience: 'staff',
  permission: 'participants.view',
  noLoader: 'document-list',
  summary: "The document's pages as sent, a page of pages at a time, each a one-page PDF (E-091)",
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

export const getParticipantDocumentStatus = defineEndpoint({
  id: 'getParticipantDocumentStatus',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/status',
  audience: 'staff',
  permission: 'participants.view',
  summary: "The document's signature status alone (E-092)",
  params: DocumentParams,
  response: z.object({
    id: z.string(),
    status: z.enum(DOCUMENT_STATUSES),
    isInvalidate: z.boolean(),
    reqSignDate: z.string().nullable(),
  }),
});

export const getParticipantDocumentHistory = defineEndpoint({
  id: 'getParticipantDocumentHistory',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/history',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'What happened to the document, oldest first (E-093); a document sent again continues the one it replaces',
  params: DocumentParams,
  response: z.object({ items: z.array(DocumentEventSchema) }),
});

export const getSignOrderStatus = defineEndpoint({
  id: 'getSignOrderStatus',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/sign-order',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'The e-sign order (E-101): who signs, in order, who has signed and whose turn it is',
  params: DocumentParams,
  response: z.object({
    status: z.enum(DOCUMENT_STATUSES),
    steps: z.array(
      z.object({
        role: z.enum(SIGNER_ROLES),
        state: z.enum(['SIGNED', 'WAITING', 'NEXT']),
        signedAt: z.string().nullable(),
        printedName: z.string().nullable(),
      }),
    ),
  }),
});

export const requestDocumentSignature = defineEndpoint({
  id: 'requestDocumentSignature',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/request-signature',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Ask for the participant’s signature, resend the request (a new reqSignDate and e-mail) or cancel it (E-094); one at a time',
  params: DocumentParams,
  body: z
    .object({
      cancelRequest: z.boolean().default(false),
      resend: z.boolean().default(false),
    })
    .strict(),
  response: ParticipantDocumentSchema,
});

export const requestPiSignature = defineEndpoint({
  id: 'requestPiSignature',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/pi-signature-request',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'Ask the investigator to sign the document after the participant (E-095)',
  params: DocumentParams,
  response: ParticipantDocumentSchema,
});

export const signDocumentAsPi = defineEndpoint({
  id: 'signDocumentAsPi',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/pi-signature',
  audience: 'staff',
  permission: 'responses.sign',
  summary:
    "The investigator's signature after the participant's: password again, meaning accepted, a drawn signature; bound to the document hash",
  params: DocumentParams,
  body: z
    .object({
      currentPassword: z.string().min(1).max(200),
      meaningAccepted: z.literal(true),
      documentHash: z.string().regex(/^[0-9a-f]{64}$/),
      drawnSignature: DrawnSignatureSchema.nullable().default(null),
    })
    .strict(),
  response: ParticipantDocumentSchema,
});

export const sendDocumentMail = defineEndpoint({
  id: 'sendDocumentMail',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/mail',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'E-mail the participant that the document waits for them in the portal (E-097)',
  params: DocumentParams,
  response: z.object({ ok: z.literal(true), sentTo: z.string() }),
});

export const invalidateParticipantDocument = defineEndpoint({
  id: 'invalidateParticipantDocument',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/invalidate',
  audience: 'staff',
  permission: 'participants.manage',
  reasonRequired: true,
  summary:
    'Invalidate a document with a reason (E-098); with resendDocument, send it again as a new document pointing at this one',
  params: DocumentParams,
  body: withReason({ resendDocument: z.boolean().default(false) }),
  response: z.object({ invalidated: ParticipantDocumentSchema, resent: ParticipantDocumentSchema.nullable() }),
});

export const downloadParticipantDocument = defineEndpoint({
  id: 'downloadParticipantDocument',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-documents/:documentId/download',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'The document as sent, or the signed PDF with its signature page once signed',
  params: DocumentParams,
  query: z.object({ signed: z.enum(['true', 'false']).default('false') }).strict(),
  response: PdfSchema,
});

export const saveSiteParticipantDocument = defineEndpoint({
  id: 'saveSiteParticipantDocument',
  method: 'POST',
  path: '/api/v1/studies/:studyId/sites/:siteId/participant-documents',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Send an activated study document to every participant of a site (in this data space) who has no copy of it yet (E-099)',
  params: SiteParams,
  body: z.object({ studyDocumentId: Uuid, requestSignature: z.boolean().default(false) }).strict(),
  response: z.object({ sent: z.number().int(), alreadyHad: z.number().int() }),
});

export const listParticipantsByDocument = defineEndpoint({
  id: 'listParticipantsByDocument',
  method: 'GET',
  path: '/api/v1/studies/:studyId/documents/:documentId/participants',
  audience: 'staff',
  permission: 'participants.view',
  noLoader: 'document-list',
  summary: 'The participants a study document was sent to, with the status of their copy (E-100)',
  params: DocumentParams,
  response: z.object({ items: z.array(ParticipantDocumentSchema) }),
});

export const PiSignatureSettingSchema = z.object({
  siteId: z.string(),
  siteName: z.string(),
  siteCode: z.string(),
  piSignatureRequired: z.boolean(),
});

export const listPiSignatureSettings = defineEndpoint({
  id: 'listPiSignatureSettings',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-document-settings',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'Per site the caller sees: whether the investigator signs participant documents after the participant',
  params: StudyParams,
  response: z.object({ items: z.array(PiSignatureSettingSchema) }),
});

export const configurePiSignatureBySite = defineEndpoint({
  id: 'configurePiSignatureBySite',
  method: 'POST',
  path: '/api/v1/studies/:studyId/sites/:siteId/participant-document-settings',
  audience: 'staff',
  permission: 'sites.manage',
  summary: "Configure a site's participant documents to be signed by the investigator after the participant (E-096)",
  params: SiteParams,
  body: z.object({ piSignatureRequired: z.boolean() }).strict(),
  response: PiSignatureSettingSchema,
});

// ── the participant portal ─────────────────────────────────────────────────────────────────────────────

export const MyDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  reqSignDate: z.string().nullable(),
  /** The participant's own signature is asked for now. */
  awaitingMySignature: z.boolean(),
  signedAt: z.string().nullable(),
  hasSignedPdf: z.boolean(),
  createdAt: z.string(),
});
export type MyDocument = z.infer<typeof MyDocumentSchema>;

export const listMyDocuments = defineEndpoint({
  id: 'listMyDocuments',
  method: 'GET',
  path: '/api/v1/participant/signing-documents',
  audience: 'participant',
  noLoader: 'document-list',
  summary: "The participant's documents (not invalidated), those waiting for their signature first",
  response: z.object({ items: z.array(MyDocumentSchema) }),
});

const MyDocumentParams = z.object({ documentId: Uuid }).strict();

export const getMyDocument = defineEndpoint({
  id: 'getMyDocument',
  method: 'GET',
  path: '/api/v1/participant/signing-documents/:documentId',
  audience: 'participant',
  summary: 'One of the participant’s documents to read, with what signing means and the hash to sign',
  params: MyDocumentParams,
  response: MyDocumentSchema.extend({ meaning: z.string(), documentHash: z.string(), pdf: PdfSchema }),
});

export const signMyDocument = defineEndpoint({
  id: 'signMyDocument',
  method: 'POST',
  path: '/api/v1/participant/signing-documents/:documentId/signature',
  audience: 'participant',
  summary:
    'Sign the document: password again, meaning accepted, typed name and an optional drawn signature; bound to the document hash',
  params: MyDocumentParams,
  body: z
    .object({
      /** Made by the portal once per signing: the same request twice is refused as a replay. */
      requestId: Uuid,
      documentHash: z.string().regex(/^[0-9a-f]{64}$/),
      password: z.string().min(1).max(200),
      meaningAccepted: z.literal(true),
      typedName: z.string().trim().min(2).max(200),
      drawnSignature: DrawnSignatureSchema.nullable().default(null),
    })
    .strict(),
  response: MyDocumentSchema,
});

export const declineMyDocument = defineEndpoint({
  id: 'declineMyDocument',
  method: 'POST',
  path: '/api/v1/participant/signing-documents/:documentId/decline',
  audience: 'participant',
  summary: 'Decline to sign: the request is cancelled (RESET) and the site sees it, with the reason given',
  params: MyDocumentParams,
  body: z.object({ reason: z.string().trim().max(500).default('') }).strict(),
  response: MyDocumentSchema,
});

export const getMySignedDocumentPdf = defineEndpoint({
  id: 'getMySignedDocumentPdf',
  method: 'GET',
  path: '/api/v1/participant/signing-documents/:documentId/signed-pdf',
  audience: 'participant',
  summary: 'The signed PDF of one of the participant’s documents',
  params: MyDocumentParams,
  response: PdfSchema,
});
