/**
 * Participant labels (E-087, E-088; decision E-participant-list): a study's labels, which staff with
 * participants.manage create, rename, recolour and delete, and attach to the participants they may see. Each
 * write is audited; deleting a label audits each participant it is taken from.
 */
import { type LabelColor, messageRef } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { participantsVisibleTo, requireStudy } from '../access/access.service';
import { requireParticipantManager, visibleParticipant } from './participant-access.service';

export type { LabelRow } from './participant-labels.repository';
/** The labels of the participant aliased `p`, as JSON, for a query of participants. */
export {
  labelsFromJson,
  labelsJsonOfP as participantLabelsJson,
} from './participant-labels.repository';
import {
  deleteLabel,
  findLabel,
  insertLabel,
  labelCounts,
  labelLinkCount,
  labelNameTaken,
  labelsOfParticipants,
  replaceParticipantLabels,
  studyLabels,
  updateLabel,
} from './participant-labels.repository';

interface LabelInput {
  name: string;
  color: LabelColor;
}

export async function labelList(ctx: ServiceCtx, input: { studyId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const [labels, counts] = await Promise.all([
    studyLabels(ctx.db, input.studyId),
    labelCounts(ctx.db, input.studyId, participantsVisibleTo(ctx, access, { participant: 'p', site: 's' })),
  ]);
  return { items: labels.map((l) => ({ ...l, participants: counts.get(l.id) ?? 0 })) };
}

export async function createLabel(ctx: ServiceCtx, input: { studyId: string; body: LabelInput }) {
  await requireParticipantManager(ctx, input.studyId);
  if (await labelNameTaken(ctx.db, input.studyId, input.body.name))
    throw fieldProblem('CONFLICT', 'name', 'participants.labelTaken', { name: input.body.name });
  const label = await insertLabel(ctx.db, { studyId: input.studyId, ...input.body, by: ctx.staff().userId });
  ctx.audit({
    action: 'participant.label.create',
    entityType: 'participant_label',
    entityId: label.id,
    after: { studyId: input.studyId, name: label.name, color: label.color },
  });
  return label;
}

async function labelOf(ctx: ServiceCtx, studyId: string, labelId: string) {
  const label = await findLabel(ctx.db, studyId, labelId, true);
  if (!label) throw fail('NOT_FOUND', undefined, { message: messageRef('participants.unknownLabel') });
  return label;
}

export async function editLabel(ctx: ServiceCtx, input: { studyId: string; labelId: string; body: LabelInput }) {
  await requireParticipantManager(ctx, input.studyId);
  const before = await labelOf(ctx, input.studyId, input.labelId);
  if (await labelNameTaken(ctx.db, input.studyId, input.body.name, before.id))
    throw fieldProblem('CONFLICT', 'name', 'participants.labelTaken', { name: input.body.name });
  await updateLabel(ctx.db, before.id, input.body);
  ctx.audit({
    action: 'participant.label.update',
    entityType: 'participant_label',
    entityId: before.id,
    before: { name: before.name, color: before.color },
    after: { name: input.body.name, color: input.body.color },
  });
  return { id: before.id, ...input.body };
}

/**
 * The custom-field deletion check (E-062, E-063; decision E-participant-records): a label is deleted only by someone
 * who sees every participant carrying it (a coordinator cannot take a label off another site's participants), and
 * only with the number of them the person confirmed (a label put on more participants meanwhile is asked again).
 */
export async function removeLabel(ctx: ServiceCtx, input: { studyId: string; labelId: string; participants: number }) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const label = await labelOf(ctx, input.studyId, input.labelId);
  const [total, seen] = await Promise.all([
    labelLinkCount(ctx.db, label.id),
    labelCounts(ctx.db, input.studyId, participantsVisibleTo(ctx, access, { participant: 'p', site: 's' })),
  ]);
  const hidden = total - (seen.get(label.id) ?? 0);
  if (hidden > 0)
    throw fail('CONFLICT', undefined, {
      message: messageRef('participants.labelOnHiddenParticipants', { count: hidden }),
    });
  if (total !== input.participants)
    throw fail('CONFLICT', undefined, {
      message: messageRef('participants.labelInUseChanged', { count: total }),
      details: { participants: total },
    });
  const from = await deleteLabel(ctx.db, label.id);
  for (const participantId of from)
    ctx.audit({
      action: 'participant.labels.set',
      entityType: 'participant',
      entityId: participantId,
      before: { labels: [label.name] },
      after: { labels: [] },
      reason: `label ${label.name} deleted`,
    });
  ctx.audit({
    action: 'participant.label.delete',
    entityType: 'participant_label',
    entityId: label.id,
    before: { name: label.name, color: label.color, participants: from.length },
  });
  return { deleted: true as const, detached: from.length };
}

export async function setLabels(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; labelIds: readonly string[] },
) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const labels = new Map((await studyLabels(ctx.db, input.studyId)).map((l) => [l.id, l]));
  const wanted = [...new Set(input.labelIds)];
  if (wanted.some((id) => !labels.has(id)))
    throw fieldProblem('VALIDATION_FAILED', 'labelIds', 'participants.unknownLabel');
  const { removed, added } = await replaceParticipantLabels(ctx.db, p.id, wanted);
  if (removed.length || added.length) {
    const names = (ids: readonly string[]) => ids.map((id) => labels.get(id)!.name).sort();
    ctx.audit({
      action: 'participant.labels.set',
      entityType: 'participant',
      entityId: p.id,
      before: { labels: names([...wanted.filter((id) => !added.includes(id)), ...removed]) },
      after: { labels: names(wanted) },
    });
  } else ctx.unchanged();
  return { labels: (await labelsOfParticipants(ctx.db, [p.id])).get(p.id) ?? [] };
}
