/**
 * One-time codes outside sign-in (spec 000 §7.2, §7.3; decisions ): reset password
 * by a code, and confirming a new mobile number. Public calls never reveal whether an account exists:
 * unknown accounts get the same answer (a decoy challenge that can never verify).
 */
import { createHmac } from 'node:crypto';
import { messageRef, phoneDigits, withLeadingPlus } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldError, fieldProblem, keepChanges } from '../../kernel/errors';
import { requireStudy } from '../access/access.service';
import { changeUser, lockUser, userByUsernameOrEmail, usualEmailDomain } from '../users/users.service';
import { queueEmail } from '../outbox/outbox.service';
import { consumeChallenge, deliverCode, issueChallenge, maskDestination, verifyCode } from './otp';
import { requireCurrentPassword } from './reauthenticate';
import { countResetRequest, newPasswordToken, resetRequestKey } from './passwords.service';
import { staffRef } from './sign-in.service';

/** A reset token obtained with a one-time code is for immediate use. */
export const OTP_RESET_TOKEN_TTL_MS = 15 * 60_000;

/**
 * What an unknown account's answer shows: stable for the same input (asking twice gives the same
 * mask), shaped like a real one (the installation's usual e-mail domain; four digits for SMS).
 */
async function decoyDestination(ctx: ServiceCtx, username: string, channel: 'email' | 'sms'): Promise<string> {
  const digest = createHmac('sha256', ctx.config.jwtSecret).update(`decoy:${username.toLowerCase()}`).digest();
  if (channel === 'sms') {
    const four = String(digest.readUInt32BE(0) % 10_000).padStart(4, '0');
    return `+1 555000${four}`;
  }
  const local = username.includes('@') ? username.slice(0, username.lastIndexOf('@')) : username;
  const domain = username.includes('@')
    ? username.slice(username.lastIndexOf('@') + 1)
    : ((await usualEmailDomain(ctx)) ?? 'example.org');
  return `${local.trim().slice(0, 1).toLowerCase() || 'u'}@${domain}`;
}

export async function sendOtp(
  ctx: ServiceCtx,
  body: { purpose: 'reset-password'; username: string; channel: 'email' | 'sms' },
) {
  const found = await userByUsernameOrEmail(ctx, body.username);
  const user = found?.status === 'ACTIVE' ? found : null;
  // Links and codes share one cap per account (decision 0022); unknown names are capped alike.
  await countResetRequest(ctx, resetRequestKey(ctx, user ? { userId: user.id } : { typed: [body.username] }), () =>
    ctx.audit({
      action: 'auth.password.reset-limited',
      entityType: 'user',
      entityId: user?.id ?? null,
      ...(user ? { actor: staffRef(user) } : {}),
      after: { via: 'code', channel: body.channel, ...(user ? {} : { matched: false }) },
    }),
  );
  const real = user ? (body.channel === 'sms' ? user.phone_number : user.email) : null;
  if (user && !real) {
    // An account without a mobile number is told so, and pointed to e-mail, instead of getting a
    // decoy mask it would read as its own number (decision 0025). The attempt is on the trail.
    ctx.audit({
      action: 'auth.otp.send',
      entityType: 'user',
      entityId: user.id,
      actor: staffRef(user),
      after: { purpose: body.purpose, channel: body.channel, noPhoneOnFile: true },
    });
    throw keepChanges(fieldProblem('NO_PHONE_ON_FILE', 'channel', 'auth.noPhoneOnFile'));
  }
  if (user && real) {
    const { challenge, code } = await issueChallenge(ctx, {
      userId: user.id,
      purpose: body.purpose,
      channel: body.channel,
      destination: real,
    });
    await deliverCode(ctx, body.channel, real, code!);
    ctx.audit({
      action: 'auth.otp.send',
      entityType: 'user',
      entityId: user.id,
      actor: staffRef(user),
      after: { purpose: body.purpose, channel: body.channel },
    });
    return { challengeId: challenge.id, channel: body.channel, destination: maskDestination(real, body.channel) };
  }
  // Unknown or inactive account: a decoy that can never verify.
  const destination = await decoyDestination(ctx, body.username, body.channel);
  const { challenge } = await issueChallenge(ctx, {
    userId: null,
    purpose: body.purpose,
    channel: body.channel,
    destination,
  });
  ctx.audit({
    action: 'auth.otp.send',
    entityType: 'user',
    entityId: null,
    after: { purpose: body.purpose, channel: body.channel, decoy: true },
  });
  return { challengeId: challenge.id, channel: body.channel, destination: maskDestination(destination, body.channel) };
}

