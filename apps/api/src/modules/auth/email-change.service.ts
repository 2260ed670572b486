/** Changing the signed-in user's e-mail address with a code sent to the new one. */
import { messageRef } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldError } from '../../kernel/errors';
import { queueEmail } from '../outbox/outbox.service';
import { changeUser, lockUser, toStaffUser } from '../users/users.service';
import { consumeChallenge, deliverCode, issueChallenge, maskEmail, verifyCode } from './otp';
import { requireCurrentPassword } from './reauthenticate';

export async function changeEmail(ctx: ServiceCtx, body: { email: string; currentPassword: string }) {
  const user = await lockUser(ctx, ctx.staff().userId);
  if (!user) throw fail('UNAUTHENTICATED');
  await requireCurrentPassword(ctx, user, body.currentPassword, 'email');
  const email = body.email.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) throw fieldError('email', messageRef('email.sameAsCurrent'));
  await changeUser(ctx, user.id, { otp_verified: false, pending_email: email });
  const { challenge, code } = await issueChallenge(ctx, {
    userId: user.id,
    purpose: 'email-change',
    channel: 'email',
    destination: email,
  });
  await deliverCode(ctx, 'email', email, code!);
  // The current address hears about it, so a change nobody asked for does not go unnoticed.
  await queueEmail(ctx, {
    to: user.email,
    template: 'emailChangeNotice',
    params: { firstName: user.first_name, newEmail: maskEmail(email) },
    language: ctx.request.language,
  });
  ctx.audit({
    action: 'user.email.change-requested',
    entityType: 'user',
    entityId: user.id,
    before: { email: user.email, otpVerified: user.otp_verified, pendingEmail: user.pending_email },
    after: { email: user.email, otpVerified: false, pendingEmail: email },
  });
  return { challengeId: challenge.id, channel: 'email' as const, destination: maskEmail(email) };
}

export async function verifyEmailChange(ctx: ServiceCtx, body: { challengeId: string; code: string }) {
  const actor = ctx.staff();
  const c = await verifyCode(ctx, body.challengeId, body.code, ['email-change'], (ch, attempts) =>
    ctx.audit({
      action: 'auth.otp.failed',
      entityType: 'user',
      entityId: actor.userId,
      after: { purpose: ch.purpose, attempts },
    }),
  );
  // Another user's challenge looks like an unknown one.
  if (c.user_id !== actor.userId) throw fail('VALIDATION_FAILED', undefined, { message: messageRef('otp.expired') });
  const user = await lockUser(ctx, actor.userId);
  if (!user) throw fail('UNAUTHENTICATED');
  await consumeChallenge(ctx, c);
  const after = await changeUser(ctx, user.id, { email: c.destination, pending_email: null, otp_verified: true });
  // The replaced address is told the change happened (decision 0028).
  if (user.email.toLowerCase() !== after.email.toLowerCase()) {
    await queueEmail(ctx, {
      to: user.email,
      template: 'emailChanged',
      params: { firstName: user.first_name, newEmail: maskEmail(after.email) },
      language: ctx.request.language,
    });
  }
  ctx.audit({
    action: 'user.email.verify',
    entityType: 'user',
    entityId: user.id,
    before: { email: user.email, otpVerified: user.otp_verified, pendingEmail: user.pending_email },
    after: { email: after.email, otpVerified: true, pendingEmail: null },
  });
  return toStaffUser(after);
}
