/**
 * Staff sign-in and sessions (spec 000 §7.3, §8; decisions A-085, 0004, A-047 lockout policy).
 * Failed sign-ins are counted and audited even though the request answers with an error
 * (keepChanges); successful ones reset the count.
 */
import { randomUUID } from 'node:crypto';
import {
  checkPassword,
  evaluateFailedAttempt,
  isLocked,
  minutesRemaining,
  normalizeStaffUsername,
  attemptsRemaining,
  resetLockout,
  messageRef,
  ruleRefs,
} from '@trialpath/domain';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { PasswordTokenPurpose } from '../../db/schema';
import type { StaffActor } from '../../http/context';
import { fail, keepChanges, fieldError } from '../../http/errors';
import type { AuditInput } from '../audit/audit.service';
import { clientById } from '../clients/clients.service';
import { queueEmail } from '../outbox/outbox.service';
import { requireStudyAccess } from '../studies/studies.service';
import {
  bumpTokenVersion,
  findUserById,
  findUserByUsernameOrEmail,
  findUserForUpdate,
  findUserWithAssignments,
  findUserByUsername,
  type UserRow,
  type UserWithAssignments,
  updateUser,
} from '../users/users.repository';
import { generalAuthorities, toStaffUser } from '../users/users.service';
import {
  findPasswordToken,
  insertPasswordToken,
  markPasswordTokenUsed,
  revokeAllOfUser,
  revokeSession,
  voidOpenPasswordTokens,
} from './auth.repository';
import {
  codeMatches,
  consumeChallenge,
  countWrongCode,
  deliverCode,
  issueChallenge,
  maskDestination,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  openChallenge,
  renewChallenge,
} from './otp';
import { hashPassword, verifyPassword } from './passwords';
import { createRefreshToken, rotateRefreshToken, staffAccessToken } from './sessions';
import { newOpaqueToken, sha256 } from './tokens';

type Audit = (e: AuditInput) => void;
interface Deps {
  db: Db;
  config: AppConfig;
  audit: Audit;
}

export const MFA_CODE_TTL_MS = OTP_TTL_MS;
export const MFA_MAX_ATTEMPTS = OTP_MAX_ATTEMPTS;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

const userRef = (u: UserRow) => ({ type: 'staff', id: u.id });

/** A general session: new family, new session id. */
export async function issueGeneralTokens({ db, config }: Deps, user: UserRow) {
  const refresh = await createRefreshToken(db, config, { userId: user.id, studyId: null });
  const accessToken = await staffAccessToken(config, {
    userId: user.id,
    studyId: null,
    authorities: await generalAuthorities(db, user),
    tokenVersion: user.token_version,
    sessionId: refresh.row.session_id,
  });
  return { accessToken, refreshToken: refresh.token, expiresIn: config.accessTokenTtlSeconds };
}

/**
 * after an e-mail change the account signs in only with a code sent to the new address
 * (or the current one when none is pending); verifyMfa completes it. Every sign-in path that has
 * identified an account with otp_verified false answers this instead of issuing tokens (password, SSO).
 * `via` is added to the audit entry (e.g. the SSO provider).
 */
export async function otpVerifiedChallenge(
  { db, audit }: Pick<Deps, 'db' | 'audit'>,
  user: UserRow,
  via: Record<string, unknown> = {},
) {
  const destination = user.pending_email ?? user.email;
  const { challenge, code } = await issueChallenge(db, {
    userId: user.id,
    purpose: 'otp-verified',
    channel: 'email',
    destination,
  });
  await deliverCode(db, 'email', destination, code!);
  audit({
    action: 'auth.otp-verified.challenge',
    entityType: 'user',
    entityId: user.id,
    actor: userRef(user),
    after: { ...via, channel: 'email', pendingEmail: user.pending_email !== null },
  });
  return { nextStep: 'OTPVerifiedRequest' as const, challengeId: challenge.id };
}

