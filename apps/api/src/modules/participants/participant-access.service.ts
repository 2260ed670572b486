/** The checks of a write on one participant by staff: a writable assignment, then the participant's row check. */
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { participantsVisibleTo, requireStudy, type StudyAccess } from '../access/access.service';
import { findVisibleParticipant } from './participants.repository';

/** A write needs an assignment that is not read-only (or the platform admin's view). */
export async function requireParticipantManager(ctx: ServiceCtx, studyId: string): Promise<StudyAccess> {
  const access = await requireStudy(ctx, studyId);
  if (access.assignment?.readOnly) throw fail('FORBIDDEN');
  return access;
}

/** The participant, if the caller may see them; a missing one looks like a forbidden one to a non-admin. */
export async function visibleParticipant(ctx: ServiceCtx, access: StudyAccess, participantId: string) {
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const p = await findVisibleParticipant(ctx.db, participantId, visible);
  if (!p) throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  return p;
}
