/**
 * Staff passwords: forgot (an e-mailed reset link), reset, create from an invitation, change; and the
 * single-use link tokens behind them (000 §7.3; ).
 */
import { createHmac } from 'node:crypto';
import { checkPassword, messageRef, resetLockout, ruleRefs, serverNotice } from '@trialpath/domain';
import type { PasswordTokenPurpose } from '../../db/schema';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldError, keepChanges } from '../../kernel/errors';
import { queueEmail } from '../outbox/outbox.service';
import { changeUser, endAllTokensOf, lockUser, userById, userByUsernameOrEmail } from '../users/users.service';
import {
  earlierPasswordHashes,
  findPasswordToken,
  insertPasswordToken,
  markPasswordTokenUsed,
  type PasswordOwner,
  rememberPasswordHash,
  takeResetRequest,
  voidOpenPasswordTokens,
} from './auth.repository';
import { hashPassword, verifyPassword } from './passwords';
import { requireCurrentPassword } from './reauthenticate';
import { endSessions } from './session-tokens';
import { staffRef } from './sign-in.service';
import { newOpaqueToken, sha256 } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** 400 with the failed password rules on the field. */
export function requirePasswordRules(field: string, password: string): void {
  const failed = checkPassword(password);
  if (failed.length) throw fieldError(field, ...ruleRefs(failed));
}

/** The last 5 passwords (the current one and the four before it) cannot be chosen again (decision 0024). */
export const PASSWORD_HISTORY_SIZE = 5;

/** 400 on the field when the candidate is one of the account's last 5 passwords. */
export async function refuseRecentPassword(
  ctx: DbCtx,
  owner: PasswordOwner,
  currentHash: string | null,
  candidate: string,
  field: string,
): Promise<void> {
  const earlier = await earlierPasswordHashes(ctx.db, owner, PASSWORD_HISTORY_SIZE - 1);
  for (const h of [currentHash, ...earlier]) {
    if (h && (await verifyPassword(h, candidate))) {
      throw fieldError(field, messageRef('password.recentlyUsed', { count: PASSWORD_HISTORY_SIZE }));
    }
  }
}

/** The password being replaced joins the history (the newest four earlier ones are kept). */
export async function rememberOutgoingPassword(
  ctx: DbCtx,
  owner: PasswordOwner,
  outgoingHash: string | null,
): Promise<void> {
  if (outgoingHash) await rememberPasswordHash(ctx.db, owner, outgoingHash, PASSWORD_HISTORY_SIZE - 1);
}

/** Reset links and codes an account (or an identifier no account matched) may ask for per hour (decision 0022). */
export const RESET_REQUEST_CAP = 5;
export const RESET_REQUEST_WINDOW_MS = 60 * 60_000;

/**
 * The cap's key: the account when one matched, else a keyed hash of what was typed — so asking six
 * times answers 429 whether or not the account exists, and the cap reveals nothing.
 */
export function resetRequestKey(
  ctx: Pick<ServiceCtx, 'config'>,
  found: { userId: string } | { participantId: string } | { typed: string[] },
): string {
  if ('userId' in found) return `user:${found.userId}`;
  if ('participantId' in found) return `participant:${found.participantId}`;
  const typed = found.typed.map((v) => v.trim().toLowerCase()).join('\u0000');
  return `typed:${createHmac('sha256', ctx.config.jwtSecret).update(typed).digest('base64url')}`;
}

/** Counts this request; over the cap the request is refused with 429 (the refusal is audited and kept). */
export async function countResetRequest(ctx: ServiceCtx, key: string, refused: () => void): Promise<void> {
  if (await takeResetRequest(ctx.db, key, RESET_REQUEST_CAP, RESET_REQUEST_WINDOW_MS)) return;
  refused();
  throw keepChanges(fail('RESET_REQUEST_LIMIT'));
}