/** Challenges the sign-in verify / resend calls answer: the second factor and the e-mail re-verification. */
const SIGN_IN_PURPOSES = ['sign-in', 'otp-verified'] as const;

export async function login(deps: Deps, body: { username: string; password: string }) {
  const { db, audit } = deps;
  const username = normalizeStaffUsername(body.username);
  const found = await findUserByUsername(db, username);
  if (!found) {
    audit({ action: 'auth.login.failed', entityType: 'user', after: { username, reason: 'USERNAME_NOT_FOUND' } });
    throw keepChanges(fail('USERNAME_NOT_FOUND'));
  }
  // Lock the row: concurrent attempts must not lose failure counts.
  const user = (await findUserForUpdate(db, found.id))!;
  const state = { failedAttempts: user.failed_attempts, lockedUntil: user.locked_until };
  const now = new Date();
  if (user.status === 'DEACTIVATED') throw fail('ACCOUNT_INACTIVE');
  if (isLocked(state, now)) {
    audit({ action: 'auth.login.locked', entityType: 'user', entityId: user.id, actor: userRef(user) });
    throw keepChanges(fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(state, now) }));
  }
  if (user.status === 'INVITED' || !user.password_hash) throw fail('NOT_VERIFIED');

  if (!(await verifyPassword(user.password_hash, body.password))) {
    const next = evaluateFailedAttempt(state, now);
    await updateUser(db, user.id, { failed_attempts: next.failedAttempts, locked_until: next.lockedUntil });
    if (isLocked(next, now)) {
      audit({
        action: 'auth.lockout',
        entityType: 'user',
        entityId: user.id,
        actor: userRef(user),
        after: { failedAttempts: next.failedAttempts, lockedUntil: next.lockedUntil },
      });
      throw keepChanges(fail('ACCOUNT_LOCKED', { minutes: minutesRemaining(next, now) }));
    }
    audit({
      action: 'auth.login.failed',
      entityType: 'user',
      entityId: user.id,
      actor: userRef(user),
      after: { failedAttempts: next.failedAttempts, reason: 'INVALID_CREDENTIALS' },
    });
    throw keepChanges(
      fail('INVALID_CREDENTIALS', undefined, { details: { attemptsRemaining: attemptsRemaining(next, now) } }),
    );
  }

  const cleared = resetLockout();
  const fresh =
    user.failed_attempts !== 0 || user.locked_until !== null
      ? await updateUser(db, user.id, { failed_attempts: cleared.failedAttempts, locked_until: cleared.lockedUntil })
      : user;

  if (!fresh.otp_verified) return otpVerifiedChallenge(deps, fresh);

  const client = await clientById(db, user.client_id);
  if (client.two_fa_enabled) {
    const channel: 'email' | 'sms' = user.phone_number ? 'sms' : 'email';
    const destination = channel === 'sms' ? user.phone_number! : user.email;
    const { challenge, code } = await issueChallenge(db, { userId: user.id, purpose: 'sign-in', channel, destination });
    await deliverCode(db, channel, destination, code!);
    audit({
      action: 'auth.mfa.challenge',
      entityType: 'user',
      entityId: user.id,
      actor: userRef(user),
      after: { channel },
    });
    return {
      nextStep: 'TwoFARequest' as const,
      challengeId: challenge.id,
      channel,
      destination: maskDestination(destination, channel),
    };
  }

  audit({ action: 'auth.login', entityType: 'user', entityId: user.id, actor: userRef(user) });
  return { nextStep: 'Tokens' as const, tokens: await issueGeneralTokens(deps, fresh), user: toStaffUser(fresh) };
}

