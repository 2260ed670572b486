/**
 * OpenID Connect single sign-on for staff (spec 000 §2.1 route `/`, §7.3 "Single-sign-on code to
 * token"; docs/decisions/A-064-single-sign-on.md). The portal starts at the provider's authorization
 * URL; the provider sends the browser back to the staff portal root with ?code&state, and the portal
 * trades them for the same outcome as the password sign-in (tokens, or the e-mail re-verification step).
 */
import { z } from 'zod';
import { LoginResponseSchema } from './auth';
import { defineEndpoint } from './endpoint';

/** An in-app hash path such as `/studies/…` (never another origin, never a scheme). */
export const SsoRedirectToSchema = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Must be an in-app path starting with /');

const SsoProviderSummarySchema = z.object({ id: z.string(), name: z.string() });
export type SsoProviderSummary = z.infer<typeof SsoProviderSummarySchema>;

export const listSsoProviders = defineEndpoint({
  id: 'listSsoProviders',
  method: 'GET',
  path: '/api/v1/auth/sso/providers',
  audience: 'public',
  env: 'neutral',
  noLoader: true,
  summary: 'Enabled single-sign-on providers of the client (for the sign-in page)',
  response: z.object({ items: z.array(SsoProviderSummarySchema) }),
});

export const startSso = defineEndpoint({
  id: 'startSso',
  method: 'POST',
  path: '/api/v1/auth/sso/start',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Begin a single-sign-on: the provider authorization URL (state, nonce, PKCE S256)',
  body: z.object({ providerId: z.string().uuid(), redirectTo: SsoRedirectToSchema.optional() }).strict(),
  response: z.object({ authorizationUrl: z.string() }),
});

/**
 * The staff sign-in outcomes an SSO can have, each with where the portal goes next: Tokens, or
 * OTPVerifiedRequest while the account's e-mail change awaits its code (A-063 / A-071; completed by
 * verifyTwoFactor, as after a password). Never TwoFARequest: two-factor is the provider's job.
 */
const SsoTokenResponseSchema = z.discriminatedUnion('nextStep', [
  LoginResponseSchema.options[1].extend({ redirectTo: z.string().nullable() }),
  LoginResponseSchema.options[2].extend({ redirectTo: z.string().nullable() }),
]);
export type SsoTokenResponse = z.infer<typeof SsoTokenResponseSchema>;

export const ssoCodeToToken = defineEndpoint({
  id: 'ssoCodeToToken',
  method: 'POST',
  path: '/api/v1/auth/sso/token',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary:
    'Single-sign-on code to token: trade the provider authorization code (single-use state) for tokens, or the e-mail re-verification step',
  body: z
    .object({
      code: z.string().min(1).max(2048),
      state: z.string().min(1).max(512),
      /** RFC 9207 `iss` of the authorization response, passed on when the provider sent it. */
      iss: z.string().max(2048).optional(),
    })
    .strict(),
  response: SsoTokenResponseSchema,
});
