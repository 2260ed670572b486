/**
 * The EHR's side of the SMART App Launch (decision H-epic-mychart): discovery of `<base>/.well-known/smart-configuration`,
 * an openid-client Configuration made from it (no OpenID discovery: a SMART server need not be an OpenID provider),
 * and the FHIR reads with the access token. Every failure becomes an EhrFailure with a short reason people can read.
 */
import type { EhrDiscovery } from '@trialpath/contract';
import * as oidc from 'openid-client';
import type { FetchedResource } from './ehr.repository';
import { isLoopbackHost } from '../sso/sso.service';

/** Seconds for each request to the EHR. */
const EHR_TIMEOUT_S = 10;
/** Search pages followed per resource type, and resources kept per type. */
const MAX_PAGES = 10;
const MAX_PER_TYPE = 1000;

/** A failure talking to the EHR: `unreachable` (network, timeout) or refused (an OAuth or FHIR error), with why. */
export class EhrFailure extends Error {
  constructor(
    readonly kind: 'unreachable' | 'refused',
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'EhrFailure';
  }
}

function isNetworkFailure(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
  const cause = (e as { cause?: unknown }).cause;
  return (e instanceof TypeError && /fetch failed|network/i.test(e.message)) || (!!cause && isNetworkFailure(cause));
}

/** The reason of an openid-client / fetch error, as the EHR gave it where it gave one. */
export function failureOf(e: unknown): EhrFailure {
  if (e instanceof EhrFailure) return e;
  if (isNetworkFailure(e)) return new EhrFailure('unreachable', 'the EHR could not be reached');
  if (e instanceof oidc.ResponseBodyError || e instanceof oidc.AuthorizationResponseError) {
    return new EhrFailure('refused', e.error_description ? `${e.error}: ${e.error_description}` : e.error);
  }
  if (e instanceof oidc.WWWAuthenticateChallengeError) return new EhrFailure('refused', 'the access token was refused');
  if (e instanceof oidc.ClientError) return new EhrFailure('refused', `${e.code ?? 'client_error'}: ${e.message}`);
  return new EhrFailure('refused', e instanceof Error ? e.message : 'unexpected answer');
}

const usableEndpoint = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname));
  } catch {
    return false;
  }
};

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** What a Configuration needs beyond the answer the staff screen shows. */
export interface SmartServer extends EhrDiscovery {
  jwksUri: string | null;
}

/** Discovery: never throws; a failure is `ok: false` with the reason. */
export async function discoverSmart(fhirBaseUrl: string): Promise<SmartServer> {
  const found: SmartServer = {
    ok: false,
    at: new Date().toISOString(),
    fhirBaseUrl,
    authorizationEndpoint: null,
    tokenEndpoint: null,
    issuer: null,
    capabilities: [],
    codeChallengeMethods: [],
    reason: null,
    jwksUri: null,
  };
  let doc: Record<string, unknown>;
  try {
    const res = await fetch(`${fhirBaseUrl}/.well-known/smart-configuration`, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(EHR_TIMEOUT_S * 1000),
    });
    if (!res.ok) return { ...found, reason: `the server answered HTTP ${res.status}` };
    const body: unknown = await res.json().catch(() => null);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      return { ...found, reason: 'the answer is not a JSON object' };
    doc = body as Record<string, unknown>;
  } catch (e) {
    return {
      ...found,
      reason: isNetworkFailure(e) ? 'the server could not be reached' : 'the answer could not be read',
    };
  }
  const result: SmartServer = {
    ...found,
    authorizationEndpoint: usableEndpoint(doc.authorization_endpoint) ? doc.authorization_endpoint : null,
    tokenEndpoint: usableEndpoint(doc.token_endpoint) ? doc.token_endpoint : null,
    issuer: typeof doc.issuer === 'string' ? doc.issuer : null,
    capabilities: strings(doc.capabilities),
    codeChallengeMethods: strings(doc.code_challenge_methods_supported),
    jwksUri: usableEndpoint(doc.jwks_uri) ? doc.jwks_uri : null,
  };
  if (!result.authorizationEndpoint) return { ...result, reason: 'no usable authorization_endpoint' };
  if (!result.tokenEndpoint) return { ...result, reason: 'no usable token_endpoint' };
  // SMART App Launch 2.0 requires S256; a server that lists methods without it cannot take our PKCE challenge.
  if (result.codeChallengeMethods.length > 0 && !result.codeChallengeMethods.includes('S256'))
    return { ...result, reason: 'PKCE S256 is not supported' };
  return { ...result, ok: true };
}

