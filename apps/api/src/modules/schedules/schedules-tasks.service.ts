/**
 * What staff do with a participant's tasks beyond planning them (decision 0044): compliance and its
 * percentage (E-124), just-in-time and pre-screened tasks sent by staff (E-126…E-128), on-demand tasks taken
 * away (E-129). Every change is audited; a participant the caller may not see is refused (403) or left out.
 */
import type { ParticipantTask } from '@trialpath/contract';
import { messageRef } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { participantSchedule, participantSummary, visibleParticipantsOf } from '../participants/participants.service';
import { complianceCounts, findTask, listSendable, markSent, withdrawTask } from './schedules.repository';
import { taskView } from './schedules.service';

function compliance(participantId: string, c?: { completed: number; missed: number; upcoming: number }) {
  const completed = c?.completed ?? 0;
  const missed = c?.missed ?? 0;
  const due = completed + missed;
  return {
    participantId,
    due,
    completed,
    missed,
    upcoming: c?.upcoming ?? 0,
    percentage: due === 0 ? null : Math.round((completed / due) * 1000) / 10,
  };
}

export async function participantCompliance(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  await participantSummary(ctx, input);
  const [counts] = await complianceCounts(ctx.db, [input.participantId], new Date());
  return compliance(input.participantId, counts);
}

export async function studyCompliance(ctx: ServiceCtx, input: { studyId: string; participantIds: string[] }) {
  const ids = await visibleParticipantsOf(ctx, input.studyId, { ids: input.participantIds });
  const counts = new Map((await complianceCounts(ctx.db, ids, new Date())).map((c) => [c.participant_id, c]));
  return { items: ids.map((id) => compliance(id, counts.get(id))) };
}

export async function justInTimeList(
  ctx: ServiceCtx,
  q: {
    studyId: string;
    participantId: string;
    status?: 'PENDING_SEND' | 'SENT';
    telehealth?: 'true' | 'false';
    currentDay?: number;
    sort: 'startDay' | '-startDay';
    preScreened: 'true' | 'false';
    pageIndex: number;
    pageSize: number;
  },
) {
  await participantSummary(ctx, q);
  const { rows, total } = await listSendable(
    ctx.db,
    {
      participantId: q.participantId,
      delivery: q.preScreened === 'true' ? 'preScreened' : 'justInTime',
      sent: q.status === undefined ? undefined : q.status === 'SENT',
      telehealth: q.telehealth === undefined ? undefined : q.telehealth === 'true',
      currentDay: q.currentDay,
      descending: q.sort === '-startDay',
    },
    new Date(),
    { offset: q.pageIndex * q.pageSize, limit: q.pageSize },
  );
  return {
    items: rows.map((r) => ({ ...taskView(r), sentAt: r.sent_at ? r.sent_at.toISOString() : null })),
    totalRecords: total,
    totalPage: Math.ceil(total / q.pageSize),
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
  };
}

function auditSent(ctx: ServiceCtx, sent: { id: string; participant_id: string }[], how: Record<string, string>) {
  const byParticipant = new Map<string, string[]>();
  for (const s of sent) byParticipant.set(s.participant_id, [...(byParticipant.get(s.participant_id) ?? []), s.id]);
  for (const [participantId, taskIds] of byParticipant) {
    ctx.audit({
      action: 'participant.tasks.send',
      entityType: 'participant',
      entityId: participantId,
      after: { taskIds, ...how },
    });
  }
}

export async function sendTasks(ctx: ServiceCtx, input: { studyId: string; participantId: string; taskIds: string[] }) {
  await participantSummary(ctx, input);
  if ((await participantSchedule(ctx, input.participantId))?.activities_disabled)
    throw fail('CONFLICT', undefined, { message: messageRef('schedule.activitiesDisabled') });
  const sent = await markSent(ctx.db, { participantIds: [input.participantId], taskIds: input.taskIds });
  if (sent.length === 0) throw fail('CONFLICT', undefined, { message: messageRef('schedule.nothingToSend') });
  auditSent(ctx, sent, {});
  return { sent: sent.length };
}

export async function sendSiteTasks(ctx: ServiceCtx, input: { studyId: string; siteId: string; scheduleId: string }) {
  // participants whose activities are turned off are passed over (E-135)
  const ids = await visibleParticipantsOf(ctx, input.studyId, { siteId: input.siteId, activitiesEnabled: true });
  const sent = await markSent(ctx.db, { participantIds: ids, scheduleId: input.scheduleId });
  if (sent.length === 0) throw fail('CONFLICT', undefined, { message: messageRef('schedule.nothingToSend') });
  auditSent(ctx, sent, { siteId: input.siteId, scheduleId: input.scheduleId });
  return { sent: sent.length };
}

/** E-129: an on-demand task is taken away; an answered one (or one of another delivery) is refused. */
export async function withdrawOnDemand(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; taskId: string },
): Promise<ParticipantTask> {
  await participantSummary(ctx, input);
  const task = await findTask(ctx.db, input.participantId, input.taskId);
  if (!task) throw fail('NOT_FOUND');
  if (task.delivery !== 'onDemand' || task.status !== 'SCHEDULED' || task.answered_at)
    throw fail('CONFLICT', undefined, { message: messageRef('schedule.notWithdrawable') });
  const after = await withdrawTask(ctx.db, task.id);
  ctx.audit({
    action: 'participant.task.withdraw',
    entityType: 'participant',
    entityId: input.participantId,
    before: { taskId: task.id, status: task.status },
    after: { taskId: task.id, status: after.status },
  });
  return taskView({ ...after, seen_status: 'WITHDRAWN' });
}
