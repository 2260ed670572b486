import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-utils';
import { CreatePasswordPage } from './PasswordTokenPage';

const TOKEN = 'invite-token-0123456789';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('#/create-password/{token} (A-015)', () => {
  it('creates the first password with the token and moves to sign-in', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
        // What the API answers: the token check (valid, with the account's username), then the creation.
        if (method === 'GET' && url === `/api/v1/auth/password-tokens/${TOKEN}`)
          return new Response(JSON.stringify({ valid: true, purpose: 'invite', username: 'ann.invited' }));
        if (method === 'POST' && url === '/api/v1/auth/create-password')
          return new Response(JSON.stringify({ ok: true }));
        return new Response(JSON.stringify({ code: 'NOT_FOUND', message: url }), { status: 404 });
      }),
    );
    const router = createMemoryRouter(
      [
        { path: '/create-password/:token', element: <CreatePasswordPage /> },
        { path: '/login', element: <h1>Sign-in page</h1> },
      ],
      { initialEntries: [`/create-password/${TOKEN}`] },
    );
    renderApp(<RouterProvider router={router} />);

    expect(await screen.findByText('Account: ann.invited')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Create your password' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Secret1!pass' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Secret1!pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create password' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/v1/auth/create-password', body: { token: TOKEN, password: 'Secret1!pass' } },
    ]);
  });
});
