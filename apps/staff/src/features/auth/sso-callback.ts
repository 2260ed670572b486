/**
 * The single-sign-on return to `/` (docs/decisions/A-064-single-sign-on.md): the provider sends the
 * browser to the portal root with `?code&state[&iss]` (or `?error&state`) before the hash.
 */
import { SsoRedirectToSchema } from '@trialpath/contract';

export type SsoCallback =
  | { kind: 'code'; code: string; state: string; iss?: string }
  | { kind: 'error'; error: string };

/** What the page address says about a returning sign-in; null for an ordinary visit. */
export function readSsoCallback(pageSearch: string): SsoCallback | null {
  const q = new URLSearchParams(pageSearch.startsWith('?') ? pageSearch.slice(1) : pageSearch);
  const code = q.get('code');
  const state = q.get('state');
  if (code && state) {
    const iss = q.get('iss');
    return { kind: 'code', code, state, ...(iss ? { iss } : {}) };
  }
  const error = q.get('error');
  if (error && state) return { kind: 'error', error };
  return null;
}

/** The page address without the provider's query (code and state are single-use; no reload retries them). */
export function withoutPageQuery(location: { pathname: string; hash: string }): string {
  return `${location.pathname}${location.hash}`;
}

/** An in-app redirectTo the server accepts, else nothing. */
export function ssoRedirectTo(redirectTo: string | null): string | undefined {
  if (!redirectTo) return undefined;
  return SsoRedirectToSchema.safeParse(redirectTo).success ? redirectTo : undefined;
}

const pending = new Map<string, Promise<unknown>>();
/** One exchange per state, however many times React runs the effect. */
export function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let p = pending.get(key) as Promise<T> | undefined;
  if (!p) {
    p = run();
    pending.set(key, p);
  }
  return p;
}
