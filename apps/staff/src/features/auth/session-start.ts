import type { StaffUser, Tokens } from '@trialpath/contract';
import type { QueryClient } from '@tanstack/react-query';
import { session } from '../../shared/session';
import { queryKeys } from '../../shared/startup';
import { storage } from '../../shared/storage';

/** Store a fresh session: tokens, the profile from the sign-in answer, last activity now. */
export function startSession(queryClient: QueryClient, tokens: Tokens, user: StaffUser) {
  storage.setTokens(tokens.accessToken, tokens.refreshToken);
  storage.setLastActivity(Date.now());
  storage.setUser(user);
  queryClient.setQueryData(queryKeys.profile, user);
  session.sync();
}

/**
 * Where a fresh session goes: a user whose profile is not completed fills in "About you"
 * first (then continues to `target`); everybody else goes straight to `target`.
 */
export function afterSignInPath(user: Pick<StaffUser, 'id' | 'profileCompleted'>, target: string): string {
  if (user.profileCompleted) return target;
  const next = target === '/studies' ? '' : `?redirectTo=${encodeURIComponent(target)}`;
  return `/about-you/${encodeURIComponent(user.id)}${next}`;
}
