/**
 * The migration list (E-023, E-072; decision E-participant-records): participants moved onto a published version
 * all or none, each move the schedule engine's (assignVersion: audited with the request's reason, a job then makes or
 * moves the participant's tasks), and the status of those moves.
 */
import type { ServiceCtx } from '../../kernel/context';
import { requireParticipantManager, visibleParticipant } from '../participants/participant-access.service';
import { assignVersion, getSchedule } from '../schedules/schedules.service';

export async function moveToVersion(
  ctx: ServiceCtx,
  input: { studyId: string; participantIds: readonly string[]; versionId: string },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const moved: { id: string; participantId: string }[] = [];
  // in the request's transaction: a participant that cannot be moved refuses the whole list
  for (const id of [...new Set(input.participantIds)]) {
    const p = await visibleParticipant(ctx, access, id);
    await assignVersion(ctx, { studyId: input.studyId, participantId: p.id, versionId: input.versionId });
    moved.push({ id: p.id, participantId: p.participant_code });
  }
  return { moved };
}

export async function migrationStatus(ctx: ServiceCtx, input: { studyId: string; participantIds: readonly string[] }) {
  const items = [];
  for (const id of [...new Set(input.participantIds)]) {
    const s = await getSchedule(ctx, { studyId: input.studyId, participantId: id });
    items.push({
      id,
      participantId: s.participantId,
      versionId: s.versionId,
      versionNumber: s.versionNumber,
      job: s.job ? { status: s.job.status, processed: s.job.processed, total: s.job.total } : null,
    });
  }
  return { items };
}
