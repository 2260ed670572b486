import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../shared/storage';
import { renderApp } from '../../test-utils';
import { SsoLanding } from './SsoLanding';

const user = {
  id: 'u-1',
  username: 'cra.demo',
  firstName: 'Clara',
  lastName: 'Monitor',
  name: 'Clara Monitor',
  email: 'clara.new@trialpath.example',
  userRole: 'Cra',
  status: 'ACTIVE',
  profileCompleted: true,
  phoneNumber: null,
  realmOfPermission: null,
  clientId: 'c-1',
  profileImage: null,
  workNumber: null,
  licenseType: null,
  otpVerified: true,
  clientMemberId: null,
};
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 900 };

function renderLanding() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <SsoLanding /> },
      { path: '/studies/*', element: <h1>Studies page</h1> },
      { path: '/login', element: <h1>Sign-in page</h1> },
    ],
    { initialEntries: ['/'] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  // Back from the provider: the code and state stand before the hash.
  window.history.replaceState(null, '', `/?code=abc&state=state-${Math.random()}#/`);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('single-sign-on return', () => {
  it('asks for the code sent to the new address when an e-mail change is pending, then signs in', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
        if (url === '/api/v1/auth/sso/token')
          return new Response(
            JSON.stringify({
              nextStep: 'OTPVerifiedRequest',
              challengeId: 'ch-1',
              redirectTo: '/studies/s-1/dashboard',
            }),
          );
        if (url === '/api/v1/auth/mfa/verify') return new Response(JSON.stringify({ tokens, user }));
        return new Response('{}', { status: 404 });
      }),
    );
    const router = renderLanding();

    const code = await screen.findByLabelText('Verification code');
    expect(storage.getToken()).toBeNull();
    expect(window.location.search).toBe('');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/studies/s-1/dashboard'));
    expect(calls.find((c) => c.url === '/api/v1/auth/mfa/verify')?.body).toEqual({
      challengeId: 'ch-1',
      code: '123456',
    });
    expect(storage.getToken()).toBe('access-1');
  });

  it('signs in straight away when the provider’s answer carries tokens', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/v1/auth/sso/token'
          ? new Response(JSON.stringify({ nextStep: 'Tokens', tokens, user, redirectTo: null }))
          : new Response('{}', { status: 404 }),
      ),
    );
    const router = renderLanding();
    await waitFor(() => expect(router.state.location.pathname).toBe('/studies'));
    expect(storage.getToken()).toBe('access-1');
  });
});
