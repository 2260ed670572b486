/**
 * Staff sign-in (spec 000 §7.3, §8; decisions A-085, 0004, A-047 lockout policy). Failed sign-ins are
 * counted and audited even though the request answers with an error (keepChanges); successful ones
 * reset the count. A second factor or an e-mail re-verification may stand between password and tokens.
 */
import {
  attemptsRemaining,
  evaluateFailedAttempt,
  isLocked,
  messageRef,
  minutesRemaining,
  normalizeStaffUsername,
  resetLockout,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, keepChanges } from '../../kernel/errors';
import { clientById } from '../clients/clients.service';
import {
  changeUser,
  generalAuthorities,
  lockUser,
  toStaffUser,
  type UserRow,
  userById,
  userByUsername,
} from '../users/users.service';
import {
  codeMatches,
  consumeChallenge,
  countWrongCode,
  deliverCode,
  issueChallenge,
  maskDestination,
  openChallenge,
  renewChallenge,
} from './otp';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { createRefreshToken, staffAccessToken } from './session-tokens';

/** How the audit trail names the account a public call acted on. */
export const staffRef = (u: { id: string }) => ({ type: 'staff' as const, id: u.id });

/** A general session: new family, new session id. */
export async function issueGeneralTokens(ctx: Pick<ServiceCtx, 'db' | 'config'>, user: UserRow) {
  const refresh = await createRefreshToken(ctx, { userId: user.id, studyId: null });
  const accessToken = await staffAccessToken(ctx.config, {
    userId: user.id,
    studyId: null,
    authorities: await generalAuthorities(ctx, user),
    tokenVersion: user.token_version,
    sessionId: refresh.row.session_id,
  });
  return { accessToken, refreshToken: refresh.token, expiresIn: ctx.config.accessTokenTtlSeconds };
}

/**
 * after an e-mail change the account signs in only with a code sent to the new address
 * (or the current one when none is pending); verifyMfa completes it. Every sign-in path that has
 * identified an account with otp_verified false answers this instead of issuing tokens (password, SSO).
 * `via` is added to the audit entry (e.g. the SSO provider).
 */
export async function otpVerifiedChallenge(ctx: ServiceCtx, user: UserRow, via: Record<string, unknown> = {}) {
  const destination = user.pending_email ?? user.email;
  const { challenge, code } = await issueChallenge(ctx, {
    userId: user.id,
    purpose: 'otp-verified',
    channel: 'email',
    destination,
  });
  await deliverCode(ctx, 'email', destination, code!);
  ctx.audit({
    action: 'auth.otp-verified.challenge',
    entityType: 'user',
    entityId: user.id,
    actor: staffRef(user),
    after: { ...via, channel: 'email', pendingEmail: user.pending_email !== null },
  });
  return { nextStep: 'OTPVerifiedRequest' as const, challengeId: challenge.id };
}

/** Challenges the sign-in verify / resend calls answer: the second factor and the e-mail re-verification. */
const SIGN_IN_PURPOSES = ['sign-in', 'otp-verified'] as const;

