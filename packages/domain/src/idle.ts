/**
 * Idle expiry (000 §9): 90000 s without activity logs the user out; never during a telehealth
 * call; on page load a stored last activity older than the limit logs the user out.
 */
import { IDLE_TIMEOUT_MS } from './constants';

export function isIdleExpired(
  lastActivityMs: number | null | undefined,
  nowMs: number,
  inCall = false,
  timeoutMs: number = IDLE_TIMEOUT_MS,
): boolean {
  if (inCall) return false;
  if (typeof lastActivityMs !== 'number' || !Number.isFinite(lastActivityMs)) return false;
  return nowMs - lastActivityMs > timeoutMs;
}
