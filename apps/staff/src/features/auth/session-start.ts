import type { StaffUser, Tokens } from '@trialpath/contract';
import type { QueryClient } from '@tanstack/react-query';
import { session } from '../../shared/session';
import { queryKeys } from '../../shared/startup';
import { storage } from '../../shared/storage';

/** Store a fresh session: tokens, the profile from the sign-in answer, last activity now. */
export function startSession(queryClient: QueryClient, tokens: Tokens, user: StaffUser) {
  storage.setTokens(tokens.accessToken, tokens.refreshToken);
  storage.setLastActivity(Date.now());
  queryClient.setQueryData(queryKeys.profile, user);
  session.sync();
}
