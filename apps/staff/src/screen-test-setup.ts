/**
 * The setup of a screen test against a stubbed `fetch`: the interface in English with the screen's texts loaded, a
 * staff member signed in with a role (an unsigned token: the portal reads its claims, the stub answers the calls),
 * and everything undone after each test.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import i18n from './i18n';
import { storage } from './shared/storage';

/** A token the portal can read (header and claims), not signed: the stubbed API does not check it. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}.sig`;
}

/** An answer of the stubbed API. */
export const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** Signs in a staff member with this role (the claims the portal reads). */
export function signInAs(role: string) {
  storage.setTokens(unsignedJwt({ sub: 'u1', authorities: [role] }), 'r');
  storage.setUser({ id: 'u1', username: 'someone' });
}

/** Registers the hooks: English with `namespaces` loaded, `role` signed in before each test (null: nobody). */
export function screenTestSetup(namespaces: string[], role: string | null = 'StudyCoordinator') {
  beforeAll(async () => {
    // the test DOM has no FontFaceSet; Mantine's autosizing text areas (reason dialogs) listen to it
    if (!document.fonts)
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(namespaces);
  });
  beforeEach(() => {
    window.localStorage.clear();
    if (role) signInAs(role);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
