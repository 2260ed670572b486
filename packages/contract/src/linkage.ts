/**
 * Privacy-preserving linkage tokens, Datavant's calls (issue 14; 002 §3, §7; H-024…H-029; decision
 * H-linkage-tokens): per study and data space, whether tokens are made, the dataset configuration name the linkage
 * partner knows the data by, the kinds of token, and the study's key — which is never answered; replacing it is a
 * call of its own with a confirmation. The token list (and its CSV for the linkage partner) is pseudonymous but
 * linkable: only people who may export data see it, for the sites they may see.
 */
import { LINKAGE_KEY_PATTERN, LINKAGE_TOKEN_TYPES } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();

export const LinkageConfigurationSchema = z.object({
  enabled: z.boolean(),
  datasetName: z.string(),
  tokenTypes: z.array(z.enum(LINKAGE_TOKEN_TYPES)),
  /** Whether the study has a key yet (made on the first save), and when it was made; the key itself never. */
  hasKey: z.boolean(),
  keyCreatedAt: z.string().nullable(),
  /** False when this server's secret cannot open the stored key (then only a new key makes tokens again). */
  keyReadable: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type LinkageConfiguration = z.infer<typeof LinkageConfigurationSchema>;

/** A refinement's catalogue message (the server's 400 and the page's form say the same). */
const says = (messageKey: string, path?: string[]) => ({ params: { messageKey }, ...(path ? { path } : {}) });

const LinkageConfigurationBody = z
  .object({
    enabled: z.boolean(),
    datasetName: z.string().trim().max(120),
    tokenTypes: z
      .array(z.enum(LINKAGE_TOKEN_TYPES))
      .max(LINKAGE_TOKEN_TYPES.length)
      .refine((t) => t.length > 0, says('linkage.typesRequired'))
      .refine((t) => new Set(t).size === t.length, says('linkage.typesRequired')),
  })
  .strict()
  .refine((b) => !b.enabled || b.datasetName !== '', says('linkage.datasetNameRequired', ['datasetName']));

export const getLinkageConfiguration = defineEndpoint({
  id: 'getLinkageConfiguration',
  method: 'GET',
  path: '/api/v1/studies/:studyId/datavant/configuration',
  audience: 'staff',
  permission: 'studies.design',
  summary:
    'The study’s linkage token configuration of the page’s data space (H-025, H-026, H-028, H-029); never the key',
  params: StudyParams,
  response: LinkageConfigurationSchema,
});

export const updateLinkageConfiguration = defineEndpoint({
  id: 'updateLinkageConfiguration',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/datavant/configuration',
  audience: 'staff',
  permission: 'studies.design',
  summary:
    'Turn linkage tokens on or off, name the dataset configuration, choose the kinds of token; turning on (or a change of kinds) makes every participant’s tokens',
  params: StudyParams,
  body: LinkageConfigurationBody,
  response: LinkageConfigurationSchema,
});

export const rotateLinkageKey = defineEndpoint({
  id: 'rotateLinkageKey',
  method: 'POST',
  path: '/api/v1/studies/:studyId/datavant/key',
  audience: 'staff',
  permission: 'studies.design',
  summary:
    'Replace the study’s linkage key (confirmed by typing ROTATE): a new random key, or the 64-hex key agreed with the linkage partner; every token is made again',
  params: StudyParams,
  body: z
    .object({
      confirmation: z.string().refine((v) => v === 'ROTATE', says('linkage.confirmRotate')),
      sharedKey: z
        .string()
        .trim()
        .refine((v) => LINKAGE_KEY_PATTERN.test(v), says('linkage.keyFormat'))
        .optional(),
    })
    .strict(),
  response: LinkageConfigurationSchema,
});

export const LinkageTokenCellSchema = z.object({
  type: z.enum(LINKAGE_TOKEN_TYPES),
  /** null: not made, because of the missing fields. */
  token: z.string().nullable(),
  madeAt: z.string().nullable(),
  /** The identifier fields the participant's record lacks for this kind (names of the domain's fields). */
  missing: z.array(z.string()),
});

export const LinkageTokenRowSchema = z.object({
  participantId: z.string(),
  participantCode: z.string(),
  siteId: z.string(),
  siteCode: z.string(),
  siteName: z.string(),
  tokens: z.array(LinkageTokenCellSchema),
});
export type LinkageTokenRow = z.infer<typeof LinkageTokenRowSchema>;

export const LinkageTokenListSchema = z.object({
  enabled: z.boolean(),
  datasetName: z.string(),
  tokenTypes: z.array(z.enum(LINKAGE_TOKEN_TYPES)),
  items: z.array(LinkageTokenRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LinkageTokenList = z.infer<typeof LinkageTokenListSchema>;

export const listLinkageTokens = defineEndpoint({
  id: 'listLinkageTokens',
  method: 'GET',
  path: '/api/v1/studies/:studyId/datavant/tokens',
  audience: 'staff',
  permission: 'exports.run',
  summary:
    'The study’s linkage tokens (H-024, H-027), a page of participants of the sites the caller may see, each kind made or the fields it lacks; tokens of changed identifiers are made again first',
  params: StudyParams,
  query: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
    })
    .strict(),
  response: LinkageTokenListSchema,
});

export const downloadLinkageTokens = defineEndpoint({
  id: 'downloadLinkageTokens',
  method: 'POST',
  path: '/api/v1/studies/:studyId/datavant/tokens/csv',
  audience: 'staff',
  permission: 'exports.run',
  summary:
    'Every linkage token of the sites the caller may see, as CSV for the linkage partner (one row per participant, a column per kind); audited',
  params: StudyParams,
  /** text/csv */
  response: z.any(),
});
