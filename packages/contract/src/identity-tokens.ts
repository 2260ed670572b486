/**
 * Identity tokens for record linkage (001 §3, §9; decision D-138): a participant who accepted linkage sends their
 * identity meta once; the server keeps only the keyed tokens it makes of it and answers which kinds it made.
 */
import { IDENTITY_TOKEN_KINDS, IdentityTokenMetaSchema } from '@trialpath/domain';
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
