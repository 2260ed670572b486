/**
 * The signer of an electronic signature (21 CFR 11.50, 11.200; decision 0046): the signed-in user proves it is
 * them with their password at the moment of signing; a wrong one counts toward the sign-in lockout.
 */
import { evaluateFailedAttempt, isLocked } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem, keepChanges } from '../../kernel/errors';
import { changeParticipant, lockParticipant } from '../participants/participants.service';
import { lockUser } from '../users/users.service';
import { verifyPassword } from './passwords';
import { requireCurrentPassword } from './reauthenticate';

/** The signer's id and printed name, once their password is checked (refusals as reauthenticate.ts words them). */
export async function verifySigner(ctx: ServiceCtx, currentPassword: string) {
  const user = await lockUser(ctx, ctx.staff().userId);
  if (!user) throw fail('UNAUTHENTICATED');
  await requireCurrentPassword(ctx, user, currentPassword, 'signature');
  const name = `${user.first_name} ${user.last_name}`.trim();
  return { userId: user.id, name: name || user.username || user.email };
}

/**
 * The participant signing consent proves it is them with their password (11.200(a)(1)): a wrong one is that
 * field's problem and counts toward the lockout, as at sign-in. Answers the participant row, locked for update.
 */
export async function verifyParticipantSigner(ctx: ServiceCtx, password: string) {
  const p = await lockParticipant(ctx, ctx.participant().participantId);
  if (!p) throw fail('UNAUTHENTICATED');
  const state = { failedAttempts: p.failed_attempts, lockedUntil: p.locked_until };
  const now = new Date();
  if (isLocked(state, now)) throw fail('ATTEMPT_LIMIT_EXCEEDED');
  if (await verifyPassword(p.password_hash, password)) {
    if (p.failed_attempts > 0) await changeParticipant(ctx, p.id, { failed_attempts: 0, locked_until: null });
    return p;
  }
  const next = evaluateFailedAttempt(state, now);
  await changeParticipant(ctx, p.id, { failed_attempts: next.failedAttempts, locked_until: next.lockedUntil });
  ctx.audit({ action: 'participant.signature.failed', entityType: 'participant', entityId: p.id });
  throw keepChanges(
    isLocked(next, now)
      ? fail('ATTEMPT_LIMIT_EXCEEDED')
      : fieldProblem('VALIDATION_FAILED', 'password', 'password.currentWrong'),
  );
}
