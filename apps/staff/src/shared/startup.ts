/** Start-up calls (000 §7.7) as TanStack queries on the contract's keys: client identity, feature flags, profile, roles. */
import { getClient, getFeatureFlags, getProfile, getRoles } from '@trialpath/contract';
import { FLAG_POLL_INTERVAL_MS } from '@trialpath/domain';
import { useEndpointQuery } from './queries';

export function useClientQuery() {
  return useEndpointQuery(getClient, {}, { staleTime: Infinity, retry: 1 });
}

export function useFlagsQuery() {
  return useEndpointQuery(
    getFeatureFlags,
    {},
    {
      refetchInterval: FLAG_POLL_INTERVAL_MS,
      refetchIntervalInBackground: true,
      // Decision A-129: also refetch whenever the window regains focus. The portal turns focus
      // refetching off for every other query (providers.tsx), and 'always' because the 5-minute
      // staleTime would otherwise skip a focus that comes within 5 minutes of the last poll.
      refetchOnWindowFocus: 'always',
      staleTime: FLAG_POLL_INTERVAL_MS,
      retry: 1,
    },
  );
}

export function useProfileQuery(enabled: boolean) {
  return useEndpointQuery(getProfile, {}, { enabled, staleTime: Infinity, retry: false });
}

export function useRolesQuery(type: 'platform' | 'site', enabled: boolean) {
  return useEndpointQuery(getRoles, { query: { type } }, { enabled, staleTime: Infinity, retry: false });
}
