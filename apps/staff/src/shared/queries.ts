/**
 * Reads through TanStack Query on the contract's keys (decision 0018): every query's key is
 * `queryKeyOf(endpoint, inputs, page environment)`, so a live and a test page never share an entry,
 * and `invalidateEndpoint` refreshes every entry of one endpoint after a write.
 */
import {
  type CallInput,
  type Endpoint,
  endpointKeyOf,
  getConsentDisposition,
  getParticipantAnalytics,
  getStudyAnalytics,
  listReports,
  type QueryInput,
  queryKeyOf,
  type ResponseOf,
  runReport,
} from '@trialpath/contract';
import type { AppEnvironment } from '@trialpath/domain';
import { type QueryClient, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { api, onWriteDone } from './api';
import { pageEnvironment } from './request-rules';

/** The data space of the page shown: from the router's address (every screen and the shell are inside the router). */
export function usePageEnvironment(): AppEnvironment {
  return pageEnvironment(`#${useLocation().pathname}`);
}

export type EndpointQueryOptions<E extends Endpoint> = Omit<
  UseQueryOptions<ResponseOf<E>, Error, ResponseOf<E>>,
  'queryKey' | 'queryFn'
>;

/** A read of one endpoint, keyed by the contract and called through the portal's client. */
export function useEndpointQuery<E extends Endpoint>(
  endpoint: E,
  input: QueryInput<E> = {},
  options: EndpointQueryOptions<E> = {},
) {
  const env = usePageEnvironment();
  return useQuery({
    queryKey: queryKeyOf(endpoint, input, env),
    queryFn: ({ signal }) => api.call(endpoint, { ...(input as CallInput<E>), signal }),
    ...options,
  });
}

/** After a write: every cached read of these endpoints, in both data spaces, is fetched again when used. */
export function invalidateEndpoints(queryClient: QueryClient, ...endpoints: Endpoint[]): Promise<void> {
  return Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: endpointKeyOf(e) }))).then(
    () => undefined,
  );
}

/**
 * Reads that any write may change without naming them (G-054, G-055): the analytics and saved reports. They are
 * reused for the portal's 30 s like every read (per study, data space and filters — a site role's sites are the
 * server's answer), and fetched again after the person's own write, so a number is never older than it.
 */
export const STALE_AFTER_ANY_WRITE: readonly Endpoint[] = [
  getStudyAnalytics,
  getParticipantAnalytics,
  getConsentDisposition,
  runReport,
  listReports,
];

export function refreshAfterWrites(queryClient: QueryClient) {
  return onWriteDone(() => void invalidateEndpoints(queryClient, ...STALE_AFTER_ANY_WRITE));
}