export async function verifyMfa(deps: Deps, body: { challengeId: string; code: string }) {
  const { db, audit } = deps;
  const c = await openChallenge(db, body.challengeId, SIGN_IN_PURPOSES);
  if (!c?.user_id) throw fail('TWO_FA_INVALID');
  const user = await findUserById(db, c.user_id);
  if (user?.status !== 'ACTIVE') throw fail('TWO_FA_INVALID');
  if (!codeMatches(c, body.code)) {
    const attempts = await countWrongCode(db, c);
    audit({
      action: 'auth.mfa.failed',
      entityType: 'user',
      entityId: user.id,
      actor: userRef(user),
      after: { attempts, purpose: c.purpose },
    });
    throw keepChanges(fail('TWO_FA_INVALID'));
  }
  await consumeChallenge(db, c);
  let signedIn = user;
  if (c.purpose === 'otp-verified') {
    // The address the code reached is confirmed: a pending e-mail change takes effect.
    const confirmsPending = user.pending_email !== null && user.pending_email === c.destination;
    signedIn = await updateUser(db, user.id, {
      otp_verified: true,
      pending_email: null,
      ...(confirmsPending ? { email: c.destination } : {}),
    });
    audit({
      action: 'user.email.verify',
      entityType: 'user',
      entityId: user.id,
      actor: userRef(user),
      before: { email: user.email, otpVerified: user.otp_verified, pendingEmail: user.pending_email },
      after: { email: signedIn.email, otpVerified: true, pendingEmail: null },
    });
  }
  audit({
    action: 'auth.login',
    entityType: 'user',
    entityId: user.id,
    actor: userRef(user),
    after: { secondFactor: c.channel, purpose: c.purpose },
  });
  return { tokens: await issueGeneralTokens(deps, signedIn), user: toStaffUser(signedIn) };
}

export async function resendMfa(deps: Deps, body: { challengeId: string }) {
  const { db, audit } = deps;
  const c = await openChallenge(db, body.challengeId, SIGN_IN_PURPOSES);
  if (!c?.user_id) throw fail('TWO_FA_INVALID');
  const user = await findUserById(db, c.user_id);
  if (!user) throw fail('TWO_FA_INVALID');
  // The attempt count is kept: resending must not reset the guessing budget.
  const code = await renewChallenge(db, c);
  await deliverCode(db, c.channel, c.destination, code);
  audit({ action: 'auth.mfa.resend', entityType: 'user', entityId: user.id, actor: userRef(user) });
  return { ok: true as const };
}

export async function refresh(deps: Deps, body: { refreshToken: string; studyId?: string }) {
  const { db, config } = deps;
  const { next } = await rotateRefreshToken(
    db,
    config,
    body.refreshToken,
    (row) => row.user_id !== null && (body.studyId === undefined || body.studyId === row.study_id),
  );
  const user = await findUserWithAssignments(db, next.row.user_id!);
  if (user?.status !== 'ACTIVE') throw fail('UNAUTHENTICATED');
  let authorities: string[];
  if (next.row.study_id) {
    const actor = actorOf(user, next.row.session_id);
    const studyId = next.row.study_id;
    // Access to the study was withdrawn: 000 §8.1 — the portal drops that study's tokens.
    const access = await requireStudyAccess(db, actor, studyId).catch(() => null);
    if (!access) throw fail('FORBIDDEN', undefined, { studiesChanged: [studyId] });
    authorities = [access.role];
  } else {
    authorities = await generalAuthorities(db, user);
  }
  const accessToken = await staffAccessToken(config, {
    userId: user.id,
    studyId: next.row.study_id,
    authorities,
    tokenVersion: user.token_version,
    sessionId: next.row.session_id,
  });
  return { accessToken, refreshToken: next.token, expiresIn: config.accessTokenTtlSeconds };
}

function actorOf(user: UserWithAssignments, sessionId: string): StaffActor {
  return {
    type: 'staff',
    userId: user.id,
    username: user.username ?? '',
    clientId: user.client_id,
    platformRole: user.platform_role,
    realm: user.realm,
    dataAccessType: user.data_access_type,
    tokenStudyId: null,
    authorities: [],
    sessionId,
    tokenExp: 0,
    assignments: user.assignments,
  };
}

