/**
 * Signing consent (issue 11; decision D-consent-signature): the participant reads the consents of their version (and
 * cohort), answers the quiz, and signs each with a Part 11 electronic signature (11.50, 11.200): their
 * password again, the meaning shown and accepted, their typed name and, when the consent asks, a drawn
 * signature. The signature is bound to the consent's id, the version and the hash of the consent's content;
 * a signed PDF is made and kept. The PI or a delegate countersigns from the staff side. When a new version
 * changes a consent, the participant signs it again before starting new tasks (re-consent).
 */
import { LocalizedTextSchema } from '@trialpath/domain';
import { z } from 'zod';
import { ConsentSchema } from './consent';
import { defineEndpoint } from './endpoint';

const Uuid = z.string().uuid();

export const CONSENT_STATUSES = ['UNSIGNED', 'SIGNED', 'RECONSENT_REQUIRED'] as const;

export const ConsentSignatureSchema = z.object({
  id: z.string(),
  consentId: z.string(),
  versionId: z.string(),
  versionNumber: z.number().int(),
  contentHash: z.string(),
  signedAt: z.string(),
  /** The name the participant typed. */
  participantName: z.string(),
  meaning: z.string(),
  hasDrawnSignature: z.boolean(),
  /** The optional consents as answered: id → yes/no. */
  optionalConsents: z.record(z.string(), z.boolean()),
  quizAttempts: z.number().int(),
  /** The investigator's countersignature, when given. */
  countersignedAt: z.string().nullable(),
  countersignedBy: z.string().nullable(),
  /** 'participantSigned' | 'piAndParticipantSigned' (the consent chart's keys). */
  status: z.enum(['participantSigned', 'piAndParticipantSigned']),
});
export type ConsentSignature = z.infer<typeof ConsentSignatureSchema>;

export const MyConsentSchema = z.object({
  consent: ConsentSchema,
  /** sha-256 of the consent as this version holds it: send it back when signing. */
  contentHash: z.string(),
  /** What signing means, in the participant's language (the consent's own text or the standard one). */
  meaning: z.string(),
  status: z.enum(CONSENT_STATUSES),
  /** The newest signature of this consent (also one of an earlier version when re-consent is asked). */
  signature: ConsentSignatureSchema.nullable(),
});
export type MyConsent = z.infer<typeof MyConsentSchema>;

export const getMyConsents = defineEndpoint({
  id: 'getMyConsents',
  method: 'GET',
  path: '/api/v1/participant/consents',
  audience: 'participant',
  summary: "The consents the participant signs (their version's, for their cohort), each with its status",
  response: z.object({
    versionId: z.string(),
    /** The study has cohorts and the participant has none yet: they choose one first (D-035). */
    cohortRequired: z.boolean(),
    cohortId: z.string().nullable(),
    cohorts: z.array(z.object({ id: z.string(), name: LocalizedTextSchema, description: LocalizedTextSchema })),
    items: z.array(MyConsentSchema),
    /** Every consent signed for this version: tasks may start. */
    complete: z.boolean(),
  }),
});

export const chooseMyCohort = defineEndpoint({
  id: 'chooseMyCohort',
  method: 'PUT',
  path: '/api/v1/participant/cohort',
  audience: 'participant',
  summary: "Choose the participant's cohort (once, before signing)",
  body: z.object({ cohortId: z.string().min(1).max(64) }).strict(),
  response: z.object({ cohortId: z.string() }),
});

/** A drawn signature: a PNG as a data URL, at most about 300 kB. */
const DrawnSignature = z
  .string()
  .max(400_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);

export const signMyConsent = defineEndpoint({
  id: 'signMyConsent',
  method: 'POST',
  path: '/api/v1/participant/consents/:consentId/signatures',
  audience: 'participant',
  summary:
    'Sign one consent: password again, meaning accepted, typed name (and drawn signature when asked); bound to the version and the content hash',
  params: z.object({ consentId: z.string().min(1).max(64) }).strict(),
  body: z
    .object({
      /** Made by the portal once per signing: the same request twice is refused as a replay. */
      requestId: Uuid,
      contentHash: z.string().regex(/^[0-9a-f]{64}$/),
      password: z.string().min(1).max(200),
      meaningAccepted: z.literal(true),
      typedName: z.string().trim().min(2).max(200),
      drawnSignature: DrawnSignature.nullable().default(null),
      /** The disclaimers ticked (every required one must be). */
      acceptedDisclaimers: z.array(z.string().max(64)).max(50),
      optionalConsents: z.record(z.string().max(64), z.boolean()),
      /** Wrong quiz answers before the right ones (comprehension). */
      quizAttempts: z.number().int().min(0).max(1000),
      /** The participant's local time of signing, `+HH:mm` offset from UTC. */
      localOffset: z.string().regex(/^[+-]\d{2}:\d{2}$/),
    })
    .strict(),
  response: ConsentSignatureSchema,
});

const PdfSchema = z.object({ fileName: z.string(), contentType: z.literal('application/pdf'), base64: z.string() });

export const getMyConsentPdf = defineEndpoint({
  id: 'getMyConsentPdf',
  method: 'GET',
  path: '/api/v1/participant/consent-signatures/:signatureId/pdf',
  audience: 'participant',
  summary: 'The signed consent PDF of one of the participant’s signatures',
  params: z.object({ signatureId: Uuid }).strict(),
  response: PdfSchema,
});

const ParticipantParams = z.object({ studyId: Uuid, participantId: Uuid }).strict();

export const listParticipantConsents = defineEndpoint({
  id: 'listParticipantConsents',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/consents',
  audience: 'staff',
  permission: 'participants.view',
  summary: "A participant's consents for their version with status and every signature (who has and has not)",
  params: ParticipantParams,
  response: z.object({
    versionId: z.string().nullable(),
    items: z.array(
      z.object({
        consentId: z.string(),
        name: LocalizedTextSchema,
        status: z.enum(CONSENT_STATUSES),
        signatures: z.array(ConsentSignatureSchema),
      }),
    ),
  }),
});

export const getParticipantConsentPdf = defineEndpoint({
  id: 'getParticipantConsentPdf',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/consent-signatures/:signatureId/pdf',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'A signed consent PDF of a participant the user may see',
  params: z.object({ studyId: Uuid, participantId: Uuid, signatureId: Uuid }).strict(),
  response: PdfSchema,
});

export const countersignParticipantConsent = defineEndpoint({
  id: 'countersignParticipantConsent',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/consent-signatures/:signatureId/countersign',
  audience: 'staff',
  permission: 'responses.sign',
  summary: "The investigator's countersignature (password again); the PDF then records both signatures",
  params: z.object({ studyId: Uuid, participantId: Uuid, signatureId: Uuid }).strict(),
  body: z.object({ currentPassword: z.string().min(1).max(200), meaningAccepted: z.literal(true) }).strict(),
  response: ConsentSignatureSchema,
});

export const getReconsentStatus = defineEndpoint({
  id: 'getReconsentStatus',
  method: 'GET',
  path: '/api/v1/studies/:studyId/reconsent',
  audience: 'staff',
  permission: 'participants.view',
  summary: 'Participants asked to consent again after a version changed a consent: who has and who has not',
  params: z.object({ studyId: Uuid }).strict(),
  response: z.object({
    items: z.array(
      z.object({
        participantId: z.string(),
        participantCode: z.string(),
        consentId: z.string(),
        status: z.enum(CONSENT_STATUSES),
        signedAt: z.string().nullable(),
      }),
    ),
  }),
});
