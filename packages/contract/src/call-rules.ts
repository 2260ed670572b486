/**
 * The request rules an endpoint's metadata decides (000 §7.1, A-151–A-153), for both portals and the
 * server: which data space a call works on, whether it carries Authorization, and its query key.
 * Nothing here looks at a path: a rule belongs to the endpoint's declaration.
 */
import { type AppEnvironment, parseEnvHeader } from '@trialpath/domain';
import type { BodyOf, Endpoint, ParamsOf, QueryOf } from './endpoint';

/**
 * The data space of a call made from a page of `pageEnvironment`: the endpoint's own when it declares
 * one (`test` → TEST, `live` → LIVE), null for an environment-neutral call (authentication, A-153), else the page's.
 */
export function callEnvironment(
  endpoint: Pick<Endpoint, 'env'>,
  pageEnvironment: AppEnvironment,
): AppEnvironment | null {
  if (endpoint.env === 'neutral') return null;
  if (endpoint.env === 'test') return 'TEST';
  if (endpoint.env === 'live') return 'LIVE';
  return pageEnvironment;
}

/**
 * Server side of the same rule: the data space of a request from its Env header. An environment-neutral
 * endpoint ignores the header (a session is the same in live and test); a test-data endpoint is TEST.
 */
export function requestEnvironment(endpoint: Pick<Endpoint, 'env'>, envHeader: unknown): AppEnvironment {
  return callEnvironment(endpoint, parseEnvHeader(envHeader)) ?? 'LIVE';
}

/** Whether a call carries the Authorization header (all but token refresh, 000 §7.1). */
export function carriesAuthorization(endpoint: Pick<Endpoint, 'auth'>): boolean {
  return endpoint.auth !== 'none';
}

/** The environment slot of a query key: LIVE, TEST, or NEUTRAL for a call that is the same in both. */
export type QueryEnvironment = AppEnvironment | 'NEUTRAL';

/** What identifies a read: the endpoint, the data space and the inputs that change the answer. */
export type EndpointQueryKey = readonly [
  endpointId: string,
  environment: QueryEnvironment,
  inputs: { params?: unknown; query?: unknown; body?: unknown },
];

/** The inputs of a read that go into its key (a body for a read sent as POST, e.g. to keep a token out of the address). */
export interface QueryInput<E> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
}

/** Whether an input part changes the answer: present, and not an object of undefined fields only. */
function given(value: unknown): boolean {
  return value != null && (typeof value !== 'object' || Object.values(value).some((v) => v !== undefined));
}

/**
 * The query key of a read (both portals, every query): endpoint id, the call's data space (from the
 * endpoint's metadata and the page's environment) and its inputs (params, query, a POST read's body). A live and a test page
 * never share an entry; `endpointKeyOf(endpoint)` is the prefix that invalidates every entry of it.
 */
export function queryKeyOf<E extends Endpoint>(
  endpoint: E,
  input: QueryInput<E> | undefined,
  pageEnvironment: AppEnvironment,
): EndpointQueryKey {
  const inputs: { params?: unknown; query?: unknown; body?: unknown } = {};
  for (const part of ['params', 'query', 'body'] as const) if (given(input?.[part])) inputs[part] = input?.[part];
  return [endpoint.id, callEnvironment(endpoint, pageEnvironment) ?? 'NEUTRAL', inputs];
}

/** The key prefix of every entry of one endpoint (invalidation by endpoint). */
export function endpointKeyOf(endpoint: Pick<Endpoint, 'id'>): readonly [string] {
  return [endpoint.id];
}

/**
 * One string per key, the same whatever the order of an object's properties or its undefined fields
 * (as TanStack Query hashes its keys): the participant portal's cache is keyed by it.
 */
export function hashQueryKey(key: readonly unknown[]): string {
  return JSON.stringify(key, (_name, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}