/** Revokes every refresh token of the session: the general one and each per-study one. */
export async function logout(deps: Deps, actor: StaffActor) {
  const revoked = await revokeSession(deps.db, actor.sessionId);
  deps.audit({
    action: 'auth.logout',
    entityType: 'user',
    entityId: actor.userId,
    after: { revokedRefreshCount: revoked },
  });
  return { ok: true as const };
}

export async function studyToken(deps: Deps, actor: StaffActor, studyId: string) {
  const { db, config } = deps;
  const access = await requireStudyAccess(db, actor, studyId);
  const user = await findUserById(db, actor.userId);
  if (!user) throw fail('UNAUTHENTICATED');
  const authorities = [access.role];
  const refresh = await createRefreshToken(db, config, { userId: user.id, studyId }, randomUUID(), actor.sessionId);
  const accessToken = await staffAccessToken(config, {
    userId: user.id,
    studyId,
    authorities,
    tokenVersion: user.token_version,
    sessionId: actor.sessionId,
  });
  deps.audit({ action: 'auth.study-token', entityType: 'study', entityId: studyId, after: { role: access.role } });
  return { accessToken, refreshToken: refresh.token, expiresIn: config.accessTokenTtlSeconds, studyId, authorities };
}

function passwordRuleError(field: string, password: string) {
  const failed = checkPassword(password);
  if (failed.length) throw fieldError(field, ...ruleRefs(failed));
}

