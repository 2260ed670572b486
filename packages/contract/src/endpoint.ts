import type { z } from 'zod';

/** Who may call an endpoint: nobody signed in, a staff user, or a participant. */
export type Audience = 'public' | 'staff' | 'participant';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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
  /** The loader is not shown for this call (spec 000 §7.1 exclusions). */
  noLoader?: boolean;
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
