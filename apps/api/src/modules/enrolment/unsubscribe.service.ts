/**
 * The unsubscribe link of a participant's e-mails (E-003; decision E-participant-records): public, valid for that
 * participant only (an HMAC of their id), idempotent, audited.
 */
import { messageRef } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { changeParticipant, lockParticipant } from '../participants/participants.service';
import { studyById } from '../studies/studies.service';
import { isUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

/** The link every e-mail to a participant carries (E-003): it stops the study's e-mail to them, nothing else. */
export function participantUnsubscribeLink(ctx: Pick<ServiceCtx, 'config'>, participantId: string) {
  const token = unsubscribeToken(ctx.config.jwtSecret, participantId);
  return `${ctx.config.publicUrl}/participant/#/participants/${participantId}/unsubscribeemail?token=${token}`;
}

/** The unsubscribe link of a participant's e-mail (E-003): valid for that participant only; idempotent. */
export async function unsubscribeByLink(ctx: ServiceCtx, input: { participantId: string; token: string }) {
  if (!isUnsubscribeToken(ctx.config.jwtSecret, input.participantId, input.token))
    throw fail('VALIDATION_FAILED', undefined, { message: messageRef('enrolment.linkInvalid') });
  const row = await lockParticipant(ctx, input.participantId);
  if (!row) throw fail('VALIDATION_FAILED', undefined, { message: messageRef('enrolment.linkInvalid') });
  if (row.email_unsubscribed_at === null) {
    await changeParticipant(ctx, row.id, { email_unsubscribed_at: new Date() });
    ctx.audit({
      action: 'participant.email.subscription',
      entityType: 'participant',
      entityId: row.id,
      before: { emailUnsubscribed: false },
      after: { emailUnsubscribed: true, by: 'participant' },
    });
  }
  const study = await studyById(ctx, row.study_id);
  return { studyName: study?.name ?? '' };
}
