import type { z } from 'zod';

/** Who may call an endpoint: nobody signed in, a staff user, or a participant. */
export type Audience = 'public' | 'staff' | 'participant';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The data space a call works on (000 §7.1, decisions ), when it is not the page's:
 * - `neutral`: the call is the same in live and test and never carries the Env header — the
 *   authentication calls (a session, its tokens and per-study tokens serve both data spaces; A-153) and
 *   everything about staff accounts — own profile, contact changes, user administration: an account has
 *   no test twin, so its changes are audited LIVE even when an `Env: TEST` header comes along (decision 0028);
 * - `test`: the call always works on test data, whatever the page (version creation, 000 §7.1);
 * - `live`: the call always works on live data, whatever the page (making a version live: the explicit
 *   publish to live, decision 0030).
 * Absent: the call follows the page (test twin, design, customize, review and activity-library pages → test).
 */
export type EndpointEnvironment = 'neutral' | 'test' | 'live';

/**
 * Why the loader is not shown for this endpoint's calls (000 §7.1 exclusions, A-161); `true` for an
 * endpoint that opts out for another reason. Exclusions that depend on the call's input (isOnlyCheck,
 * a `page` in the query) are decided per call by the portal.
 */
export type EndpointLoaderExclusion =
  | true
  | 'feature-flags'
  | 'telehealth-search'
  | 'document-list'
  | 'unread-count'
  | 'participants-list';

/**
 * One endpoint, declared once. The server registers and validates it from this object;
 * the portals call it through the typed client; `/api/docs` is made from the list.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  /** Fastify-style path, e.g. /api/v1/studies/:studyId */
  path: string;
  audience: Audience;
  /** Permission from @trialpath/domain ACTIONS the route requires (checked before the row check). */
  permission?: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Rate-limited sign-in / recovery endpoint. */
  rateLimited?: boolean;
  /**
   * A public call that must not reveal whether an account exists: it answers no sooner than the
   * server's floor (250 ms by default), whatever the outcome (decision 0023).
   */
  responseFloor?: boolean;
  /** The loader is not shown for this endpoint's calls, and why (spec 000 §7.1 exclusions, A-161). */
  noLoader?: EndpointLoaderExclusion;
  /** The call's data space when it is not the page's (see EndpointEnvironment). */
  env?: EndpointEnvironment;
  /**
   * `none`: the call never carries an Authorization header — token refresh, whose credential is the
   * refresh token in the body (000 §7.1: every request except token-refresh ones carries one).
   */
  auth?: 'none';
  /**
   * Content-editing endpoint (spec 002 §5): the server sanitises every string of its body, query and
   * headers (script tags, eval/expression calls, javascript:/vbscript: prefixes, on* handlers) before
   * the handler sees them.
   */
  sanitize?: boolean;
  /**
   * A raw upload (not JSON): the request body is the file itself, of one of these content types and at
   * most maxBytes long. `body` is then not used; the client sends it with upload progress events.
   */
  upload?: { contentTypes: readonly string[]; maxBytes: number };
  /**
   * Every write records at least one audit entry, or the server rolls it back (typed, mandatory audit).
   * `false` declares a write that changes no record anyone reviews — token rotation, a read sent as
   * POST — and may finish without one.
   */
  audit?: false;
  /**
   * GCP reason for change: the body carries `reason` (declare it with `withReason`), the server refuses
   * the request without one (400 REASON_REQUIRED) and writes it on every audit entry of the request.
   */
  reasonRequired?: true;
}

/*#__NO_SIDE_EFFECTS__*/
export function defineEndpoint<
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  R extends z.ZodType = z.ZodType,
>(e: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return e;
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type BodyOf<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.output<R> : never;

/** Fill `:name` segments of a path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(v));
  });
}