/** A fresh single-use link token of a purpose for a user; the user's older open ones of that purpose end. */
export async function newPasswordToken(
  ctx: DbCtx,
  owner: { userId: string } | { participantId: string },
  purpose: PasswordTokenPurpose,
  ttlMs: number,
): Promise<string> {
  await voidOpenPasswordTokens(ctx.db, owner, purpose);
  const token = newOpaqueToken();
  await insertPasswordToken(ctx.db, {
    tokenHash: sha256(token),
    purpose,
    ...owner,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** Checks a reset/invitation token; the row stays locked until the transaction ends (single use). */
export async function usablePasswordToken(ctx: DbCtx, token: string, purpose: PasswordTokenPurpose) {
  const row = await findPasswordToken(ctx.db, sha256(token), true);
  if (!row || row.purpose !== purpose) throw fail('RESET_TOKEN_INVALID');
  if (row.used_at) throw fail('RESET_TOKEN_USED');
  if (row.expires_at.getTime() <= Date.now()) throw fail('RESET_TOKEN_EXPIRED');
  return row;
}

/** A token's row, unlocked, for a read-only look (verify user). */
export const passwordTokenRow = (ctx: DbCtx, token: string) => findPasswordToken(ctx.db, sha256(token));

export const markTokenUsed = (ctx: DbCtx, id: string) => markPasswordTokenUsed(ctx.db, id);

export async function forgotPassword(ctx: ServiceCtx, body: { username: string }) {
  const user = await userByUsernameOrEmail(ctx, body.username);
  const active = user?.status === 'ACTIVE' ? user : null;
  await countResetRequest(ctx, resetRequestKey(ctx, active ? { userId: active.id } : { typed: [body.username] }), () =>
    ctx.audit({
      action: 'auth.password.reset-limited',
      entityType: 'user',
      entityId: active?.id ?? null,
      ...(active ? { actor: staffRef(active) } : {}),
      after: { via: 'link', ...(active ? {} : { matched: false }) },
    }),
  );
  // Same answer whether or not the account exists (no account discovery); the attempt is audited either way.
  if (user && user.status === 'ACTIVE') {
    const token = await newPasswordToken(ctx, { userId: user.id }, 'reset', RESET_TOKEN_TTL_MS);
    const link = `${ctx.config.publicUrl}/#/reset-password/${token}`;
    await queueEmail(ctx, {
      to: user.email,
      template: 'staffReset',
      params: { firstName: user.first_name, link },
      language: ctx.request.language,
    });
    ctx.audit({
      action: 'auth.password.reset-requested',
      entityType: 'user',
      entityId: user.id,
      actor: staffRef(user),
    });
  } else {
    ctx.audit({ action: 'auth.password.reset-requested', entityType: 'user', after: { matched: false } });
  }
  return { ok: true as const, message: serverNotice('staffResetLinkSent', ctx.request.language) };
}

export async function resetPassword(ctx: ServiceCtx, body: { token: string; password: string }) {
  const row = await usablePasswordToken(ctx, body.token, 'reset');
  requirePasswordRules('password', body.password);
  const user = await userById(ctx, row.user_id!);
  if (!user || user.status === 'DEACTIVATED') throw fail('RESET_TOKEN_INVALID');
  await refuseRecentPassword(ctx, { userId: user.id }, user.password_hash, body.password, 'password');
  await rememberOutgoingPassword(ctx, { userId: user.id }, user.password_hash);
  const cleared = resetLockout();
  await changeUser(ctx, user.id, {
    password_hash: await hashPassword(body.password),
    failed_attempts: cleared.failedAttempts,
    locked_until: cleared.lockedUntil,
  });
  // A reset means the old password may be known to someone else: end every session.
  await endAllTokensOf(ctx, user.id);
  const ended = await endSessions(ctx, { userId: user.id }, 'password-reset');
  await markPasswordTokenUsed(ctx.db, row.id);
  ctx.audit({
    action: 'auth.password.reset',
    entityType: 'user',
    entityId: user.id,
    actor: staffRef(user),
    after: { endedSessions: ended },
  });
  return { ok: true as const };
}

export async function createPassword(ctx: ServiceCtx, body: { token: string; password: string }) {
  const row = await usablePasswordToken(ctx, body.token, 'invite');
  requirePasswordRules('password', body.password);
  const user = await userById(ctx, row.user_id!);
  if (user?.status !== 'INVITED') throw fail('RESET_TOKEN_INVALID');
  const after = await changeUser(ctx, user.id, { password_hash: await hashPassword(body.password), status: 'ACTIVE' });
  await markPasswordTokenUsed(ctx.db, row.id);
  ctx.audit({
    action: 'auth.password.create',
    entityType: 'user',
    entityId: user.id,
    actor: staffRef(user),
    before: { status: user.status },
    after: { status: after.status },
  });
  return { ok: true as const };
}

export async function checkToken(ctx: ServiceCtx, input: { token: string }) {
  const row = await findPasswordToken(ctx.db, sha256(input.token));
  // Registration links are checked with verifyUser (POST /users/verify), not here.
  const valid = !!row && row.purpose !== 'register' && !row.used_at && row.expires_at.getTime() > Date.now();
  if (!row || !valid) return { valid: false, purpose: null, username: null };
  let username: string | null = null;
  if (row.user_id) username = (await userById(ctx, row.user_id))?.username ?? null;
  return { valid: true, purpose: row.purpose === 'invite' ? ('invite' as const) : ('reset' as const), username };
}

export async function changePassword(ctx: ServiceCtx, body: { currentPassword: string; newPassword: string }) {
  const user = await lockUser(ctx, ctx.staff().userId);
  if (!user) throw fail('UNAUTHENTICATED');
  // A wrong current password counts toward the sign-in lockout (decision 0022): a stolen access token
  // cannot be used to guess the password behind it.
  await requireCurrentPassword(ctx, user, body.currentPassword, 'password');
  requirePasswordRules('newPassword', body.newPassword);
  if (body.newPassword === body.currentPassword) throw fieldError('newPassword', messageRef('password.reused'));
  await refuseRecentPassword(ctx, { userId: user.id }, user.password_hash, body.newPassword, 'newPassword');
  await rememberOutgoingPassword(ctx, { userId: user.id }, user.password_hash);
  const cleared = resetLockout();
  await changeUser(ctx, user.id, {
    password_hash: await hashPassword(body.newPassword),
    failed_attempts: cleared.failedAttempts,
    locked_until: cleared.lockedUntil,
  });
  // Whoever else holds a session of this account (the reason to change a password) is signed out;
  // the session that changed it stays (decision 0021).
  const actor = ctx.staff();
  const ended = await endSessions(ctx, { userId: user.id, exceptSessionId: actor.sessionId }, 'password-change');
  ctx.audit({ action: 'auth.password.change', entityType: 'user', entityId: user.id, after: { endedSessions: ended } });
  return { ok: true as const };
}

export { hashPassword } from './passwords';
