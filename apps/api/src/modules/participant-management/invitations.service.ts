/**
 * Invitations sent by staff (E-082, E-084) and e-mail unsubscription (E-003, E-083; decision E-participant-records).
 * A batch invites each participant it can and names, for each other one, why not: one participant who cannot be
 * invited does not stop the others (when none can be, the call is refused with each one's reason). A participant who asked for no more e-mail is not invited; staff record such a
 * request (or its withdrawal) with a reason.
 */
import { type MessageKey, messageRef } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, HttpError } from '../../kernel/errors';
import { requireParticipantManager, visibleParticipant } from '../participants/participant-access.service';
import { changeParticipant, lockParticipant } from '../participants/participants.service';
import { inviteParticipant, resendCode } from '../enrolment/enrolment.service';

/** The message of a refusal (a 4xx): its catalogue key. */
function refusalOf(e: unknown) {
  if (!(e instanceof HttpError) || e.status >= 500) throw e;
  return { key: String(e.body.messageKey) };
}

export async function inviteMany(ctx: ServiceCtx, input: { studyId: string; participantIds: readonly string[] }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const invited: { id: string; participantId: string }[] = [];
  const refused: { id: string; participantId: string | null; message: { key: string } }[] = [];
  for (const id of [...new Set(input.participantIds)]) {
    let code: string | null = null;
    try {
      const p = await visibleParticipant(ctx, access, id);
      code = p.participant_code;
      await inviteParticipant(ctx, { participantId: p.id });
      invited.push({ id: p.id, participantId: p.participant_code });
    } catch (e) {
      refused.push({ id, participantId: code, message: refusalOf(e) });
    }
  }
  // nothing sent: a refusal (with each participant's reason), not an answer that something was done
  if (invited.length === 0)
    throw fail('CONFLICT', undefined, {
      message: messageRef(refused[0]!.message.key as MessageKey),
      details: { refused },
    });
  return { invited, refused };
}

export async function setEmailSubscription(
  ctx: ServiceCtx,
  input: { studyId: string; participantIds: readonly string[]; unsubscribeEmail: boolean; reason: string },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  let changed = 0;
  for (const id of [...new Set(input.participantIds)]) {
    const p = await visibleParticipant(ctx, access, id);
    const row = await lockParticipant(ctx, p.id);
    if (!row || (row.email_unsubscribed_at !== null) === input.unsubscribeEmail) continue;
    await changeParticipant(ctx, p.id, { email_unsubscribed_at: input.unsubscribeEmail ? new Date() : null });
    ctx.audit({
      action: 'participant.email.subscription',
      entityType: 'participant',
      entityId: p.id,
      before: { emailUnsubscribed: !input.unsubscribeEmail },
      after: { emailUnsubscribed: input.unsubscribeEmail, by: 'staff' },
      reason: input.reason,
    });
    changed++;
  }
  return { changed };
}

/**
 * A new account-verification code for a participant who registered and has not confirmed their account (E-084): the
 * participant's own resend, asked for by their site team (the same limit of codes an hour), audited.
 */
export async function resendVerification(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  if (p.status !== 'REGISTERED' || p.verified_at !== null)
    throw fail('CONFLICT', undefined, { message: messageRef('participants.notAwaitingVerification') });
  const sent = await resendCode(ctx, { pid: p.id });
  ctx.audit({
    action: 'participant.verification.resend',
    entityType: 'participant',
    entityId: p.id,
    after: { verificationMethod: sent.verificationMethod, destination: sent.destination },
  });
  return sent;
}
