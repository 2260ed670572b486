import { IDLE_TIMEOUT_MS } from '@trialpath/domain';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../shared/session';
import { STAFF_STORAGE_KEYS, storage } from '../shared/storage';
import { renderApp } from '../test-utils';
import { IdleWatcher } from './IdleWatcher';

const EXPIRED_TEXT = 'Your session has expired due to inactivity. Any unsaved work may not be saved.';

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

/** Let `ms` pass on the wall clock without any input, then one idle check runs. */
async function idleFor(ms: number) {
  vi.setSystemTime(Date.now() + ms);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1_000);
  });
}

/** What the browser does in this tab when another tab of the portal writes the shared last activity. */
function activityInAnotherTab() {
  const value = String(Date.now() - 3);
  window.localStorage.setItem(STAFF_STORAGE_KEYS.lastActivity, value);
  window.dispatchEvent(new StorageEvent('storage', { key: STAFF_STORAGE_KEYS.lastActivity, newValue: value }));
  return Number(value);
}

describe('session expiry (A-045, A-198)', () => {
  it('flags the session expired after the idle timeout with the exact message, and OK logs out', async () => {
    renderApp(<IdleWatcher />);
    expect(screen.queryByText(/Your session has expired/)).toBeNull();
    await idleFor(IDLE_TIMEOUT_MS);
    await act(async () => {
      await import('./SessionExpiredDialog'); // the dialog's chunk, loaded on expiry
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText(EXPIRED_TEXT)).toBeTruthy();
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
    await idleFor(IDLE_TIMEOUT_MS - 2_000);
    await act(async () => {
      fireEvent.click(document.body);
    });
    await idleFor(5_000);
    expect(screen.queryByText(/Your session has expired/)).toBeNull();
    expect(storage.getToken()).toBe('token');
  });
});

describe('idle timer across tabs (000 §9, A-223)', () => {
  it('activity in another tab (its storage event) keeps this tab signed in, and is not written back', async () => {
    renderApp(<IdleWatcher />);
    await idleFor(IDLE_TIMEOUT_MS - 2_000);
    let written = 0;
    await act(async () => {
      written = activityInAnotherTab();
    });
    await idleFor(5_000);
    expect(screen.queryByText(/Your session has expired/)).toBeNull();
    // Writing it back would fire a storage event in the other tab, which would answer in kind forever.
    expect(storage.getLastActivity()).toBe(written);
    // Without further activity anywhere the limit still applies.
    await idleFor(IDLE_TIMEOUT_MS);
    expect(screen.getByText(EXPIRED_TEXT)).toBeTruthy();
  });
});

describe('idle limit on page load (000 §9, A-225)', () => {
  it('logs out at once, without asking, when the stored last activity is older than the limit', async () => {
    storage.setLastActivity(Date.now() - IDLE_TIMEOUT_MS - 1_000);
    renderApp(<IdleWatcher />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(storage.getToken()).toBeNull();
    expect(session.hasToken()).toBe(false);
    expect(window.location.hash).toBe('#/login');
    expect(screen.queryByText(/Your session has expired/)).toBeNull();
  });

  it('keeps a session whose last activity is within the limit', async () => {
    storage.setLastActivity(Date.now() - IDLE_TIMEOUT_MS + 60_000);
    renderApp(<IdleWatcher />);
    await idleFor(1_000);
    expect(storage.getToken()).toBe('token');
    expect(window.location.hash).toBe('#/studies');
  });
});
