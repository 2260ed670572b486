/**
 * A small hash router (decision 0011): the portal's routes are a flat list of screens under
 * #/participants/web/{studyCode}/…, so a few lines replace a router library and keep the first
 * load inside its budget. Paths are the part of the hash after '#', e.g. /participants/web/DEMO/login.
 */
import { useEffect, useSyncExternalStore } from 'react';

/** '#/a/b/?x=1' → '/a/b' (no trailing slash except the root, query dropped). */
export function pathFromHash(hash: string): string {
  let p = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = p.indexOf('?');
  if (q >= 0) p = p.slice(0, q);
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p;
}

/** Decoded path segments; a malformed escape keeps the raw text. */
export function segmentsOf(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

const currentPath = () => pathFromHash(window.location.hash);

/** The current route path; re-renders on every hash change. */
export function usePath(): string {
  return useSyncExternalStore(subscribe, currentPath, () => '/');
}

/** Go to a path. `replace` swaps the history entry (redirects), otherwise a new entry is pushed. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const hash = `#${to}`;
  if (window.location.hash === hash) return;
  if (options.replace) {
    window.history.replaceState(window.history.state, '', hash);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  } else {
    window.location.hash = hash;
  }
}

/** Renders nothing and replaces the current entry with `to` (a redirect). */
export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
