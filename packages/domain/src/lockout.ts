/**
 * Sign-in lockout (000 §4; decision A-047): 5 consecutive failed attempts lock the account for
 * 30 minutes. A successful sign-in or an administrator's unlock resets the count. Attempts while
 * locked do not extend the lock. When a lock has run out, the next failure starts a new count.
 */

export const LOCKOUT_POLICY = { maxFailedAttempts: 5, lockMinutes: 30 } as const;

export interface LockoutState {
  failedAttempts: number;
  lockedUntil: Date | null;
}

export function isLocked(state: LockoutState, now: Date = new Date()): boolean {
  return state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();
}

/** Whole minutes (rounded up) until the lock ends; 0 when not locked. */
export function minutesRemaining(state: LockoutState, now: Date = new Date()): number {
  if (!isLocked(state, now)) return 0;
  return Math.ceil(((state.lockedUntil as Date).getTime() - now.getTime()) / 60_000);
}

/** The state after a failed sign-in attempt at `now`. */
export function evaluateFailedAttempt(
  state: LockoutState,
  now: Date = new Date(),
  policy: { maxFailedAttempts: number; lockMinutes: number } = LOCKOUT_POLICY,
): LockoutState {
  if (isLocked(state, now)) return { failedAttempts: state.failedAttempts, lockedUntil: state.lockedUntil };
  const expired = state.lockedUntil !== null;
  const failedAttempts = (expired ? 0 : Math.max(0, state.failedAttempts)) + 1;
  if (failedAttempts >= policy.maxFailedAttempts) {
    return { failedAttempts, lockedUntil: new Date(now.getTime() + policy.lockMinutes * 60_000) };
  }
  return { failedAttempts, lockedUntil: null };
}

/** Attempts left before the account locks (0 when locked). */
export function attemptsRemaining(
  state: LockoutState,
  now: Date = new Date(),
  policy: { maxFailedAttempts: number } = LOCKOUT_POLICY,
): number {
  if (isLocked(state, now)) return 0;
  const used = state.lockedUntil !== null ? 0 : state.failedAttempts;
  return Math.max(0, policy.maxFailedAttempts - used);
}

/** State after a successful sign-in or an administrator's unlock. */
export function resetLockout(): LockoutState {
  return { failedAttempts: 0, lockedUntil: null };
}
