/**
 * One-time codes outside sign-in, e-mail change, staff forgot-username and registration by invitation
 * (spec 000 §7.2, §7.3; decisions ).
 * Public calls never reveal whether an account exists: unknown accounts get the same answer (a decoy
 * challenge for send-code).
 */
import { createHmac } from 'node:crypto';
import {
  checkPassword,
  checkUsername as usernameRuleKeys,
  type MessageKey,
  normalizeStaffUsername,
  phoneDigits,
  translate,
  withLeadingPlus,
  messageRef,
  type MessageRef,
  ruleRefs,
  refText,
  type FieldMessageRefs,
} from '@trialpath/domain';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { StaffActor } from '../../http/context';
import { fail, fieldError, fieldProblem } from '../../http/errors';
import type { AuditInput } from '../audit/audit.service';
import { queueEmail } from '../outbox/outbox.service';
import { requireStudyAccess } from '../studies/studies.service';
import {
  findUserById,
  findUserByUsername,
  findUserByUsernameOrEmail,
  findUserForUpdate,
  listActiveUsersByEmail,
  mostCommonEmailDomain,
  type UserRow,
  updateUser,
} from '../users/users.repository';
import { toStaffUser } from '../users/users.service';
import {
  findPasswordToken,
  insertPasswordToken,
  markPasswordTokenUsed,
  voidOpenPasswordTokens,
} from './auth.repository';
import { usablePasswordToken } from './auth.service';
import { consumeChallenge, deliverCode, issueChallenge, maskDestination, maskEmail, verifyCode } from './otp';
import { hashPassword } from './passwords';
import { newOpaqueToken, sha256 } from './tokens';

interface Deps {
  db: Db;
  config: AppConfig;
  audit: (e: AuditInput) => void;
}

/** A reset token obtained with a one-time code is for immediate use. */
export const OTP_RESET_TOKEN_TTL_MS = 15 * 60_000;

const userRef = (u: UserRow) => ({ type: 'staff', id: u.id });

// ── send / verify one-time code (reset password by code) ──────────────────────────────────────

/**
 * What an unknown account's answer shows: stable for the same input (asking twice gives the same
 * mask), shaped like a real one (the installation's usual e-mail domain; four digits for SMS).
 */
async function decoyDestination(deps: Deps, username: string, channel: 'email' | 'sms'): Promise<string> {
  const digest = createHmac('sha256', deps.config.jwtSecret).update(`decoy:${username.toLowerCase()}`).digest();
  if (channel === 'sms') {
    const four = String(digest.readUInt32BE(0) % 10_000).padStart(4, '0');
    return `+1 555000${four}`;
  }
  const local = username.includes('@') ? username.slice(0, username.lastIndexOf('@')) : username;
  const domain = username.includes('@')
    ? username.slice(username.lastIndexOf('@') + 1)
    : ((await mostCommonEmailDomain(deps.db)) ?? 'example.org');
  return `${local.trim().slice(0, 1).toLowerCase() || 'u'}@${domain}`;
}

export async function sendOtp(
  deps: Deps,
  body: { purpose: 'reset-password'; username: string; channel: 'email' | 'sms' },
) {
  const { db, audit } = deps;
  const found = await findUserByUsernameOrEmail(db, body.username);
  const user = found?.status === 'ACTIVE' ? found : null;
  const real = user ? (body.channel === 'sms' ? user.phone_number : user.email) : null;
  if (user && real) {
    const { challenge, code } = await issueChallenge(db, {
      userId: user.id,
      purpose: body.purpose,
      channel: body.channel,
      destination: real,
    });
    await deliverCode(db, body.channel, real, code!);
    audit({
      action: 'auth.otp.send',
      entityType: 'user',
      entityId: user.id,
      actor: userRef(user),
      after: { purpose: body.purpose, channel: body.channel },
    });
    return { challengeId: challenge.id, channel: body.channel, destination: maskDestination(real, body.channel) };
  }
  // Unknown account, inactive account, or no mobile number: a decoy that can never verify.
  const destination = await decoyDestination(deps, body.username, body.channel);
  const { challenge } = await issueChallenge(db, {
    userId: null,
    purpose: body.purpose,
    channel: body.channel,
    destination,
  });
  audit({
    action: 'auth.otp.send',
    entityType: 'user',
    entityId: null,
    after: { purpose: body.purpose, channel: body.channel, decoy: true },
  });
  return { challengeId: challenge.id, channel: body.channel, destination: maskDestination(destination, body.channel) };
}

