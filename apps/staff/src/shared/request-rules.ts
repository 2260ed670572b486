/**
 * Pure request rules of the staff client (000 §7.1): which token goes in Authorization, when the
 * Env header is set, and when the loader shows. The client in api.ts applies them.
 */
import { callEnvironment, carriesAuthorization, type Endpoint } from '@trialpath/contract';
import { type AppEnvironment, detectEnvironment, ENV_HEADER, ENV_HEADER_TEST_VALUE } from '@trialpath/domain';

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

/** Pages whose calls work on test data even without /test/ in the address (000 §7.1). */
const TEST_DATA_SEGMENTS = new Set(['design', 'customize', 'review', 'activity-library']);

/**
 * The data space of a page (000 §7.1, A-151): TEST on a test twin page (…/test/…) and on design,
 * customize, review and activity-library pages; LIVE elsewhere.
 */
export function pageEnvironment(hash: string): AppEnvironment {
  const onTestPage =
    detectEnvironment(hash) === 'TEST' ||
    hashPath(hash)
      .split('/')
      .some((s) => TEST_DATA_SEGMENTS.has(s));
  return onTestPage ? 'TEST' : 'LIVE';
}

/**
 * The Env header rule in one place (000 §7.1, A-151–A-153): `env: test` when the call works on test
 * data — the page's data space, unless the endpoint declares its own (authentication calls are
 * environment-neutral and never carry it; version creation always works on test data).
 */
export function envHeaderFor(endpoint: Pick<Endpoint, 'env'>, hash: string): Record<string, string> {
  return callEnvironment(endpoint, pageEnvironment(hash)) === 'TEST' ? { [ENV_HEADER]: ENV_HEADER_TEST_VALUE } : {};
}

export interface TokenSource {
  getToken(): string | null;
  getStudyToken(studyId: string): { token: string } | null;
}

/** Which stored token a call uses: a study's token on its pages, else the general one. */
export function tokenKindFor(
  endpoint: Pick<Endpoint, 'auth'>,
  hash: string,
  tokens: TokenSource,
  studyOverride: string | null = null,
): { kind: 'none' } | { kind: 'general'; token: string } | { kind: 'study'; studyId: string; token: string } {
  if (!carriesAuthorization(endpoint)) return { kind: 'none' };
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
 * The loader exclusions in one pure function (000 §7.1, A-161). An endpoint declares why its calls show
 * no loader (`noLoader`: feature flags, telehealth search, document lists, the notification unread count,
 * participants-list GETs, or another reason); per call, isOnlyCheck calls and pagination GETs (a `page`
 * in the query) show none; the URL flag automatic_off_loader=false turns the automatic loader off.
 */
export function loaderExclusion(
  endpoint: Pick<Endpoint, 'method' | 'noLoader'>,
  input: { query?: unknown; body?: unknown },
  href: string,
): LoaderExclusion | null {
  if (/[?&]automatic_off_loader=false(?:&|$|#)/.test(href)) return 'url-flag';
  if (endpoint.noLoader) return endpoint.noLoader === true ? 'endpoint' : endpoint.noLoader;
  const query = (input.query ?? {}) as Record<string, unknown>;
  const body = (input.body ?? {}) as Record<string, unknown>;
  if (isTrue(query.isOnlyCheck) || (typeof body === 'object' && body !== null && isTrue(body.isOnlyCheck)))
    return 'only-check';
  if (endpoint.method === 'GET' && query.page !== undefined && query.page !== null && query.page !== '')
    return 'pagination';
  return null;
}

function isTrue(v: unknown): boolean {
  return v === true || v === 'true';
}

/** The loader shows for every call unless excluded (see loaderExclusion). */
export function shouldShowLoader(
  endpoint: Pick<Endpoint, 'method' | 'noLoader'>,
  href: string,
  input: { query?: unknown; body?: unknown } = {},
): boolean {
  return loaderExclusion(endpoint, input, href) === null;
}
