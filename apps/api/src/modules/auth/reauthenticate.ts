/**
 * Re-authentication with the current password before a change that would hand the account to whoever holds a
 * stolen access token: a new password, e-mail address or mobile number (decisions 0022, 0028); and as the
 * password component of an electronic signature (21 CFR 11.200, decision 0046). A wrong password
 * counts toward the sign-in lockout, so the token cannot be used to guess the password behind it.
 */
import { attemptsRemaining, evaluateFailedAttempt, isLocked, messageRef, minutesRemaining } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, keepChanges } from '../../kernel/errors';
import { changeUser, type UserRow } from '../users/users.service';
import { verifyPassword } from './passwords';

/**
 * Passes when `password` is the user's (read with `lockUser`, in this transaction). Otherwise: 423 when the
 * account is or becomes locked, else 400 on `currentPassword` with the attempts left; each refusal is audited
 * and kept (the count must survive the failed request).
 */
export async function requireCurrentPassword(
  ctx: ServiceCtx,
  user: UserRow,
  password: string,
  change: 'password' | 'email' | 'mobile' | 'signature',
): Promise<void> {
  const state = { failedAttempts: user.failed_attempts, lockedUntil: user.locked_until };
  const now = new Date();
  const via = `${change} change`;
  if (isLocked(state, now)) {
    ctx.audit({ action: 'auth.login.locked', entityType: 'user', entityId: user.id, after: { via } });
    throw keepChanges(fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(state, now) }));
  }
  if (await verifyPassword(user.password_hash, password)) return;
  const next = evaluateFailedAttempt(state, now);
  await changeUser(ctx, user.id, { failed_attempts: next.failedAttempts, locked_until: next.lockedUntil });
  if (isLocked(next, now)) {
    ctx.audit({
      action: 'auth.lockout',
      entityType: 'user',
      entityId: user.id,
      after: { failedAttempts: next.failedAttempts, lockedUntil: next.lockedUntil, via },
    });
    throw keepChanges(fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(next, now) }));
  }
  ctx.audit({
    action: change === 'password' ? 'auth.password.change-failed' : 'user.reauth.failed',
    entityType: 'user',
    entityId: user.id,
    after: { change, failedAttempts: next.failedAttempts },
  });
  throw keepChanges(
    fail('VALIDATION_FAILED', undefined, {
      fields: {
        currentPassword: [messageRef(change === 'password' ? 'auth.invalidCredentials' : 'password.currentWrong')],
      },
      details: { attemptsRemaining: attemptsRemaining(next, now) },
    }),
  );
}
