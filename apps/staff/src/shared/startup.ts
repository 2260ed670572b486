/** Start-up calls (000 §7.7) as TanStack queries: client identity, feature flags, profile, roles. */
import { getClient, getFeatureFlags, getProfile, getRoles } from '@trialpath/contract';
import { FLAG_POLL_INTERVAL_MS } from '@trialpath/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export const queryKeys = {
  client: ['client'] as const,
  flags: ['feature-flags'] as const,
  profile: ['profile'] as const,
  roles: (type: 'platform' | 'site') => ['roles', type] as const,
};

export function useClientQuery() {
  return useQuery({ queryKey: queryKeys.client, queryFn: () => api.call(getClient), staleTime: Infinity, retry: 1 });
}

export function useFlagsQuery() {
  return useQuery({
    queryKey: queryKeys.flags,
    queryFn: () => api.call(getFeatureFlags),
    refetchInterval: FLAG_POLL_INTERVAL_MS,
    refetchIntervalInBackground: true,
    // Decision A-129: also refetch whenever the window regains focus. The portal turns focus
    // refetching off for every other query (providers.tsx), and 'always' because the 5-minute
    // staleTime would otherwise skip a focus that comes within 5 minutes of the last poll.
    refetchOnWindowFocus: 'always',
    staleTime: FLAG_POLL_INTERVAL_MS,
    retry: 1,
  });
}

export function useProfileQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.profile,
    queryFn: () => api.call(getProfile),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

export function useRolesQuery(type: 'platform' | 'site', enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.roles(type),
    queryFn: () => api.call(getRoles, { query: { type } }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
