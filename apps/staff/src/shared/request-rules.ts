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

export function envHeaderFor(endpoint: Pick<Endpoint, 'path'>, hash: string): Record<string, string> {
  if (isAuthCall(endpoint)) return {};
  const path = hashPath(hash);
  const onTestPage = detectEnvironment(hash) === 'TEST' || path.split('/').some((s) => TEST_DATA_SEGMENTS.has(s));
  return onTestPage ? { [ENV_HEADER]: ENV_HEADER_TEST_VALUE } : {};
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

/** The loader shows for every call unless the endpoint opts out or the URL says automatic_off_loader=false. */
export function shouldShowLoader(endpoint: Pick<Endpoint, 'noLoader'>, href: string): boolean {
  if (endpoint.noLoader) return false;
  return !/[?&]automatic_off_loader=false(?:&|$|#)/.test(href);
}
