import { getProfile, queryKeyOf, type StaffUser, type Tokens } from '@trialpath/contract';
import type { QueryClient } from '@tanstack/react-query';
import { pageEnvironment } from '../../shared/request-rules';
import { session } from '../../shared/session';
import { storage } from '../../shared/storage';

/**
 * Store a fresh session: tokens, the profile from the sign-in answer, last activity now. When the
 * person signing in is not the one whose study summary this browser kept across their logout, all
 * local storage is cleared first (000 §9: keeping only the client id), so nothing of theirs carries over
 * to the next person at a shared computer; the language chosen on the sign-in page stays.
 */
export function startSession(queryClient: QueryClient, tokens: Tokens, user: StaffUser) {
  const previous = storage.getStudySummary();
  if (previous && previous.userId !== user.id) {
    const language = storage.getLanguage();
    storage.clearAll();
    if (language) storage.setLanguage(language);
  }
  storage.setTokens(tokens.accessToken, tokens.refreshToken);
  storage.setLastActivity(Date.now());
  storage.setUser(user);
  queryClient.setQueryData(queryKeyOf(getProfile, undefined, pageEnvironment(window.location.hash)), user);
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

/** Where to go after sign-in: a safe in-app path from redirectTo, else the studies list. */
export function redirectAfterSignIn(redirectTo: string | null | undefined): string {
  if (!redirectTo) return '/studies';
  if (!redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.includes('\\')) return '/studies';
  if (/^\/(login|logout)(\/|\?|$)/.test(redirectTo)) return '/studies';
  return redirectTo;
}