export async function login(ctx: ServiceCtx, body: { username: string; password: string }) {
  const username = normalizeStaffUsername(body.username);
  const found = await userByUsername(ctx, username);
  if (!found) {
    // The spec's "Username not found." stays, but it costs the same time as a wrong password (decision 0023).
    await verifyPassword(await dummyPasswordHash(), body.password);
    ctx.audit({
      action: 'auth.login.failed',
      entityType: 'user',
      after: { username, reason: 'USERNAME_NOT_FOUND' },
    });
    throw keepChanges(fail('USERNAME_NOT_FOUND'));
  }
  // Lock the row: concurrent attempts must not lose failure counts.
  const user = (await lockUser(ctx, found.id))!;
  const state = { failedAttempts: user.failed_attempts, lockedUntil: user.locked_until };
  const now = new Date();
  if (user.status === 'DEACTIVATED') throw fail('ACCOUNT_INACTIVE');
  if (isLocked(state, now)) {
    ctx.audit({ action: 'auth.login.locked', entityType: 'user', entityId: user.id, actor: staffRef(user) });
    throw keepChanges(fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(state, now) }));
  }
  // An invited account without a password answers like a wrong password: "not verified" only after the
  // password was checked (decision 0023).
  if (!(await verifyPassword(user.password_hash ?? (await dummyPasswordHash()), body.password))) {
    const next = evaluateFailedAttempt(state, now);
    await changeUser(ctx, user.id, { failed_attempts: next.failedAttempts, locked_until: next.lockedUntil });
    if (isLocked(next, now)) {
      ctx.audit({
        action: 'auth.lockout',
        entityType: 'user',
        entityId: user.id,
        actor: staffRef(user),
        after: { failedAttempts: next.failedAttempts, lockedUntil: next.lockedUntil },
      });
      throw keepChanges(fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(next, now) }));
    }
    ctx.audit({
      action: 'auth.login.failed',
      entityType: 'user',
      entityId: user.id,
      actor: staffRef(user),
      after: { failedAttempts: next.failedAttempts, reason: 'INVALID_CREDENTIALS' },
    });
    // The spec's text, with the attempts left before the lock (decision A-047).
    const remaining = attemptsRemaining(next, now);
    throw keepChanges(
      fail('INVALID_CREDENTIALS', undefined, {
        message: messageRef('auth.attemptsRemaining', { remaining }),
        details: { attemptsRemaining: remaining },
      }),
    );
  }

  if (user.status === 'INVITED') throw fail('NOT_VERIFIED');
  const cleared = resetLockout();
  const fresh =
    user.failed_attempts !== 0 || user.locked_until !== null
      ? await changeUser(ctx, user.id, { failed_attempts: cleared.failedAttempts, locked_until: cleared.lockedUntil })
      : user;

  if (!fresh.otp_verified) return otpVerifiedChallenge(ctx, fresh);

  const client = await clientById(ctx, user.client_id);
  if (client.two_fa_enabled) {
    const channel: 'email' | 'sms' = user.phone_number ? 'sms' : 'email';
    const destination = channel === 'sms' ? user.phone_number! : user.email;
    const { challenge, code } = await issueChallenge(ctx, {
      userId: user.id,
      purpose: 'sign-in',
      channel,
      destination,
    });
    await deliverCode(ctx, channel, destination, code!);
    ctx.audit({
      action: 'auth.mfa.challenge',
      entityType: 'user',
      entityId: user.id,
      actor: staffRef(user),
      after: { channel },
    });
    return {
      nextStep: 'TwoFARequest' as const,
      challengeId: challenge.id,
      channel,
      destination: maskDestination(destination, channel),
    };
  }

  ctx.audit({ action: 'auth.login', entityType: 'user', entityId: user.id, actor: staffRef(user) });
  return { nextStep: 'Tokens' as const, tokens: await issueGeneralTokens(ctx, fresh), user: toStaffUser(fresh) };
}

export async function verifyMfa(ctx: ServiceCtx, body: { challengeId: string; code: string }) {
  const c = await openChallenge(ctx, body.challengeId, SIGN_IN_PURPOSES);
  if (!c?.user_id) throw fail('TWO_FA_INVALID');
  const user = await userById(ctx, c.user_id);
  if (user?.status !== 'ACTIVE') throw fail('TWO_FA_INVALID');
  if (!codeMatches(c, body.code)) {
    const attempts = await countWrongCode(ctx, c);
    ctx.audit({
      action: 'auth.mfa.failed',
      entityType: 'user',
      entityId: user.id,
      actor: staffRef(user),
      after: { attempts, purpose: c.purpose },
    });
    throw keepChanges(fail('TWO_FA_INVALID'));
  }
  await consumeChallenge(ctx, c);
  let signedIn = user;
  if (c.purpose === 'otp-verified') {
    // The address the code reached is confirmed: a pending e-mail change takes effect.
    const confirmsPending = user.pending_email !== null && user.pending_email === c.destination;
    signedIn = await changeUser(ctx, user.id, {
      otp_verified: true,
      pending_email: null,
      ...(confirmsPending ? { email: c.destination } : {}),
    });
    ctx.audit({
      action: 'user.email.verify',
      entityType: 'user',
      entityId: user.id,
      actor: staffRef(user),
      before: { email: user.email, otpVerified: user.otp_verified, pendingEmail: user.pending_email },
      after: { email: signedIn.email, otpVerified: true, pendingEmail: null },
    });
  }
  ctx.audit({
    action: 'auth.login',
    entityType: 'user',
    entityId: user.id,
    actor: staffRef(user),
    after: { secondFactor: c.channel, purpose: c.purpose },
  });
  return { tokens: await issueGeneralTokens(ctx, signedIn), user: toStaffUser(signedIn) };
}

export async function resendMfa(ctx: ServiceCtx, body: { challengeId: string }) {
  const c = await openChallenge(ctx, body.challengeId, SIGN_IN_PURPOSES);
  if (!c?.user_id) throw fail('TWO_FA_INVALID');
  const user = await userById(ctx, c.user_id);
  if (!user) throw fail('TWO_FA_INVALID');
  // The attempt count is kept: resending must not reset the guessing budget.
  const code = await renewChallenge(ctx, c);
  await deliverCode(ctx, c.channel, c.destination, code);
  ctx.audit({ action: 'auth.mfa.resend', entityType: 'user', entityId: user.id, actor: staffRef(user) });
  return { ok: true as const };
}
