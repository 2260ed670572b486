/**
 * Prototypes of a study's draft (000 §2.4 previewpage and review/generate-prototype; decision 0043): a
 * frozen copy of the draft the participant portal shows through a secret link. A preview lasts two hours
 * and is the study team's own; a shared prototype lasts the days chosen and can be withdrawn. The link
 * (with its token) is answered once; only the token's hash is kept.
 */
import { z } from 'zod';
import { PdfFileSchema, withReason } from './common';
import { defineEndpoint } from './endpoint';

export const PROTOTYPE_PURPOSES = ['PREVIEW', 'SHARE'] as const;
export const PROTOTYPE_VALID_DAYS = [1, 7, 14, 30] as const;
/** How long the previewpage's prototype is valid. */
export const PREVIEW_VALID_HOURS = 2;

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const PersonSchema = z.object({ id: z.string(), name: z.string() });

export const StudyPrototypeSchema = z.object({
  id: z.string(),
  purpose: z.enum(PROTOTYPE_PURPOSES),
  versionNumber: z.number().int(),
  note: z.string().nullable(),
  createdBy: PersonSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedBy: PersonSchema.nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(['ACTIVE', 'EXPIRED', 'REVOKED']),
});
export type StudyPrototype = z.infer<typeof StudyPrototypeSchema>;

export const createStudyPrototype = defineEndpoint({
  id: 'createStudyPrototype',
  method: 'POST',
  path: '/api/v1/studies/:studyId/prototypes',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  sanitize: true,
  summary:
    'A prototype of the draft as it is now: a preview for two hours, or a link to share valid for the days chosen. The link is answered once',
  params: StudyParams,
  body: z
    .object({
      purpose: z.enum(PROTOTYPE_PURPOSES),
      /** SHARE only: how many days the link works (a preview always lasts two hours). */
      validDays: z
        .number()
        .int()
        .refine((d) => (PROTOTYPE_VALID_DAYS as readonly number[]).includes(d), {
          params: { messageKey: 'errors.invalidValue' },
        })
        .optional(),
      note: z.string().trim().max(500).optional(),
    })
    .strict(),
  response: StudyPrototypeSchema.extend({
    /** The portal address with the token: shown once, never stored. */
    url: z.string(),
  }),
});

export const listStudyPrototypes = defineEndpoint({
  id: 'listStudyPrototypes',
  method: 'GET',
  path: '/api/v1/studies/:studyId/prototypes',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary: "The study's shared prototypes, newest first, each with its state (links are not shown again)",
  params: StudyParams,
  query: z
    .object({
      pageNum: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    })
    .strict(),
  response: z.object({
    items: z.array(StudyPrototypeSchema),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
});

export const revokeStudyPrototype = defineEndpoint({
  id: 'revokeStudyPrototype',
  method: 'POST',
  path: '/api/v1/studies/:studyId/prototypes/:prototypeId/revoke',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  reasonRequired: true,
  summary: 'Withdraw a prototype link before it expires, with a reason; it stops working at once',
  params: z.object({ studyId: z.string().uuid(), prototypeId: z.string().uuid() }).strict(),
  body: withReason({}),
  response: StudyPrototypeSchema,
});

/**
 * H-013 "Prototype download by platform" (decision H-prototype-kit): the portal is one web app, so what a
 * reviewer downloads for a platform is a kit, not a build: the link as a QR code and the steps to open it
 * and keep it on that platform's home screen. Made while the link is on screen (its token proves it).
 */
export const PROTOTYPE_PLATFORMS = ['IOS', 'ANDROID', 'DESKTOP'] as const;
export type PrototypePlatform = (typeof PROTOTYPE_PLATFORMS)[number];
/** The token inside a prototype link's address (the portal reads it as `?prototype=`). */
export const prototypeTokenOf = (url: string) => /[?&]prototype=([A-Za-z0-9_-]+)/.exec(url)?.[1] ?? null;

export const downloadStudyPrototypeKit = defineEndpoint({
  id: 'downloadStudyPrototypeKit',
  method: 'POST',
  path: '/api/v1/studies/:studyId/prototypes/:prototypeId/kit',
  audience: 'staff',
  permission: 'studies.design',
  env: 'neutral',
  summary:
    "A prototype link's kit for one platform (iPhone and iPad, Android, computer): a PDF with the link, its QR code and the steps to open and keep it there",
  params: z.object({ studyId: z.string().uuid(), prototypeId: z.string().uuid() }).strict(),
  body: z
    .object({
      platform: z.enum(PROTOTYPE_PLATFORMS),
      /** The link's token, known only while the link is on screen. */
      token: z.string().min(20).max(100),
    })
    .strict(),
  response: PdfFileSchema,
});
