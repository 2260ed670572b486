/**
 * Identity tokens for record linkage (001 §3, §9; decision D-138): a participant who accepted linkage sends their
 * identity meta once; the server keeps only the keyed tokens it makes of it and answers which kinds it made.
 * Whether the study asks for linkage, its statement and the participant's decision are read and set here too.
 */
import { IDENTITY_TOKEN_KINDS, IdentityTokenMetaSchema, LocalizedTextSchema } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const kindNumbers = IDENTITY_TOKEN_KINDS as readonly number[];

export const putMyIdentityTokens = defineEndpoint({
  id: 'putMyIdentityTokens',
  method: 'PUT',
  path: '/api/v1/participant/identity-tokens',
  audience: 'participant',
  summary:
    "Make the signed-in participant's identity tokens from their identity meta (001 §3), replacing earlier ones: only the tokens are kept, never the meta; the kinds made are answered, never the tokens",
  body: IdentityTokenMetaSchema,
  response: z.object({
    kinds: z.array(
      z
        .number()
        .int()
        .refine((k) => kindNumbers.includes(k)),
    ),
  }),
});

/** The participant's record linkage: whether their version asks, its statement, their decision, the kinds held. */
export const RecordLinkageSchema = z.object({
  asked: z.boolean(),
  /** The version's statement per language (sanitised HTML); empty when the study asks nothing. */
  statement: LocalizedTextSchema,
  decision: z.enum(['AGREED', 'DECLINED']).nullable(),
  decidedAt: z.string().nullable(),
  /** The identity-token kinds made of what the participant sent (never the tokens). */
  kinds: z.array(z.number().int()),
});

export const getMyRecordLinkage = defineEndpoint({
  id: 'getMyRecordLinkage',
  method: 'GET',
  path: '/api/v1/participant/record-linkage',
  audience: 'participant',
  summary: "The signed-in participant's record linkage: asked or not, the statement, their decision, the kinds held",
  response: RecordLinkageSchema,
});

export const decideMyRecordLinkage = defineEndpoint({
  id: 'decideMyRecordLinkage',
  method: 'PUT',
  path: '/api/v1/participant/record-linkage',
  audience: 'participant',
  summary:
    'Agree to record linkage, or decline it (declining, also later, removes every identity token): 409 when the study asks nothing',
  body: z.object({ agree: z.boolean() }).strict(),
  response: RecordLinkageSchema,
});
