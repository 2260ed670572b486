import { cleanup } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../shared/session';
import { renderApp } from '../test-utils';

// OfflineNotifier (packages/ui) imports `notify` from its own toast module: that module is replaced.
const notify = vi.hoisted(() => vi.fn());
vi.mock('../../../../packages/ui/src/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../packages/ui/src/toast')>()),
  notify,
}));
// The shell's other shared pieces are not under test (and bring packages/ui's own Mantine copy).
vi.mock('@trialpath/ui', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@trialpath/ui')>()),
  AppLoader: () => null,
  CookieConsent: () => null,
  CopyrightFooter: () => null,
  ProgressBar: () => null,
}));
const { Shell } = await import('./Shell');

// The spec texts (000 §8.2), written out here so a changed catalogue entry or swapped props fail.
const OFFLINE = 'Sorry! No internet connection.';
const ONLINE = 'Welcome back, unfortunately we lost you, Continue with your Research!!';

beforeEach(() => {
  notify.mockClear();
  window.localStorage.clear();
  session.sync();
  // The shell's start-up calls are answered but not looked at here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'x' }), { status: 404 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const connectivityToasts = () =>
  notify.mock.calls.filter(([m]) => [OFFLINE, ONLINE].includes(m) || /internet|back/i.test(String(m)));

describe('connectivity toasts in the staff shell (A-199, A-201)', () => {
  it('toasts the staff offline text on the offline event and the staff welcome-back text on the online event', () => {
    renderApp(
      <MemoryRouter>
        <Shell>page</Shell>
      </MemoryRouter>,
    );
    expect(connectivityToasts()).toEqual([]);

    window.dispatchEvent(new Event('offline'));
    expect(connectivityToasts()).toEqual([[OFFLINE, { kind: 'warning' }]]);

    window.dispatchEvent(new Event('online'));
    expect(connectivityToasts()).toEqual([
      [OFFLINE, { kind: 'warning' }],
      [ONLINE, { kind: 'success' }],
    ]);
  });

  it('stops listening when the shell unmounts', () => {
    const { unmount } = renderApp(
      <MemoryRouter>
        <Shell>page</Shell>
      </MemoryRouter>,
    );
    unmount();
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    expect(connectivityToasts()).toEqual([]);
  });
});
