import { describe, expect, it } from 'vitest';
import {
  LOCKOUT_POLICY,
  attemptsRemaining,
  evaluateFailedAttempt,
  isLocked,
  minutesRemaining,
  resetLockout,
  type LockoutState,
} from './lockout';

const t0 = new Date('2024-01-01T10:00:00Z');
const at = (min: number) => new Date(t0.getTime() + min * 60_000);

describe('lockout', () => {
  it('locks for 30 minutes after the 5th failure', () => {
    expect(LOCKOUT_POLICY).toEqual({ maxFailedAttempts: 5, lockMinutes: 30 });
    let s: LockoutState = resetLockout();
    const seen: number[] = [];
    for (let i = 1; i <= 4; i++) {
      s = evaluateFailedAttempt(s, t0);
      expect(isLocked(s, t0)).toBe(false);
      seen.push(attemptsRemaining(s, t0));
    }
    expect(seen).toEqual([4, 3, 2, 1]);
    s = evaluateFailedAttempt(s, t0);
    expect(s).toEqual({ failedAttempts: 5, lockedUntil: at(30) });
    expect(isLocked(s, t0)).toBe(true);
    expect(attemptsRemaining(s, t0)).toBe(0);
  });

  it.each([
    [0, 30],
    [0.5, 30],
    [1, 29],
    [29.99, 1],
    [30, 0],
    [45, 0],
  ])('after %f minutes, %i minutes remain', (min, left) => {
    const s = { failedAttempts: 5, lockedUntil: at(30) };
    expect(minutesRemaining(s, at(min))).toBe(left);
  });

  it('does not extend the lock on attempts while locked', () => {
    const s = { failedAttempts: 5, lockedUntil: at(30) };
    expect(evaluateFailedAttempt(s, at(10))).toEqual(s);
  });

  it('starts a new count after the lock runs out', () => {
    const s = { failedAttempts: 5, lockedUntil: at(30) };
    const next = evaluateFailedAttempt(s, at(31));
    expect(next).toEqual({ failedAttempts: 1, lockedUntil: null });
    expect(attemptsRemaining(s, at(31))).toBe(5);
  });

  it('treats negative counts as zero and honours a custom policy', () => {
    expect(evaluateFailedAttempt({ failedAttempts: -3, lockedUntil: null }, t0)).toEqual({
      failedAttempts: 1,
      lockedUntil: null,
    });
    expect(
      evaluateFailedAttempt({ failedAttempts: 2, lockedUntil: null }, t0, { maxFailedAttempts: 3, lockMinutes: 1 }),
    ).toEqual({
      failedAttempts: 3,
      lockedUntil: at(1),
    });
  });

  it('admin unlock and successful sign-in reset', () => {
    expect(resetLockout()).toEqual({ failedAttempts: 0, lockedUntil: null });
    expect(isLocked(resetLockout())).toBe(false);
    expect(minutesRemaining(resetLockout())).toBe(0);
    expect(attemptsRemaining(resetLockout())).toBe(5);
  });
});
