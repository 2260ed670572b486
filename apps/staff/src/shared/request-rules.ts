/**
 * Pure request rules of the staff client (000 §7.1): which token goes in Authorization, when the
 * Env header is set, and when the loader shows. The client in api.ts applies them.
 */
import type { Endpoint } from '@trialpath/contract';
import { detectEnvironment, ENV_HEADER, ENV_HEADER_TEST_VALUE } from '@trialpath/domain';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

function hashPath(hash: string): string {
  const s = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = s.indexOf('?');
  return q >= 0 ? s.slice(0, q) : s;
}

/** The study of the current page: `/studies/{id}/…` first, else any UUID in the address. */
export function studyIdFromAddress(hash: string): string | null {
  const path = hashPath(hash);
  const m = /^\/studies\/([^/]+)/.exec(path);
  if (m?.[1] && UUID.test(m[1])) return m[1].toLowerCase();
  const any = UUID.exec(hash);
  return any ? any[0].toLowerCase() : null;
}

/** Calls that must never carry Authorization (token refresh, 000 §7.1). */
export const NO_AUTH_ENDPOINTS: ReadonlySet<string> = new Set(['refreshTokens']);

/**
 * Decision A-153: authentication calls (everything under /api/v1/auth/) never carry Env — a
 * session is the same in live and test; only data calls are environment-scoped.
 */
export function isAuthCall(endpoint: Pick<Endpoint, 'path'>): boolean {
  return endpoint.path.startsWith('/api/v1/auth/') || endpoint.path.startsWith('/api/v1/participant-auth/');
}

/** Pages whose calls work on test data even without /test/ in the address (000 §7.1). */
const TEST_DATA_SEGMENTS = new Set(['design', 'customize', 'review', 'activity-library']);

/** Version creation (000 §7.1): POST …/versions always works on test data, whatever the page. */
export function isVersionCreation(endpoint: Pick<Endpoint, 'path' | 'method'>): boolean {
  return endpoint.method === 'POST' && /\/versions$/.test(endpoint.path);
}

/**
 * The Env header rule in one place (000 §7.1, A-151): `env: test` on test pages (…/test/…), on
 * design, customize and review pages, in the activity library, and on version creation; never on
 * authentication calls.
 */
export function envHeaderFor(
  endpoint: Pick<Endpoint, 'path'> & Partial<Pick<Endpoint, 'method'>>,
  hash: string,
): Record<string, string> {
  if (isAuthCall(endpoint)) return {};
  const path = hashPath(hash);
  const onTestPage = detectEnvironment(hash) === 'TEST' || path.split('/').some((s) => TEST_DATA_SEGMENTS.has(s));
  const versionCreation =
    endpoint.method !== undefined && isVersionCreation({ path: endpoint.path, method: endpoint.method });
  return onTestPage || versionCreation ? { [ENV_HEADER]: ENV_HEADER_TEST_VALUE } : {};
}

export interface TokenSource {
  getToken(): string | null;
  getStudyToken(studyId: string): { token: string } | null;
}

/** Which stored token a call uses: a study's token on its pages, else the general one. */
export function tokenKindFor(
  endpoint: Pick<Endpoint, 'id'>,
  hash: string,
  tokens: TokenSource,
  studyOverride: string | null = null,
): { kind: 'none' } | { kind: 'general'; token: string } | { kind: 'study'; studyId: string; token: string } {
  if (NO_AUTH_ENDPOINTS.has(endpoint.id)) return { kind: 'none' };
  const studyId = studyOverride ?? studyIdFromAddress(hash);
  if (studyId) {
    const pair = tokens.getStudyToken(studyId);
    if (pair) return { kind: 'study', studyId, token: pair.token };
  }
  const token = tokens.getToken();
  return token ? { kind: 'general', token } : { kind: 'none' };
}

/** Why a call does not show the loader (000 §7.1 exclusions), or null when it shows it. */
export type LoaderExclusion =
  | 'endpoint'
  | 'telehealth-search'
  | 'only-check'
  | 'pagination'
  | 'document-list'
  | 'unread-count'
  | 'participants-list'
  | 'feature-flags'
  | 'url-flag';

/**
 * The loader exclusions in one pure function (000 §7.1, A-161): telehealth search, isOnlyCheck
 * calls, pagination GETs (a `page` in the query), document lists, the notification unread count,
 * participants-list GETs and feature flags; an endpoint may also opt out (`noLoader`) and the URL
 * flag automatic_off_loader=false turns the automatic loader off.
 */
export function loaderExclusion(
  endpoint: Pick<Endpoint, 'path' | 'method'> & Partial<Pick<Endpoint, 'noLoader'>>,
  input: { query?: unknown; body?: unknown },
  href: string,
): LoaderExclusion | null {
  if (/[?&]automatic_off_loader=false(?:&|$|#)/.test(href)) return 'url-flag';
  const path = endpoint.path;
  const get = endpoint.method === 'GET';
  const query = (input.query ?? {}) as Record<string, unknown>;
  const body = (input.body ?? {}) as Record<string, unknown>;
  if (/\/feature-flags(\/|$)/.test(path)) return 'feature-flags';
  if (/\/telehealth(\/.*)?\/search$/.test(path)) return 'telehealth-search';
  if (isTrue(query.isOnlyCheck) || (typeof body === 'object' && body !== null && isTrue(body.isOnlyCheck)))
    return 'only-check';
  if (/\/notifications\/unread-count$/.test(path)) return 'unread-count';
  if (get && /\/documents$/.test(path)) return 'document-list';
  if (get && /\/participants$/.test(path)) return 'participants-list';
  if (get && query.page !== undefined && query.page !== null && query.page !== '') return 'pagination';
  if (endpoint.noLoader) return 'endpoint';
  return null;
}

function isTrue(v: unknown): boolean {
  return v === true || v === 'true';
}

/** The loader shows for every call unless excluded (see loaderExclusion). */
export function shouldShowLoader(
  endpoint: Pick<Endpoint, 'path' | 'method'> & Partial<Pick<Endpoint, 'noLoader'>>,
  href: string,
  input: { query?: unknown; body?: unknown } = {},
): boolean {
  return loaderExclusion(endpoint, input, href) === null;
}
