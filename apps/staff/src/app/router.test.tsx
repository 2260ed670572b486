import { cleanup, screen, waitFor } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../shared/session';
import { clientIdentity, renderApp } from '../test-utils';
import { createAppRouter } from './router';

/** The start-up calls of a signed-out page, answered like the real server. */
function serve(identity = clientIdentity()) {
  const f = vi.fn(async (url: string) => {
    if (url === '/api/v1/client') return new Response(JSON.stringify(identity));
    if (url === '/api/v1/feature-flags') return new Response(JSON.stringify({ customerId: 'c1', flags: {} }));
    return new Response(JSON.stringify({ code: 'NOT_FOUND', message: url }), { status: 404 });
  });
  vi.stubGlobal('fetch', f);
  return f;
}

let router: ReturnType<typeof createAppRouter> | null = null;
function renderAt(hash: string) {
  window.history.replaceState(null, '', `/${hash}`);
  router = createAppRouter();
  renderApp(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  session.sync();
});
afterEach(() => {
  cleanup();
  router?.dispose();
  router = null;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('public support and legal pages, signed out (A-018, A-020)', () => {
  it.each([
    ['#/policy', 'Privacy policy', 'Data we hold about staff users'],
    ['#/terms-of-use', 'Terms of use', 'These terms apply to everyone who signs in'],
    ['#/expire-link', 'This link has expired', 'Links to set or reset a password are valid for a limited time'],
    ['#/get-create-username-link', 'Get a new account link', 'Accounts are created by invitation.'],
  ])('%s shows its page', async (hash, heading, content) => {
    serve();
    renderAt(hash);
    expect(await screen.findByRole('heading', { name: heading, level: 1 }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText(content, { exact: false })).toBeTruthy();
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('#/dont-have-username is cloud-identity only: page-not-found without that mode (000 §2.7)', async () => {
    serve(clientIdentity({ isCognitoAuthentication: false }));
    renderAt('#/dont-have-username');
    expect(await screen.findByText('Page not found', {}, { timeout: 4000 })).toBeTruthy();
  });
});

describe('return_to goes to the support desk (000 §2.6, A-022)', () => {
  it('#/login?return_to=x sends the browser to the client’s support-desk sign-in with return_to', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    serve(clientIdentity({ supportDeskUrl: 'https://support.example/sso' }));
    renderAt('#/login?return_to=x');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://support.example/sso?return_to=x'), {
      timeout: 4000,
    });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('return_to before the hash (page address query) is honoured too', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    serve(clientIdentity({ supportDeskUrl: 'https://support.example/sso?lang=en' }));
    window.history.replaceState(null, '', '/?return_to=https%3A%2F%2Fdesk%2Fticket#/login');
    router = createAppRouter();
    renderApp(<RouterProvider router={router} />);
    await waitFor(
      () =>
        expect(assign).toHaveBeenCalledWith(
          `https://support.example/sso?lang=en&return_to=${encodeURIComponent('https://desk/ticket')}`,
        ),
      { timeout: 4000 },
    );
  });
});
