import { getFeatureFlags, queryKeyOf } from '@trialpath/contract';
import { FLAG_POLL_INTERVAL_MS } from '@trialpath/domain';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../shared/session';
import { storage } from '../shared/storage';
import { clientIdentity, renderApp } from '../test-utils';

const notify = vi.hoisted(() => vi.fn());
vi.mock('@trialpath/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@trialpath/ui')>()),
  notify,
}));
const { StartupEffects } = await import('./StartupEffects');
const { queryDefaults } = await import('./providers');

/** As in the app: the shell, and so the start-up effects, render inside the router. */
const InRouter = () => (
  <MemoryRouter>
    <StartupEffects />
  </MemoryRouter>
);

type Answer = { status: number; body?: unknown };
function serve(routes: Record<string, Answer>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0]!;
      const key = path === '/api/v1/roles' ? `${path}?type=${new URL(url, 'http://h').searchParams.get('type')}` : path;
      const a = routes[key] ?? { status: 404, body: { code: 'NOT_FOUND', message: key } };
      return new Response(a.body === undefined ? '' : JSON.stringify(a.body), { status: a.status });
    }),
  );
}

const clientOk: Answer = { status: 200, body: clientIdentity() };
const role = (name: string, scope: 'platform' | 'site') => ({
  name,
  title: name,
  typeOfRole: scope === 'site' ? 'site team' : 'admin',
  scope,
  permissions: [],
});
const flagsOk: Answer = { status: 200, body: { customerId: 'c1', flags: {} } };

beforeEach(() => {
  window.localStorage.clear();
  notify.mockClear();
  session.sync();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('client identity failure (A-175)', () => {
  it('toasts "Error while getting clients." when the call fails without a message', async () => {
    serve({ '/api/v1/client': { status: 500 }, '/api/v1/feature-flags': flagsOk });
    renderApp(<InRouter />);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Error while getting clients.', { kind: 'error' }), {
      timeout: 4000,
    });
  });

  it("toasts the server's message when there is one", async () => {
    serve({
      '/api/v1/client': { status: 400, body: { code: 'CLIENT_UNKNOWN', message: 'This client is not configured.' } },
      '/api/v1/feature-flags': flagsOk,
    });
    renderApp(<InRouter />);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('This client is not configured.', { kind: 'error' }), {
      timeout: 4000,
    });
    expect(notify).not.toHaveBeenCalledWith('Error while getting clients.', expect.anything());
  });
});

describe('roles after sign-in (A-119)', () => {
  beforeEach(() => {
    storage.setTokens('token', 'refresh');
    session.sync();
  });

  it('loads the platform and site-team roles and stores them', async () => {
    serve({
      '/api/v1/client': clientOk,
      '/api/v1/feature-flags': flagsOk,
      '/api/v1/me': { status: 500 },
      '/api/v1/roles?type=platform': { status: 200, body: { items: [role('SystemAdmin', 'platform')] } },
      '/api/v1/roles?type=site': { status: 200, body: { items: [role('Pi', 'site')] } },
    });
    renderApp(<InRouter />);
    await waitFor(() => expect(storage.getRoles('platform')).toEqual([role('SystemAdmin', 'platform')]));
    await waitFor(() => expect(storage.getRoles('site')).toEqual([role('Pi', 'site')]));
  });

  it('toasts the spec texts when the roles cannot be loaded', async () => {
    serve({
      '/api/v1/client': clientOk,
      '/api/v1/feature-flags': flagsOk,
      '/api/v1/roles?type=platform': { status: 500 },
      '/api/v1/roles?type=site': { status: 500 },
    });
    renderApp(<InRouter />);
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Error while getting the user roles', { kind: 'error' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Error while getting the site team roles', { kind: 'error' }),
    );
    expect(storage.getRoles('platform')).toBeNull();
  });

  it('loads no roles before sign-in', async () => {
    storage.clearOnLogout();
    session.sync();
    const fetchSpy = vi.fn(async (_url: string) => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetchSpy);
    renderApp(<InRouter />);
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(fetchSpy.mock.calls.some(([u]) => String(u).includes('/roles'))).toBe(false);
  });
});

describe('feature flags (A-128, A-129)', () => {
  /** A query client with the portal's own defaults (focus refetching off for every other query). */
  const appClient = () => new QueryClient({ defaultOptions: queryDefaults });
  const callsTo = (path: string) =>
    vi.mocked(fetch).mock.calls.filter(([u]) => String(u).split('?')[0] === path).length;
  const flagCalls = () => callsTo('/api/v1/feature-flags');
  const settle = () => new Promise((r) => setTimeout(r, 20));
  /**
   * Waits (on real timeouts, so the faked clock never moves on its own, unlike vi.waitFor) until the
   * flags have been fetched `n` times and the last answer is in the cache.
   */
  async function fetched(client: QueryClient, n: number) {
    const check = () => {
      expect(flagCalls()).toBe(n);
      expect(client.getQueryState(queryKeyOf(getFeatureFlags, undefined, 'LIVE'))).toMatchObject({
        status: 'success',
        fetchStatus: 'idle',
      });
    };
    for (let i = 0; i < 100; i++) {
      try {
        return check();
      } catch {
        await settle();
      }
    }
    check();
  }

  beforeEach(() => {
    serve({ '/api/v1/client': clientOk, '/api/v1/feature-flags': flagsOk });
  });
  afterEach(() => {
    // Unmount while the faked clearInterval is still in place, then restore the real timers.
    cleanup();
    vi.useRealTimers();
  });

  it('fetches the flags at start and again every FLAG_POLL_INTERVAL_MS', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { queryClient } = renderApp(<InRouter />, appClient());
    await fetched(queryClient, 1);

    vi.advanceTimersByTime(FLAG_POLL_INTERVAL_MS - 1);
    await settle();
    expect(flagCalls()).toBe(1);

    vi.advanceTimersByTime(1);
    await fetched(queryClient, 2);

    vi.advanceTimersByTime(FLAG_POLL_INTERVAL_MS);
    await fetched(queryClient, 3);
  });

  it('fetches the flags again when the window regains focus, even within the poll interval', async () => {
    const { queryClient } = renderApp(<InRouter />, appClient());
    await fetched(queryClient, 1);
    expect(callsTo('/api/v1/client')).toBe(1);

    // TanStack Query's focusManager listens for 'visibilitychange' on window.
    window.dispatchEvent(new Event('visibilitychange'));
    await fetched(queryClient, 2);

    window.dispatchEvent(new Event('visibilitychange'));
    await fetched(queryClient, 3);
    // Only the flags query overrides the portal-wide refetchOnWindowFocus: false.
    await settle();
    expect(callsTo('/api/v1/client')).toBe(1);
  });
});
