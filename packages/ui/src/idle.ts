import { IDLE_CHECK_INTERVAL_MS, IDLE_RESET_EVENTS, IDLE_TIMEOUT_MS, isIdleExpired } from '@trialpath/domain';
import { useEffect, useRef } from 'react';

export interface IdleTimeoutOptions {
  /** Only watch while a user is signed in. */
  enabled: boolean;
  /** Read the stored last-activity time (ms since epoch), shared between tabs through storage. */
  readLastActivity: () => number | null;
  writeLastActivity: (ms: number) => void;
  /** True while something must not expire the session (a telehealth call, 000 §9). */
  isPaused?: () => boolean;
  /** `load`: the stored last activity was already too old when the page loaded; `idle`: it expired now. */
  onExpire: (reason: 'load' | 'idle') => void;
  timeoutMs?: number;
  checkIntervalMs?: number;
  now?: () => number;
}

/**
 * Idle timeout (000 §9): checked every second; clicks, key presses, scrolls and storage events
 * reset it; the last activity lives in storage so every tab shares it; on load an old last
 * activity logs the user out; never expires while paused (telehealth call).
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

    const initial = o().readLastActivity();
    if (isIdleExpired(initial, now(), o().isPaused?.() ?? false, timeout())) {
      expired = true;
      o().onExpire('load');
      return undefined;
    }
    o().writeLastActivity(now());

    let lastWrite = 0;
    const touch = (event: Event) => {
      if (expired) return;
      // A storage event means another tab wrote the shared value: nothing to write here.
      if (event.type === 'storage') return;
      const t = now();
      if (t - lastWrite < 1000) return;
      lastWrite = t;
      o().writeLastActivity(t);
    };
    for (const name of IDLE_RESET_EVENTS) window.addEventListener(name, touch, { passive: true, capture: true });

    const timer = setInterval(() => {
      if (expired) return;
      const paused = o().isPaused?.() ?? false;
      if (paused) {
        o().writeLastActivity(now());
        return;
      }
      if (isIdleExpired(o().readLastActivity(), now(), false, timeout())) {
        expired = true;
        o().onExpire('idle');
      }
    }, o().checkIntervalMs ?? IDLE_CHECK_INTERVAL_MS);

    return () => {
      clearInterval(timer);
      for (const name of IDLE_RESET_EVENTS) window.removeEventListener(name, touch, { capture: true });
    };
  }, [enabled]);
}