export async function verifyOtp(deps: Deps, body: { challengeId: string; code: string }) {
  const { db, audit } = deps;
  const c = await verifyCode(db, body.challengeId, body.code, ['reset-password', 'mobile'], (ch, attempts) =>
    audit({
      action: 'auth.otp.failed',
      entityType: 'user',
      entityId: ch.user_id,
      actor: ch.user_id ? { type: 'staff', id: ch.user_id } : undefined,
      after: { purpose: ch.purpose, attempts },
    }),
  );
  const user = await findUserForUpdate(db, c.user_id!);
  if (user?.status !== 'ACTIVE') throw fail('RESET_TOKEN_INVALID');
  await consumeChallenge(db, c);
  audit({
    action: 'auth.otp.verify',
    entityType: 'user',
    entityId: user.id,
    actor: userRef(user),
    after: { purpose: c.purpose, channel: c.channel },
  });

  if (c.purpose === 'mobile') {
    const after = await updateUser(db, user.id, { phone_number: c.destination });
    audit({
      action: 'user.phone.verify',
      entityType: 'user',
      entityId: user.id,
      actor: userRef(user),
      before: { phoneNumber: user.phone_number },
      after: { phoneNumber: after.phone_number },
    });
    return { verified: true as const, resetToken: null };
  }

  // reset-password: a fresh single-use token for POST /auth/reset-password.
  await voidOpenPasswordTokens(db, { userId: user.id }, 'reset');
  const resetToken = newOpaqueToken();
  await insertPasswordToken(db, {
    tokenHash: sha256(resetToken),
    purpose: 'reset',
    userId: user.id,
    expiresAt: new Date(Date.now() + OTP_RESET_TOKEN_TTL_MS),
  });
  audit({
    action: 'auth.password.reset-requested',
    entityType: 'user',
    entityId: user.id,
    actor: userRef(user),
    after: { via: 'one-time code', channel: c.channel },
  });
  return { verified: true as const, resetToken };
}

// ── mobile one-time code ───────────────────────────────────────────────────────

/** "+1 5551234567": the country code with its plus, a space, the national digits. */
export function mobileDestination(countryCode: string, phone: string): string {
  const cc = withLeadingPlus(countryCode.trim());
  if (!/^\+\d{1,4}$/.test(cc)) throw fieldError('mobileCountryCode', messageRef('phone.countryCodeInvalid'));
  const digits = phoneDigits(phone);
  if (!/^[\d\s().-]+$/.test(phone.trim()) || digits.length < 4 || digits.length > 15) {
    throw fieldError('phone', messageRef('phone.invalid'));
  }
  return `${cc} ${digits}`;
}

export async function sendMobileOtp(
  deps: Deps,
  actor: StaffActor,
  body: { mobileCountryCode: string; phone: string; studyId?: string },
) {
  const { db, audit } = deps;
  const destination = mobileDestination(body.mobileCountryCode, body.phone);
  if (body.studyId) await requireStudyAccess(db, actor, body.studyId);
  const { challenge, code } = await issueChallenge(db, {
    userId: actor.userId,
    purpose: 'mobile',
    channel: 'sms',
    destination,
  });
  await deliverCode(db, 'sms', destination, code!);
  audit({
    action: 'auth.otp.send',
    entityType: 'user',
    entityId: actor.userId,
    after: { purpose: 'mobile', channel: 'sms', studyId: body.studyId ?? null },
  });
  return { challengeId: challenge.id, channel: 'sms' as const, destination: maskDestination(destination, 'sms') };
}

// ── change e-mail ──────────────────────────────────────────────────────────────

export async function changeEmail(deps: Deps, actor: StaffActor, body: { email: string }) {
  const { db, audit } = deps;
  const user = await findUserForUpdate(db, actor.userId);
  if (!user) throw fail('UNAUTHENTICATED');
  const email = body.email.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) {
    throw fieldError('email', messageRef('email.sameAsCurrent'));
  }
  await updateUser(db, user.id, { otp_verified: false, pending_email: email });
  const { challenge, code } = await issueChallenge(db, {
    userId: user.id,
    purpose: 'email-change',
    channel: 'email',
    destination: email,
  });
  await deliverCode(db, 'email', email, code!);
  // The current address hears about it, so a change nobody asked for does not go unnoticed.
  await queueEmail(
    db,
    user.email,
    'Your Trialpath e-mail address is being changed',
    `Hello ${user.first_name},\n\nA change of the e-mail address of your Trialpath account to ${maskEmail(email)} was requested.\nIf this was not you, contact your administrator.`,
  );
  audit({
    action: 'user.email.change-requested',
    entityType: 'user',
    entityId: user.id,
    before: { email: user.email, otpVerified: user.otp_verified, pendingEmail: user.pending_email },
    after: { email: user.email, otpVerified: false, pendingEmail: email },
  });
  return { challengeId: challenge.id, channel: 'email' as const, destination: maskEmail(email) };
}