export async function verifyOtp(ctx: ServiceCtx, body: { challengeId: string; code: string }) {
  const c = await verifyCode(ctx, body.challengeId, body.code, ['reset-password', 'mobile'], (ch, attempts) =>
    ctx.audit({
      action: 'auth.otp.failed',
      entityType: 'user',
      entityId: ch.user_id,
      ...(ch.user_id ? { actor: staffRef({ id: ch.user_id }) } : {}),
      after: { purpose: ch.purpose, attempts },
    }),
  );
  const user = await lockUser(ctx, c.user_id!);
  if (user?.status !== 'ACTIVE') throw fail('RESET_TOKEN_INVALID');
  await consumeChallenge(ctx, c);
  ctx.audit({
    action: 'auth.otp.verify',
    entityType: 'user',
    entityId: user.id,
    actor: staffRef(user),
    after: { purpose: c.purpose, channel: c.channel },
  });

  if (c.purpose === 'mobile') {
    const after = await changeUser(ctx, user.id, { phone_number: c.destination });
    ctx.audit({
      action: 'user.phone.verify',
      entityType: 'user',
      entityId: user.id,
      actor: staffRef(user),
      before: { phoneNumber: user.phone_number },
      after: { phoneNumber: after.phone_number },
    });
    // The account's e-mail address is told the number changed (decision 0028).
    if (user.phone_number !== after.phone_number) {
      await queueEmail(ctx, {
        to: user.email,
        template: 'mobileChanged',
        params: { firstName: user.first_name, newPhone: maskDestination(c.destination, 'sms') },
        language: ctx.request.language,
      });
    }
    return { verified: true as const, resetToken: null };
  }

  // reset-password: a fresh single-use token for POST /auth/reset-password.
  const resetToken = await newPasswordToken(ctx, { userId: user.id }, 'reset', OTP_RESET_TOKEN_TTL_MS);
  ctx.audit({
    action: 'auth.password.reset-requested',
    entityType: 'user',
    entityId: user.id,
    actor: staffRef(user),
    after: { via: 'one-time code', channel: c.channel },
  });
  return { verified: true as const, resetToken };
}

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
  ctx: ServiceCtx,
  body: { currentPassword: string; mobileCountryCode: string; phone: string; studyId?: string },
) {
  const actor = ctx.staff();
  const destination = mobileDestination(body.mobileCountryCode, body.phone);
  if (body.studyId) await requireStudy(ctx, body.studyId);
  const user = await lockUser(ctx, actor.userId);
  if (!user) throw fail('UNAUTHENTICATED');
  await requireCurrentPassword(ctx, user, body.currentPassword, 'mobile');
  const { challenge, code } = await issueChallenge(ctx, {
    userId: actor.userId,
    purpose: 'mobile',
    channel: 'sms',
    destination,
  });
  await deliverCode(ctx, 'sms', destination, code!);
  ctx.audit({
    action: 'auth.otp.send',
    entityType: 'user',
    entityId: actor.userId,
    after: { purpose: 'mobile', channel: 'sms', studyId: body.studyId ?? null },
  });
  return { challengeId: challenge.id, channel: 'sms' as const, destination: maskDestination(destination, 'sms') };
}
