import { IDLE_CHECK_INTERVAL_MS, IDLE_RESET_EVENTS, IDLE_TIMEOUT_MS, isIdleExpired } from '@trialpath/domain';
import { useEffect, useRef } from 'react';

export interface IdleTimeoutOptions {
  /** Only watch while a user is signed in. */
  enabled: boolean;
  /** The local-storage key of the shared last activity: another tab writing it means the person is active there. */
  sharedKey: string;
  /** Read the stored last-activity time (ms since epoch), checked on page load. */
  readLastActivity: () => number | null;
  /** Store this tab's activity under `sharedKey`, which tells the other tabs through their storage event. */
  writeLastActivity: (ms: number) => void;
  /** True while something must not expire the session (a telehealth call, 000 §9). */
  isPaused?: () => boolean;
  /** `load`: the stored last activity was already too old when the page loaded; `idle`: it expired now. */
  onExpire: (reason: 'load' | 'idle') => void;
  timeoutMs?: number;
  checkIntervalMs?: number;
  now?: () => number;
}

/** A tab writes the shared value at most this often (a scroll fires many events). */
const WRITE_EVERY_MS = 1_000;

/**
 * Idle timeout (000 §9): checked every second against this tab's last activity, which clicks, key
 * presses, scrolls and storage events reset. A click, key press or scroll here is also written to
 * the shared value; that write reaches the other tabs as their storage event, which resets them. On
 * load a stored last activity older than the limit logs the user out; never expires while paused
 * (telehealth call), and a paused tab keeps the others alive too.
 */
export function useIdleTimeout(options: IdleTimeoutOptions): void {
  const ref = useRef(options);
  ref.current = options;
  const { enabled } = options;

  useEffect(() => {
    if (!enabled) return undefined;
    const o = () => ref.current;
    const now = () => (o().now ?? Date.now)();
    const timeout = () => o().timeoutMs ?? IDLE_TIMEOUT_MS;
    let expired = false;

    if (isIdleExpired(o().readLastActivity(), now(), o().isPaused?.() ?? false, timeout())) {
      expired = true;
      o().onExpire('load');
      return undefined;
    }
    let lastActivity = now();
    let lastWrite = lastActivity;
    o().writeLastActivity(lastActivity);

    const share = (t: number, always: boolean) => {
      if (!always && t - lastWrite < WRITE_EVERY_MS) return;
      lastWrite = t;
      o().writeLastActivity(t);
    };
    const reset = (event: Event) => {
      if (expired) return;
      if (event.type === 'storage') {
        // Only the shared last activity is a person's activity (not a token refresh, say). It is not
        // written back: that write would fire a storage event in the other tab, and so on forever.
        if ((event as StorageEvent).key === o().sharedKey) lastActivity = now();
        return;
      }
      lastActivity = now();
      share(lastActivity, false);
    };
    for (const name of IDLE_RESET_EVENTS) window.addEventListener(name, reset, { passive: true, capture: true });

    const timer = setInterval(() => {
      if (expired) return;
      if (o().isPaused?.() ?? false) {
        lastActivity = now();
        share(lastActivity, true);
        return;
      }
      if (isIdleExpired(lastActivity, now(), false, timeout())) {
        expired = true;
        o().onExpire('idle');
      }
    }, o().checkIntervalMs ?? IDLE_CHECK_INTERVAL_MS);

    return () => {
      clearInterval(timer);
      for (const name of IDLE_RESET_EVENTS) window.removeEventListener(name, reset, { capture: true });
    };
  }, [enabled]);
}
