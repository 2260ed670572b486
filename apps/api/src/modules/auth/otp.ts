/**
 * One-time codes: sign-in second factor, e-mail verification after an e-mail change (OTPVerifiedRequest),
 * reset password by code, new mobile number, e-mail change (decisions ).
 * Every kind is a row of mfa_challenges with a purpose; a code is 6 digits, stored as its sha256,
 * valid 10 minutes and for 5 tries. Each verify call accepts only its own purposes.
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { isUuid, messageRef, phoneDigits } from '@trialpath/domain';
import type { ChallengePurpose } from '../../db/schema';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem, keepChanges } from '../../kernel/errors';
import { queueEmail, queueSms } from '../outbox/outbox.service';
import {
  consumeOpenChallenges,
  findMfaChallengeForUpdate,
  insertMfaChallenge,
  updateMfaChallenge,
} from './auth.repository';
import { sha256 } from './tokens';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
const OTP_TTL_MINUTES = OTP_TTL_MS / 60_000;

export type Channel = 'email' | 'sms';
export type ChallengeRow = NonNullable<Awaited<ReturnType<typeof findMfaChallengeForUpdate>>>;

export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const DOT = '•';

/** "p•••@example.org" */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const name = at >= 0 ? email.slice(0, at) : email;
  const domain = at >= 0 ? email.slice(at + 1) : '';
  return `${name.slice(0, 1)}${DOT.repeat(3)}@${domain}`;
}

/**
 * "+1 ••• ••• 4567": the country code when the number carries one ("+1 5551234567" as stored by the
 * mobile check, or "+15551234567"), then only the last four digits.
 */
export function maskPhone(phone: string): string {
  const trimmed = phone.trim();
  const digits = phoneDigits(trimmed);
  let cc = '';
  const spaced = /^(\+\d{1,4})\s/.exec(trimmed);
  if (spaced) cc = spaced[1]!;
  else if (trimmed.startsWith('+') && digits.length > 10) cc = `+${digits.slice(0, digits.length - 10)}`;
  const tail = `${DOT.repeat(3)} ${DOT.repeat(3)} ${digits.slice(-4)}`;
  return cc ? `${cc} ${tail}` : tail;
}

export function maskDestination(destination: string, channel: Channel): string {
  return channel === 'sms' ? maskPhone(destination) : maskEmail(destination);
}

/**
 * A new challenge. With a user, that user's older open challenges of the same purpose end; without
 * one it is a decoy: its code hash is of a random secret no 6-digit code can match.
 */
export async function issueChallenge(
  ctx: DbCtx,
  v: { userId: string | null; purpose: ChallengePurpose; channel: Channel; destination: string },
): Promise<{ challenge: ChallengeRow; code: string | null }> {
  if (v.userId) await consumeOpenChallenges(ctx.db, v.userId, v.purpose);
  const code = v.userId ? newCode() : null;
  const challenge = await insertMfaChallenge(ctx.db, {
    userId: v.userId,
    purpose: v.purpose,
    codeHash: sha256(code ?? `decoy:${randomBytes(32).toString('hex')}`),
    channel: v.channel,
    destination: v.destination,
    expiresAt: new Date(Date.now() + OTP_TTL_MS),
  });
  return { challenge, code };
}

/**
 * The code goes through the outbox: SMS for sms, e-mail otherwise. Codes go to staff accounts, which
 * store no language yet: the language of the request that asked for the code (decision 0025).
 */
export async function deliverCode(
  ctx: DbCtx & Pick<ServiceCtx, 'request'>,
  channel: Channel,
  destination: string,
  code: string,
): Promise<void> {
  const message = {
    to: destination,
    template: 'code' as const,
    params: { code, minutes: OTP_TTL_MINUTES },
    language: ctx.request.language,
  };
  if (channel === 'sms') await queueSms(ctx, message);
  else await queueEmail(ctx, message);
}

/** Give a challenge a fresh code and expiry; the attempt count is kept (resending is no new budget). */
export async function renewChallenge(ctx: DbCtx, c: ChallengeRow): Promise<string> {
  const code = newCode();
  await updateMfaChallenge(ctx.db, c.id, { codeHash: sha256(code), expiresAt: new Date(Date.now() + OTP_TTL_MS) });
  return code;
}

/** The challenge, locked, if it can still be answered and is of one of these purposes. */
export async function openChallenge(
  ctx: DbCtx,
  challengeId: string,
  purposes: readonly ChallengePurpose[],
): Promise<ChallengeRow | null> {
  if (!isUuid(challengeId)) return null;
  const c = await findMfaChallengeForUpdate(ctx.db, challengeId);
  if (!c || !purposes.includes(c.purpose)) return null;
  if (c.consumed_at || c.attempts >= OTP_MAX_ATTEMPTS || c.expires_at.getTime() <= Date.now()) return null;
  return c;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function codeMatches(c: ChallengeRow, code: string): boolean {
  return sameHash(sha256(code.trim()), c.code_hash);
}

/** Count a wrong code. */
export async function countWrongCode(ctx: DbCtx, c: ChallengeRow): Promise<number> {
  const attempts = c.attempts + 1;
  await updateMfaChallenge(ctx.db, c.id, { attempts });
  return attempts;
}

export async function consumeChallenge(ctx: DbCtx, c: ChallengeRow): Promise<void> {
  await updateMfaChallenge(ctx.db, c.id, { consumedAt: new Date() });
}

/** 400: the challenge is unknown, used, expired, out of tries or of another kind. */
export function otpExpired() {
  return fieldProblem('VALIDATION_FAILED', 'code', 'otp.expired');
}

/** 400: wrong code (kept: the attempt is counted even though the request fails). */
export function otpInvalid(attempts: number) {
  const message = messageRef('otp.invalid');
  return keepChanges(
    fail('VALIDATION_FAILED', undefined, {
      message,
      fields: { code: [message] },
      details: { attemptsRemaining: Math.max(0, OTP_MAX_ATTEMPTS - attempts) },
    }),
  );
}

/**
 * Check a code for one of the purposes: the open challenge on success (not yet consumed), else the
 * 400 to throw (wrong code counted).
 */
export async function verifyCode(
  ctx: DbCtx,
  challengeId: string,
  code: string,
  purposes: readonly ChallengePurpose[],
  onWrong?: (c: ChallengeRow, attempts: number) => void,
): Promise<ChallengeRow> {
  const c = await openChallenge(ctx, challengeId, purposes);
  if (!c) throw otpExpired();
  if (!c.user_id || !codeMatches(c, code)) {
    const attempts = await countWrongCode(ctx, c);
    onWrong?.(c, attempts);
    throw otpInvalid(attempts);
  }
  return c;
}
