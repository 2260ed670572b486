import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorAlert } from './FormAlerts';
import { useIdleTimeout } from './idle';
import { NewPasswordFields } from './NewPasswordFields';
import { PageNotFound } from './PageNotFound';
import { PasswordRuleHints, passwordRuleStates, usernameRuleStates } from './PasswordRuleHints';
import { renderWithMantine } from './test-utils';
import { TreeViewer } from './TreeViewer';

afterEach(() => vi.useRealTimers());

describe('TreeViewer', () => {
  it('opens and closes every node, and hides timestamp keys', () => {
    renderWithMantine(
      <TreeViewer
        data={{ message: { channel: 'email', meta: { sentTimestamp: 1, recipientName: 'Ann' } } }}
        readableKeys
      />,
    );
    expect(screen.queryByText('Recipient Name:')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open All' }));
    expect(screen.getByText('Recipient Name:')).toBeTruthy();
    expect(screen.queryByText(/Sent Timestamp/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close All' }));
    expect(screen.queryByText('Channel:')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Expand Message \{2\}$/ }));
    expect(screen.getByText('Channel:')).toBeTruthy();
  });
});

describe('PageNotFound', () => {
  it('has the catalogue heading', () => {
    renderWithMantine(<PageNotFound />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('password rules', () => {
  it('marks each rule from the domain check', () => {
    expect(passwordRuleStates('abc').map((r) => r.met)).toEqual([false, true, false, false]);
    expect(passwordRuleStates('Trialpath#1').every((r) => r.met)).toBe(true);
    renderWithMantine(<PasswordRuleHints password="abcdefgh1" />);
    expect(screen.getByText(/at least 8 characters/)).toBeTruthy();
  });

  it('shows the username rules up front, from the domain check, ticked as they are met', () => {
    expect(usernameRuleStates('').map((r) => r.met)).toEqual([false, false, false, false]);
    expect(usernameRuleStates('nina.b#1').map((r) => r.met)).toEqual([true, true, true, true]);
    expect(usernameRuleStates('ninabrown').map((r) => r.met)).toEqual([true, true, false, false]);
    renderWithMantine(<PasswordRuleHints kind="username" password="" id="username-rules" />);
    const hints = within(document.getElementById('username-rules')!);
    expect(hints.getByText('Username requirements')).toBeTruthy();
    expect(hints.getByText(/Username must contain at least one number/)).toBeTruthy();
    expect(hints.getAllByText(/\(not met\)/)).toHaveLength(4);
  });
});

describe('NewPasswordFields', () => {
  it('binds each input as given, hints the rules for the typed password and shows the messages', () => {
    const onChange = vi.fn();
    renderWithMantine(
      <NewPasswordFields
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
        rulesId="rules"
        password="abc"
        errors={{ confirm: 'Passwords do not match' }}
        inputs={{ password: { value: 'abc', onChange }, confirm: { value: '', onChange: () => {} } }}
      />,
    );
    const input = screen.getByLabelText('New password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(document.getElementById('rules')?.textContent).toMatch(/at least 8 characters/);
    // screen readers hear the rules with the field
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain('rules');
    fireEvent.change(input, { target: { value: 'abcd' } });
    expect(onChange).toHaveBeenCalledOnce();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
  });
});

describe('ErrorAlert', () => {
  it('shows nothing without a message', () => {
    renderWithMantine(<ErrorAlert>{null}</ErrorAlert>);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('useIdleTimeout', () => {
  function setup(last: number | null, opts: { paused?: boolean } = {}) {
    let stored = last;
    const onExpire = vi.fn();
    let now = 1_000_000;
    const hook = renderHook(() =>
      useIdleTimeout({
        enabled: true,
        sharedKey: 'trialpath.lastActivity',
        readLastActivity: () => stored,
        writeLastActivity: (ms) => {
          stored = ms;
        },
        isPaused: () => opts.paused ?? false,
        onExpire,
        timeoutMs: 10_000,
        now: () => now,
      }),
    );
    return {
      onExpire,
      hook,
      advance(ms: number) {
        now += ms;
        act(() => {
          vi.advanceTimersByTime(ms);
        });
      },
      stored: () => stored,
      setStored: (ms: number) => {
        stored = ms;
      },
      setNow: (n: number) => {
        now = n;
      },
    };
  }

  it('logs out on load when the stored last activity is too old', () => {
    vi.useFakeTimers();
    const t = setup(1_000_000 - 20_000);
    expect(t.onExpire).toHaveBeenCalledWith('load');
  });

  it('expires after the limit without activity, checked every second', () => {
    vi.useFakeTimers();
    const t = setup(null);
    t.advance(9_000);
    expect(t.onExpire).not.toHaveBeenCalled();
    t.advance(2_000);
    expect(t.onExpire).toHaveBeenCalledWith('idle');
    expect(t.onExpire).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a click', true, () => new MouseEvent('click')],
    ['a key press', true, () => new KeyboardEvent('keydown', { key: 'a' })],
    ['a scroll', true, () => new Event('scroll')],
    // Another tab wrote the shared key. Writing back would fire a storage event in that tab, and so on forever.
    [
      'a storage event on the shared key (activity in another tab)',
      false,
      () => new StorageEvent('storage', { key: 'trialpath.lastActivity', newValue: '1008000' }),
    ],
  ] as const)('%s resets the timer (written to the shared key: %s)', (_name, shared, event) => {
    vi.useFakeTimers();
    const t = setup(null);
    t.advance(8_000);
    act(() => {
      window.dispatchEvent(event());
    });
    expect(t.stored()).toBe(shared ? 1_008_000 : 1_000_000);
    t.advance(8_000);
    expect(t.onExpire).not.toHaveBeenCalled();
    t.advance(3_000);
    expect(t.onExpire).toHaveBeenCalledWith('idle');
  });

  it('a storage event on another key (a token refresh in another tab) is not activity', () => {
    vi.useFakeTimers();
    const t = setup(null);
    t.advance(8_000);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'trialpath.token', newValue: 'x' }));
    });
    t.advance(3_000);
    expect(t.onExpire).toHaveBeenCalledWith('idle');
  });

  it('never expires during a telehealth call', () => {
    vi.useFakeTimers();
    const t = setup(null, { paused: true });
    t.advance(30_000);
    expect(t.onExpire).not.toHaveBeenCalled();
    // The call also keeps the other tabs alive: the shared last activity follows the clock.
    expect(t.stored()).toBe(1_030_000);
  });
});
