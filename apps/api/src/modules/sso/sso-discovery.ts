/**
 * The OpenID Connect providers' side of single sign-on: discovery (cached per provider), the redirect
 * address, and the catalogue errors a failure answers with (the precise reason in details).
 */
import { type MessageKey, messageRef } from '@trialpath/domain';
import '@trialpath/domain/staff-messages';
import * as oidc from 'openid-client';
import type { AppConfig } from '../../config';
import { type FailExtra, fail, type HttpError } from '../../kernel/errors';
import { sha256 } from '../../kernel/hash';
import type { SsoProviderRow } from './sso.repository';

/** Discovery documents are kept this long per provider (keys rotate; a failure drops the entry). */
const DISCOVERY_TTL_MS = 10 * 60_000;
/** Seconds for each request to the provider (discovery, token, userinfo). */
const PROVIDER_TIMEOUT_S = 10;

/** The provider sends the browser back to the staff portal root, which reads ?code&state (route `/`). */
export function ssoRedirectUri(config: AppConfig): string {
  return `${config.publicUrl}/`;
}

/**
 * openid-client refuses plain-http providers. A loopback issuer (a provider on the same machine:
 * development, tests) is the only place we allow it; a remote provider must use https.
 */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

// ── errors: catalogue codes, SSO texts from sso-catalogue.ts, the precise reason in details ─────

export type Reason =
  | 'SSO_PROVIDER_NOT_FOUND'
  | 'SSO_PROVIDER_UNAVAILABLE'
  | 'SSO_STATE_INVALID'
  | 'SSO_STATE_EXPIRED'
  | 'SSO_STATE_USED'
  | 'SSO_IDP_REFUSED'
  | 'SSO_EMAIL_NOT_VERIFIED'
  | 'SSO_NO_ACCOUNT'
  | 'SSO_AMBIGUOUS_ACCOUNT'
  | 'SSO_LINK_MISMATCH';

const REASONS: Record<Reason, { code: Parameters<typeof fail>[0]; key: MessageKey }> = {
  SSO_PROVIDER_NOT_FOUND: { code: 'NOT_FOUND', key: 'sso.providerNotFound' },
  SSO_PROVIDER_UNAVAILABLE: { code: 'SERVICE_UNAVAILABLE', key: 'sso.providerUnavailable' },
  SSO_STATE_INVALID: { code: 'IDENTITY_BAD_REQUEST', key: 'sso.stateInvalid' },
  SSO_STATE_EXPIRED: { code: 'IDENTITY_BAD_REQUEST', key: 'sso.stateInvalid' },
  SSO_STATE_USED: { code: 'IDENTITY_BAD_REQUEST', key: 'sso.stateUsed' },
  SSO_IDP_REFUSED: { code: 'UNAUTHENTICATED', key: 'sso.idpRefused' },
  SSO_EMAIL_NOT_VERIFIED: { code: 'UNAUTHENTICATED', key: 'sso.emailNotVerified' },
  SSO_NO_ACCOUNT: { code: 'UNAUTHENTICATED', key: 'sso.noAccount' },
  SSO_AMBIGUOUS_ACCOUNT: { code: 'UNAUTHENTICATED', key: 'sso.ambiguousAccount' },
  SSO_LINK_MISMATCH: { code: 'UNAUTHENTICATED', key: 'sso.linkMismatch' },
};

export function ssoFail(reason: Reason, extra: FailExtra = {}): HttpError {
  const r = REASONS[reason];
  return fail(r.code, undefined, { message: messageRef(r.key), details: { reason }, ...extra });
}

// ── provider configuration (discovery) ──────────────────────────────────────────────────────

const configurations = new Map<string, { at: number; config: oidc.Configuration }>();

function cacheKey(p: SsoProviderRow): string {
  return [p.id, p.issuer, p.oidc_client_id, sha256(p.oidc_client_secret ?? '')].join('|');
}

export function isNetworkFailure(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  if (e instanceof TypeError && /fetch failed|network/i.test(e.message)) return true;
  // openid-client wraps non-OAuth failures of the discovery (404, HTML instead of JSON …).
  return e instanceof oidc.ClientError && /RESPONSE_IS_NOT|HTTP_REQUEST_FORBIDDEN/.test(String(e.code));
}

/** The provider's openid-client Configuration; an unreachable or broken provider is a 503, never a 500. */
export async function providerConfiguration(p: SsoProviderRow): Promise<oidc.Configuration> {
  const key = cacheKey(p);
  const hit = configurations.get(key);
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
  let issuer: URL;
  try {
    issuer = new URL(p.issuer);
  } catch {
    throw ssoFail('SSO_PROVIDER_UNAVAILABLE');
  }
  const execute = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname) ? [oidc.allowInsecureRequests] : [];
  try {
    const config = await oidc.discovery(
      issuer,
      p.oidc_client_id,
      p.oidc_client_secret ? { client_secret: p.oidc_client_secret } : undefined,
      p.oidc_client_secret ? oidc.ClientSecretBasic(p.oidc_client_secret) : oidc.None(),
      { execute, timeout: PROVIDER_TIMEOUT_S },
    );
    configurations.set(key, { at: Date.now(), config });
    return config;
  } catch {
    configurations.delete(key);
    throw ssoFail('SSO_PROVIDER_UNAVAILABLE');
  }
}
