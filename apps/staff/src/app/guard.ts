/**
 * The navigation guard as a pure decision (000 §2.6, §2.7): route + token + flags + client →
 * allow / redirect / external / not-found / wait (facts still loading).
 */
import { FEATURE_FLAGS, type FeatureFlags, isFeatureEnabled } from '@trialpath/domain';
import { matchRoute, type RouteDef } from './route-table';

export interface GuardClient {
  isCognitoAuthentication: boolean;
  supportDeskUrl: string | null;
  demoMode: boolean;
}

export interface GuardInput {
  /** Hash path without the query, e.g. /studies. */
  path: string;
  /** Query of the hash, e.g. ?redirectTo=%2Fstudies (may be empty). */
  search: string;
  /** Query of the page address before the hash (return_to may come there). */
  pageSearch?: string;
  hasToken: boolean;
  /** True when the user navigated here from another route of this page load. */
  hasPreviousRoute: boolean;
  /** Client identity; null while loading. */
  client: GuardClient | null;
  /** Feature flags with the customer id; null while loading. */
  flags: { customerId: string; flags: FeatureFlags } | null;
  /**
   * The signed-in user's profile: null while it loads; undefined when not known (signed out,
   * or the profile call failed: then nobody is held).
   */
  profile?: { userId: string; completed: boolean } | null;
}

export type GuardDecision =
  | { kind: 'allow'; route: RouteDef; twin: boolean }
  | { kind: 'redirect'; to: string }
  | { kind: 'external'; href: string }
  | { kind: 'not-found' }
  | { kind: 'wait' };

function param(search: string | undefined, name: string): string | null {
  if (!search) return null;
  return new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get(name);
}

/** Decision A-023: send the person to the configured support desk, passing return_to along. */
export function supportDeskHref(base: string, returnTo: string): string {
  const sep = base.includes('?') ? '&' : '?';
  return `${base}${sep}return_to=${encodeURIComponent(returnTo)}`;
}

/**
 * The participant e-mail links of 000 §2.1 (verify-participant, -v2, -v3; participant-reset-password): the
 * participant portal opens them (decision D-025).
 */
const PARTICIPANT_LINK =
  /^\/(studies\/[^/]+\/[^/]+\/[^/]+\/verify-participant|studies\/[^/]+\/[^/]+\/[^/]+\/[^/]+\/verify-participant-v[23]|participant-reset-password\/[^/]+\/[^/]+\/[^/]+)$/;

/** Participant web paths belong to the participant portal (served under /participant/). */
export function participantPortalHref(path: string, search: string): string | null {
  if (!/^\/participants\/web(\/|$)/.test(path) && !PARTICIPANT_LINK.test(path)) return null;
  return `/participant/#${path}${search}`;
}

export function decideNavigation(input: GuardInput): GuardDecision {
  const { path, search } = input;

  const returnTo = param(search, 'return_to') ?? param(input.pageSearch, 'return_to');
  if (returnTo !== null) {
    if (!input.client) return { kind: 'wait' };
    if (input.client.supportDeskUrl)
      return { kind: 'external', href: supportDeskHref(input.client.supportDeskUrl, returnTo) };
  }

  const participant = participantPortalHref(path, search);
  if (participant) return { kind: 'external', href: participant };

  const match = matchRoute(path);
  if (!match) return { kind: 'not-found' };
  const { def, twin } = match;

  if (def.meta.cognitoOnly || def.meta.demoOnly) {
    if (!input.client) return { kind: 'wait' };
    if (def.meta.cognitoOnly && !input.client.isCognitoAuthentication) return { kind: 'not-found' };
    if (def.meta.demoOnly && !input.client.demoMode) return { kind: 'not-found' };
  }

  // 000 §2.7: to the single-sign-on login (`/`), which lists the client's providers or, with none
  // configured, forwards to the password sign-in with the same query.
  if (def.meta.auth === true && !input.hasToken) {
    const target = `${path}${search}`;
    return {
      kind: 'redirect',
      to: input.hasPreviousRoute ? '/' : `/?redirectTo=${encodeURIComponent(target)}`,
    };
  }

  // A-014, decision 0029: a signed-in user whose profile is not complete stays on "About you"; every
  // signed-in route leads there (the open routes, sign-out among them, stay reachable).
  if (def.meta.auth === true && input.hasToken) {
    if (input.profile === null) return { kind: 'wait' };
    if (input.profile && !input.profile.completed) {
      const target = `${path}${search}`;
      const next = target === '/studies' ? '' : `?redirectTo=${encodeURIComponent(target)}`;
      return { kind: 'redirect', to: `/about-you/${encodeURIComponent(input.profile.userId)}${next}` };
    }
  }

  if (twin) {
    if (!input.flags) return { kind: 'wait' };
    if (!isFeatureEnabled(input.flags.flags, FEATURE_FLAGS.testPortal, input.flags.customerId))
      return { kind: 'not-found' };
  }

  return { kind: 'allow', route: def, twin };
}