export async function forgotPassword(deps: Deps, body: { username: string }) {
  const { db, config, audit } = deps;
  const user = await findUserByUsernameOrEmail(db, body.username);
  // Same answer whether or not the account exists (no account discovery).
  if (user && user.status === 'ACTIVE') {
    await voidOpenPasswordTokens(db, { userId: user.id }, 'reset');
    const token = newOpaqueToken();
    await insertPasswordToken(db, {
      tokenHash: sha256(token),
      purpose: 'reset',
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    const link = `${config.publicUrl}/#/reset-password/${token}`;
    await queueEmail(
      db,
      user.email,
      'Reset your Trialpath password',
      `Hello ${user.first_name},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
    );
    audit({ action: 'auth.password.reset-requested', entityType: 'user', entityId: user.id, actor: userRef(user) });
  }
  return { ok: true as const, message: 'If the account exists, an e-mail with a reset link has been sent.' };
}

/** Checks a reset/invitation token; the row stays locked until the transaction ends (single use). */
export async function usablePasswordToken(db: Db, token: string, purpose: PasswordTokenPurpose) {
  const row = await findPasswordToken(db, sha256(token), true);
  if (!row || row.purpose !== purpose) throw fail('RESET_TOKEN_INVALID');
  if (row.used_at) throw fail('RESET_TOKEN_USED');
  if (row.expires_at.getTime() <= Date.now()) throw fail('RESET_TOKEN_EXPIRED');
  return row;
}

export async function resetPassword(deps: Deps, body: { token: string; password: string }) {
  const { db, audit } = deps;
  const row = await usablePasswordToken(db, body.token, 'reset');
  passwordRuleError('password', body.password);
  const user = await findUserById(db, row.user_id!);
  if (!user || user.status === 'DEACTIVATED') throw fail('RESET_TOKEN_INVALID');
  const cleared = resetLockout();
  await updateUser(db, user.id, {
    password_hash: await hashPassword(body.password),
    failed_attempts: cleared.failedAttempts,
    locked_until: cleared.lockedUntil,
  });
  // A reset means the old password may be known to someone else: end every session.
  await bumpTokenVersion(db, user.id);
  await revokeAllOfUser(db, user.id);
  await markPasswordTokenUsed(db, row.id);
  audit({ action: 'auth.password.reset', entityType: 'user', entityId: user.id, actor: userRef(user) });
  return { ok: true as const };
}

export async function createPassword(deps: Deps, body: { token: string; password: string }) {
  const { db, audit } = deps;
  const row = await usablePasswordToken(db, body.token, 'invite');
  passwordRuleError('password', body.password);
  const user = await findUserById(db, row.user_id!);
  if (user?.status !== 'INVITED') throw fail('RESET_TOKEN_INVALID');
  const after = await updateUser(db, user.id, { password_hash: await hashPassword(body.password), status: 'ACTIVE' });
  await markPasswordTokenUsed(db, row.id);
  audit({
    action: 'auth.password.create',
    entityType: 'user',
    entityId: user.id,
    actor: userRef(user),
    before: { status: user.status },
    after: { status: after.status },
  });
  return { ok: true as const };
}

export async function checkToken(db: Db, token: string) {
  const row = await findPasswordToken(db, sha256(token));
  // Registration links are checked with verifyUser (POST /users/verify), not here.
  const valid = !!row && row.purpose !== 'register' && !row.used_at && row.expires_at.getTime() > Date.now();
  if (!row || !valid) return { valid: false, purpose: null, username: null };
  let username: string | null = null;
  if (row.user_id) username = (await findUserById(db, row.user_id))?.username ?? null;
  return { valid: true, purpose: row.purpose === 'invite' ? ('invite' as const) : ('reset' as const), username };
}

export async function changePassword(
  deps: Deps,
  actor: StaffActor,
  body: { currentPassword: string; newPassword: string },
) {
  const { db, audit } = deps;
  const user = await findUserForUpdate(db, actor.userId);
  if (!user) throw fail('UNAUTHENTICATED');
  if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
    throw fieldError('currentPassword', messageRef('auth.invalidCredentials'));
  }
  passwordRuleError('newPassword', body.newPassword);
  if (body.newPassword === body.currentPassword) {
    throw fieldError('newPassword', messageRef('password.reused'));
  }
  await updateUser(db, user.id, { password_hash: await hashPassword(body.newPassword) });
  audit({ action: 'auth.password.change', entityType: 'user', entityId: user.id });
  return { ok: true as const };
}

export function jwtClaims(actor: StaffActor) {
  return {
    id: actor.userId,
    pId: null,
    studyId: actor.tokenStudyId,
    authorities: actor.authorities,
    exp: actor.tokenExp,
  };
}

/**
 * Invitation: a 7-day single-use link e-mailed through the outbox — #/create-password/{token} when the
 * administrator chose the username, #/register/{token} when the invitee chooses it.
 */
export async function sendInvitation(db: Db, config: Pick<AppConfig, 'publicUrl'>, user: UserRow): Promise<string> {
  if (user.username === null) return sendRegistrationInvitation(db, config, user);
  await voidOpenPasswordTokens(db, { userId: user.id }, 'invite');
  const token = newOpaqueToken();
  await insertPasswordToken(db, {
    tokenHash: sha256(token),
    purpose: 'invite',
    userId: user.id,
    expiresAt: new Date(Date.now() + INVITE_TOKEN_TTL_MS),
  });
  const link = `${config.publicUrl}/#/create-password/${token}`;
  await queueEmail(
    db,
    user.email,
    'You are invited to Trialpath',
    `Hello ${user.first_name},\n\nAn account with the username "${user.username}" was created for you on Trialpath.\nCreate your password within 7 days:\n${link}`,
  );
  return link;
}

async function sendRegistrationInvitation(
  db: Db,
  config: Pick<AppConfig, 'publicUrl'>,
  user: UserRow,
): Promise<string> {
  await voidOpenPasswordTokens(db, { userId: user.id }, 'register');
  const token = newOpaqueToken();
  await insertPasswordToken(db, {
    tokenHash: sha256(token),
    purpose: 'register',
    userId: user.id,
    expiresAt: new Date(Date.now() + INVITE_TOKEN_TTL_MS),
  });
  const link = `${config.publicUrl}/#/register/${token}`;
  await queueEmail(
    db,
    user.email,
    'You are invited to Trialpath',
    `Hello ${user.first_name},\n\nYou are invited to Trialpath. Choose your username and password within 7 days:\n${link}`,
  );
  return link;
}

/** Global sign-out support: every refresh token of the user is revoked. */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await revokeAllOfUser(db, userId);
}
