import { IDLE_TIMEOUT_MS } from '@trialpath/domain';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../shared/session';
import { storage } from '../shared/storage';
import { renderApp } from '../test-utils';
import { IdleWatcher } from './IdleWatcher';

beforeEach(() => {
  window.localStorage.clear();
  window.location.hash = '#/studies';
  vi.useFakeTimers({ shouldAdvanceTime: false });
  storage.setTokens('token', 'refresh');
  session.sync();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('session expiry (A-045, A-198)', () => {
  it('flags the session expired after the idle timeout with the exact message, and OK logs out', async () => {
    renderApp(<IdleWatcher />);
    expect(screen.queryByText(/Your session has expired/)).toBeNull();
    // Idle for longer than the timeout (the last activity is shared through storage).
    storage.setLastActivity(Date.now() - IDLE_TIMEOUT_MS - 1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(
      screen.getByText('Your session has expired due to inactivity. Any unsaved work may not be saved.'),
    ).toBeTruthy();
    // Still signed in until OK is pressed.
    expect(storage.getToken()).toBe('token');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(storage.getToken()).toBeNull();
    expect(session.hasToken()).toBe(false);
    expect(window.location.hash).toBe('#/login');
  });

  it('does not expire while the user is active: a click just before the limit starts it again', async () => {
    renderApp(<IdleWatcher />);
    // Nearly idle for the whole limit, then a click in the portal.
    storage.setLastActivity(Date.now() - IDLE_TIMEOUT_MS + 2_000);
    await act(async () => {
      fireEvent.click(document.body);
      await vi.advanceTimersByTimeAsync(5_000);
    });
    expect(screen.queryByText(/Your session has expired/)).toBeNull();
    expect(storage.getToken()).toBe('token');
  });
});
