/**
 * Emergency unblinding (decision E-blinding, addendum; issue 12 "an unblinding action by a permitted role is reasoned
 * and logged"). An investigator (responses.sign) who must know a participant's allocation — a serious adverse event —
 * unblinds that participant for themselves, with a reason. It is recorded, audited, and from then on the services
 * that read the participant's answers treat that person as unblinded for that participant only.
 */
import type { ServiceCtx } from '../../kernel/context';
import { type StudyAccess, requireStudy } from '../access/access.service';
import { requireParticipantManager, visibleParticipant } from './participant-access.service';
import { hasUnblinded, insertUnblinding, unblindingsOf } from './unblinding.repository';

const nameOf = (r: { first_name: string | null; last_name: string | null; username: string | null }) =>
  `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() || r.username || '';

async function unblindingView(ctx: ServiceCtx, participantId: string) {
  const rows = await unblindingsOf(ctx.db, participantId);
  return {
    items: rows.map((r) => ({ id: r.id, by: nameOf(r), reason: r.reason, at: r.created_at.toISOString() })),
  };
}

/**
 * The caller's access for reading one participant's answers: blinded as their role and site team say, unless they
 * unblinded this participant.
 */
export async function accessForParticipant(
  ctx: ServiceCtx,
  access: StudyAccess,
  participantId: string,
): Promise<StudyAccess> {
  if (!access.blinded || ctx.actor?.type !== 'staff') return access;
  return (await hasUnblinded(ctx.db, participantId, ctx.staff().userId)) ? { ...access, blinded: false } : access;
}

export async function unblindParticipant(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const reason = ctx.reason ?? '';
  if (!access.blinded || (await hasUnblinded(ctx.db, p.id, ctx.staff().userId))) {
    // already unblinded: nothing to record
    ctx.unchanged();
    return unblindingView(ctx, p.id);
  }
  const made = await insertUnblinding(ctx.db, {
    participant_id: p.id,
    study_id: input.studyId,
    environment: ctx.env,
    user_id: ctx.staff().userId,
    reason,
  });
  ctx.audit({
    action: 'participant.unblind',
    entityType: 'participant',
    entityId: p.id,
    after: { unblindingId: made.id },
    reason,
  });
  return unblindingView(ctx, p.id);
}

export async function participantUnblindings(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  return unblindingView(ctx, p.id);
}
