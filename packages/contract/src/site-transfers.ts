/**
 * Participant site transfers (issue 12; E-022, E-114…E-119; 002 §4; decision E-site-transfers): a request to move a
 * participant to another site of the study, with a reason; the receiving site approves or refuses it with a review
 * reason (never the person who asked: four eyes); the request may be cancelled while it waits. An approval moves the
 * participant and everything recorded about them at once. Also the simple participant list a picker reads (E-119).
 * Names are null for a caller who may not identify participants.
 */
import { z } from 'zod';
import { pageOf } from './common';
import { defineEndpoint } from './endpoint';

export const SITE_TRANSFER_STATUSES = ['PENDING', 'APPROVED', 'REFUSED', 'CANCELLED'] as const;
export type SiteTransferStatus = (typeof SITE_TRANSFER_STATUSES)[number];
/** What a review decides (E-118). */
export const SITE_TRANSFER_DECISIONS = ['APPROVED', 'REFUSED'] as const;

export const TRANSFER_REASON_MIN = 3;
export const TRANSFER_REASON_MAX = 500;
const Reason = z.string().trim().min(TRANSFER_REASON_MIN).max(TRANSFER_REASON_MAX);

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const ParticipantParams = z.object({ studyId: z.string().uuid(), participantId: z.string().uuid() }).strict();
const TransferParams = z.object({ studyId: z.string().uuid(), transferId: z.string().uuid() }).strict();

const SiteRefSchema = z.object({ id: z.string(), name: z.string(), siteCode: z.string() });
export type SiteRef = z.infer<typeof SiteRefSchema>;

export const SiteTransferSchema = z.object({
  id: z.string(),
  participant: z.object({
    id: z.string(),
    /** The participant's id in the study (participant code). */
    participantId: z.string(),
    /** Null for a caller who may not identify participants. */
    name: z.string().nullable(),
    /** The caller sees the participant now (the site they are at is one of the caller's): their profile opens. */
    visible: z.boolean(),
  }),
  fromSite: SiteRefSchema,
  toSite: SiteRefSchema,
  status: z.enum(SITE_TRANSFER_STATUSES),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  /** Who closed the request: the reviewer (approved, refused) or who cancelled it; null while it waits. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  /** The caller may approve or refuse it: it waits, they manage participants at the receiving site, they did not ask. */
  mayReview: z.boolean(),
  /** The caller may cancel it: it waits, and they asked for it or manage the participant at their site. */
  mayCancel: z.boolean(),
});
export type SiteTransfer = z.infer<typeof SiteTransferSchema>;

export const getTransferOptions = defineEndpoint({
  id: 'getTransferOptions',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/transfer-options',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'The sites a participant can be transferred to: every other site of the study that takes participants in this data space, not only the caller’s',
  params: ParticipantParams,
  response: z.object({ currentSite: SiteRefSchema, sites: z.array(SiteRefSchema) }),
});

export const requestSiteTransfer = defineEndpoint({
  id: 'requestSiteTransfer',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-transfers',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Ask for a participant to be transferred to another site of the study, with a reason (E-115); one open request per participant',
  params: ParticipantParams,
  body: z.object({ toSiteId: z.string().uuid(), reason: Reason }).strict(),
  response: SiteTransferSchema,
});

export const listParticipantSiteTransfers = defineEndpoint({
  id: 'listParticipantSiteTransfers',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/site-transfers',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'A participant’s site transfers, newest first, with their reasons and reviews (E-116)',
  params: ParticipantParams,
  response: z.object({ items: z.array(SiteTransferSchema) }),
});

export const SiteTransferListQuerySchema = z
  .object({
    /** One status, or ALL; waiting requests unless said otherwise. */
    status: z.enum([...SITE_TRANSFER_STATUSES, 'ALL']).default('PENDING'),
    pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(10).max(100).default(25),
  })
  .strict();

export const listSiteTransfers = defineEndpoint({
  id: 'listSiteTransfers',
  method: 'GET',
  path: '/api/v1/studies/:studyId/site-transfers',
  audience: 'staff',
  permission: 'participants.view',
  summary:
    'The study’s site transfers from or to a site the caller may see, newest first: waiting ones unless another status is asked (E-117, E-022)',
  params: StudyParams,
  query: SiteTransferListQuerySchema,
  response: pageOf(SiteTransferSchema).extend({ identify: z.boolean() }),
});

export const getSiteTransfer = defineEndpoint({
  id: 'getSiteTransfer',
  method: 'GET',
  path: '/api/v1/studies/:studyId/site-transfers/:transferId',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'One site transfer by its id (E-117), if it is from or to a site the caller may see',
  params: TransferParams,
  response: SiteTransferSchema,
});

export const reviewSiteTransfer = defineEndpoint({
  id: 'reviewSiteTransfer',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/site-transfers/:transferId/review',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Approve or refuse a waiting site transfer with a review reason (E-114, E-118; 002 §4), by staff of the receiving site other than who asked; an approval moves the participant',
  params: TransferParams,
  body: z.object({ status: z.enum(SITE_TRANSFER_DECISIONS), reviewReason: Reason }).strict(),
  response: SiteTransferSchema,
});

export const cancelSiteTransfer = defineEndpoint({
  id: 'cancelSiteTransfer',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/site-transfers/:transferId/cancel',
  audience: 'staff',
  permission: 'participants.manage',
  summary: 'Cancel a waiting site transfer, with a reason: by who asked for it or staff who manage the participant',
  params: TransferParams,
  body: z.object({ reason: Reason }).strict(),
  response: SiteTransferSchema,
});

export const SimpleParticipantSchema = z.object({
  id: z.string(),
  participantId: z.string(),
  /** Null for a caller who may not identify participants. */
  name: z.string().nullable(),
});
export type SimpleParticipant = z.infer<typeof SimpleParticipantSchema>;

/** At most this many participants in one answer of the simple list (a picker, not a list to page through). */
export const SIMPLE_PARTICIPANT_LIMIT = 50;

export const listSimpleParticipants = defineEndpoint({
  id: 'listSimpleParticipants',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants-simple',
  audience: 'staff',
  permission: 'participants.view',
  summary: `The participants the caller may see whose id starts with the search, by id, at most ${SIMPLE_PARTICIPANT_LIMIT} (E-119): for a picker`,
  params: StudyParams,
  query: z.object({ search: z.string().trim().max(100).default('') }).strict(),
  response: z.object({ items: z.array(SimpleParticipantSchema) }),
});