export async function verifyEmailChange(deps: Deps, actor: StaffActor, body: { challengeId: string; code: string }) {
  const { db, audit } = deps;
  const c = await verifyCode(db, body.challengeId, body.code, ['email-change'], (ch, attempts) =>
    audit({
      action: 'auth.otp.failed',
      entityType: 'user',
      entityId: actor.userId,
      after: { purpose: ch.purpose, attempts },
    }),
  );
  // Another user's challenge looks like an unknown one.
  if (c.user_id !== actor.userId) throw fail('VALIDATION_FAILED', undefined, { message: messageRef('otp.expired') });
  const user = await findUserForUpdate(db, actor.userId);
  if (!user) throw fail('UNAUTHENTICATED');
  await consumeChallenge(db, c);
  const after = await updateUser(db, user.id, { email: c.destination, pending_email: null, otp_verified: true });
  audit({
    action: 'user.email.verify',
    entityType: 'user',
    entityId: user.id,
    before: { email: user.email, otpVerified: user.otp_verified, pendingEmail: user.pending_email },
    after: { email: after.email, otpVerified: true, pendingEmail: null },
  });
  return toStaffUser(after);
}

// ── staff forgot username ─────────────────────────────────────────────────────────────

export async function forgotUsername(deps: Deps, body: { email: string }) {
  const { db, audit } = deps;
  const accounts = await listActiveUsersByEmail(db, body.email);
  if (accounts.length > 0) {
    const list = accounts.map((u) => `  ${u.username}`).join('\n');
    await queueEmail(
      db,
      accounts[0]!.email,
      'Your Trialpath username',
      `Hello ${accounts[0]!.first_name},\n\nThe Trialpath username${accounts.length > 1 ? 's' : ''} for this e-mail address:\n${list}\n\nIf you did not ask for this, ignore this e-mail.`,
    );
    for (const u of accounts) {
      audit({ action: 'auth.username.reminder', entityType: 'user', entityId: u.id, actor: userRef(u) });
    }
  }
  return { ok: true as const, message: translate('username.reminderSent') };
}

// ── registration by invitation ──────────────────────────────────────────────────

/** The invitee of a usable registration token, or null. Read-only (verify user). */
export async function verifyUser(db: Db, token: string) {
  const row = await findPasswordToken(db, sha256(token));
  const usable = !!row && row.purpose === 'register' && !row.used_at && row.expires_at.getTime() > Date.now();
  const user = usable && row.user_id ? await findUserById(db, row.user_id) : undefined;
  if (user?.status !== 'INVITED' || user.username !== null) {
    return { valid: false, email: null, firstName: null, lastName: null };
  }
  return {
    valid: true,
    email: user.email,
    firstName: user.first_name || null,
    lastName: user.last_name || null,
  };
}

async function invitedUserOf(db: Db, token: string): Promise<{ tokenId: string; user: UserRow }> {
  const row = await usablePasswordToken(db, token, 'register');
  const user = await findUserForUpdate(db, row.user_id!);
  if (user?.status !== 'INVITED' || user.username !== null) throw fail('RESET_TOKEN_INVALID');
  return { tokenId: row.id, user };
}

/** Rule messages for a username (domain rule, no spaces); empty when it follows the rule. */
function usernameProblems(username: string): MessageRef[] {
  const keys: MessageKey[] = usernameRuleKeys(username);
  if (/\s/.test(username)) keys.push('username.noSpaces');
  return ruleRefs(keys);
}

export async function checkUsernameAvailability(deps: Deps, body: { token: string; username: string }) {
  const { db } = deps;
  await invitedUserOf(db, body.token);
  const username = normalizeStaffUsername(body.username);
  const problems = usernameProblems(username);
  if (problems.length) return { available: false, message: problems.map((p) => refText(p)).join(' ') };
  if (await findUserByUsername(db, username)) return { available: false, message: translate('username.taken') };
  return { available: true, message: null };
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

export async function registerUser(
  deps: Deps,
  body: { token: string; username: string; firstName: string; lastName: string; password: string },
) {
  const { db, audit } = deps;
  const { tokenId, user } = await invitedUserOf(db, body.token);
  const username = normalizeStaffUsername(body.username);
  const fields: FieldMessageRefs = {};
  const problems = usernameProblems(username);
  if (problems.length) fields.username = problems;
  const passwordProblems = checkPassword(body.password);
  if (passwordProblems.length) fields.password = ruleRefs(passwordProblems);
  if (Object.keys(fields).length) throw fail('VALIDATION_FAILED', undefined, { fields });

  const taken = () => fieldProblem('CONFLICT', 'username', 'username.taken');
  if (await findUserByUsername(db, username)) throw taken();
  let after: UserRow;
  try {
    after = await updateUser(db, user.id, {
      username,
      first_name: body.firstName.trim(),
      last_name: body.lastName.trim(),
      password_hash: await hashPassword(body.password),
      status: 'ACTIVE',
      profile_completed: false,
    });
  } catch (e) {
    // Two registrations racing for one username: the unique index decides.
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
  await markPasswordTokenUsed(db, tokenId);
  audit({
    action: 'user.register',
    entityType: 'user',
    entityId: user.id,
    actor: userRef(user),
    before: { status: user.status, username: null, firstName: user.first_name, lastName: user.last_name },
    after: { status: after.status, username: after.username, firstName: after.first_name, lastName: after.last_name },
  });
  return { ok: true as const };
}