/** The openid-client Configuration of a discovered SMART server for the study's client. */
export function smartConfiguration(
  server: SmartServer,
  clientId: string,
  clientSecret: string | null,
): oidc.Configuration {
  const metadata: oidc.ServerMetadata = {
    issuer: server.issuer ?? server.fhirBaseUrl,
    authorization_endpoint: server.authorizationEndpoint ?? undefined,
    token_endpoint: server.tokenEndpoint ?? undefined,
    ...(server.jwksUri ? { jwks_uri: server.jwksUri } : {}),
  };
  const config = new oidc.Configuration(
    metadata,
    clientId,
    clientSecret ? { client_secret: clientSecret } : undefined,
    clientSecret ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
  );
  // openid-client refuses plain http; only an EHR on this machine (development, tests) may use it.
  if (new URL(server.fhirBaseUrl).protocol === 'http:') oidc.allowInsecureRequests(config);
  config.timeout = EHR_TIMEOUT_S;
  return config;
}

/** Tokens as the server keeps them. */
export interface EhrTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  patient: string | null;
}

export function tokensOf(t: oidc.TokenEndpointResponse, previousRefresh: string | null = null): EhrTokens {
  const expiresIn = typeof t.expires_in === 'number' ? t.expires_in : null;
  return {
    accessToken: t.access_token,
    // A refresh answer without a new refresh token keeps the one it was made with.
    refreshToken: typeof t.refresh_token === 'string' ? t.refresh_token : previousRefresh,
    expiresAt: expiresIn === null ? null : new Date(Date.now() + expiresIn * 1000),
    patient: typeof t.patient === 'string' ? t.patient : null,
  };
}

// ── FHIR reads ──────────────────────────────────────────────────────────────────────────────

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

function asResource(value: unknown, type: string): FetchedResource | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const r = value as Record<string, unknown>;
  if (r.resourceType !== type || typeof r.id !== 'string' || !FHIR_ID.test(r.id)) return null;
  const meta = (r.meta && typeof r.meta === 'object' ? r.meta : {}) as Record<string, unknown>;
  return {
    resourceType: type,
    id: r.id,
    versionId: typeof meta.versionId === 'string' ? meta.versionId : null,
    lastUpdated: typeof meta.lastUpdated === 'string' ? meta.lastUpdated : null,
    resource: r,
  };
}

async function readJson(config: oidc.Configuration, accessToken: string, url: URL): Promise<unknown> {
  const headers = new Headers({ accept: 'application/fhir+json' });
  const res = await oidc.fetchProtectedResource(config, accessToken, url, 'GET', null, headers);
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const issue = (body as { issue?: { diagnostics?: string }[] } | null)?.issue?.[0]?.diagnostics;
    throw new EhrFailure('refused', `${url.pathname} answered HTTP ${res.status}${issue ? `: ${issue}` : ''}`);
  }
  return body;
}

/** The search query of a type: the patient's resources; Epic asks Observation searches for a category. */
function searchUrl(fhirBaseUrl: string, type: string, patient: string): URL {
  const url = new URL(`${fhirBaseUrl}/${type}`);
  url.searchParams.set('patient', patient);
  if (type === 'Observation') url.searchParams.set('category', 'laboratory,vital-signs,social-history');
  return url;
}

/** A search, following `next` links on the same server only (the access token never goes elsewhere). */
async function searchAll(
  config: oidc.Configuration,
  accessToken: string,
  fhirBaseUrl: string,
  type: string,
  patient: string,
) {
  const out: FetchedResource[] = [];
  let next: URL | null = searchUrl(fhirBaseUrl, type, patient);
  for (let page = 0; next && page < MAX_PAGES && out.length < MAX_PER_TYPE; page++) {
    const bundle = (await readJson(config, accessToken, next)) as {
      resourceType?: string;
      entry?: { resource?: unknown }[];
      link?: { relation?: string; url?: string }[];
    } | null;
    if (bundle?.resourceType !== 'Bundle') throw new EhrFailure('refused', `${type} search did not answer a Bundle`);
    for (const e of bundle.entry ?? []) {
      const r = asResource(e.resource, type);
      if (r && out.length < MAX_PER_TYPE) out.push(r);
    }
    const link = bundle.link?.find((l) => l.relation === 'next')?.url;
    next = link?.startsWith(`${fhirBaseUrl}/`) ? new URL(link) : null;
  }
  return out;
}

/** The participant's Patient and the configured resource types. */
export async function fetchRecords(
  config: oidc.Configuration,
  accessToken: string,
  fhirBaseUrl: string,
  patient: string,
  types: readonly string[],
): Promise<FetchedResource[]> {
  if (!FHIR_ID.test(patient)) throw new EhrFailure('refused', 'the token answer named no usable patient');
  const found = asResource(
    await readJson(config, accessToken, new URL(`${fhirBaseUrl}/Patient/${patient}`)),
    'Patient',
  );
  if (!found) throw new EhrFailure('refused', 'the Patient read did not answer a Patient');
  const all = [found];
  for (const type of types) all.push(...(await searchAll(config, accessToken, fhirBaseUrl, type, patient)));
  return all;
}
