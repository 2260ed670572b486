/**
 * The participant's study start and pause, their full detail, and the dashboard's activity figures (decision
 * 0046; E-123, E-133…E-135, C-133). The start is confirmed by the participant and by the investigator; moving
 * day zero after it was set marks it rescheduled and asks both again (schedules.service `triggerDayZero`).
 */
import type { StudyStart } from '@trialpath/contract';
import { FORM_STATUSES, type FormStatus, messageRef } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { activityFacts } from '../activities/activities-plan.service';
import {
  changeParticipant,
  participantSchedule,
  participantSummary,
  participantVisibility,
} from '../participants/participants.service';
import { versionSchedulePlan } from '../versions/versions.service';
import { dashboardTaskCounts } from './forms.repository';
import { formsOf, recentSignoffs } from './forms.service';
import { participantCompliance } from './schedules-tasks.service';
import { getSchedule } from './schedules.service';
import { milestonesOf } from './schedules.repository';

type ScheduleRow = NonNullable<Awaited<ReturnType<typeof participantSchedule>>>;

function startView(p: ScheduleRow): StudyStart {
  return {
    participantId: p.id,
    dayZero: p.day_zero,
    isConfirmed: p.start_confirmed_at !== null,
    isPiConfirmed: p.start_pi_confirmed_at !== null,
    isReschedule: p.start_rescheduled,
    confirmedAt: p.start_confirmed_at ? p.start_confirmed_at.toISOString() : null,
    piConfirmedAt: p.start_pi_confirmed_at ? p.start_pi_confirmed_at.toISOString() : null,
  };
}

async function visibleSchedule(ctx: ServiceCtx, studyId: string, participantId: string) {
  await participantSummary(ctx, { studyId, participantId });
  return (await participantSchedule(ctx, participantId))!;
}

/** E-134: the manual study start status. */
export async function studyStart(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  return startView(await visibleSchedule(ctx, input.studyId, input.participantId));
}

/** E-133: the investigator confirms the start (there must be one). */
export async function confirmStartAsPi(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const p = await visibleSchedule(ctx, input.studyId, input.participantId);
  if (!p.day_zero) throw fail('CONFLICT', undefined, { message: messageRef('forms.piConfirmNeedsStart') });
  await changeParticipant(ctx, p.id, { start_pi_confirmed_at: new Date(), start_pi_confirmed_by: ctx.staff().userId });
  ctx.audit({
    action: 'participant.start.piConfirm',
    entityType: 'participant',
    entityId: p.id,
    after: { dayZero: p.day_zero },
  });
  return startView((await participantSchedule(ctx, p.id))!);
}

/** E-133: the signed-in participant confirms their start date. */
export async function confirmOwnStart(ctx: ServiceCtx) {
  const id = ctx.participant().participantId;
  const p = await participantSchedule(ctx, id);
  if (!p) throw fail('UNAUTHENTICATED');
  if (!p.day_zero) throw fail('CONFLICT', undefined, { message: messageRef('schedule.noDayZero') });
  await changeParticipant(ctx, id, { start_confirmed_at: new Date() });
  ctx.audit({
    action: 'participant.start.confirm',
    entityType: 'participant',
    entityId: id,
    after: { dayZero: p.day_zero },
  });
  const { participantId: _omit, ...view } = startView((await participantSchedule(ctx, id))!);
  return view;
}

/** E-135: the participant's activities and notifications turned off (or on again). */
export async function setDisabled(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; activitiesDisabled: boolean; notificationsDisabled: boolean },
) {
  const p = await visibleSchedule(ctx, input.studyId, input.participantId);
  await changeParticipant(ctx, p.id, {
    activities_disabled: input.activitiesDisabled,
    notifications_disabled: input.notificationsDisabled,
  });
  ctx.audit({
    action: 'participant.activities.disable',
    entityType: 'participant',
    entityId: p.id,
    before: { activitiesDisabled: p.activities_disabled, notificationsDisabled: p.notifications_disabled },
    after: { activitiesDisabled: input.activitiesDisabled, notificationsDisabled: input.notificationsDisabled },
  });
  return { activitiesDisabled: input.activitiesDisabled, notificationsDisabled: input.notificationsDisabled };
}

function countByStatus(statuses: FormStatus[]) {
  const counts = Object.fromEntries(FORM_STATUSES.map((s) => [s, 0])) as Record<FormStatus, number>;
  for (const s of statuses) counts[s] += 1;
  return counts;
}

/**
 * E-123: the participant's study path at once. With `studyVersionId`, as of that version of the study: its
 * activities and milestones, and the forms of the tasks made under it.
 */
export async function fullDetail(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; studyVersionId?: string },
) {
  const participant = await participantSummary(ctx, input);
  const p = (await participantSchedule(ctx, input.participantId))!;
  const versionId = input.studyVersionId ?? p.version_id;
  const version = versionId ? await versionSchedulePlan(ctx, input.studyId, versionId) : undefined;
  if (input.studyVersionId && !version)
    throw fieldProblem('VALIDATION_FAILED', 'studyVersionId', 'schedule.versionUnknown');
  const [schedule, compliance, forms, signoffs, milestones] = await Promise.all([
    getSchedule(ctx, input),
    participantCompliance(ctx, input),
    formsOf(ctx, input.studyId, input.participantId, input.studyVersionId),
    recentSignoffs(ctx, input.participantId),
    milestonesOf(ctx.db, [input.participantId]),
  ]);
  const facts = version
    ? await activityFacts(
        ctx,
        input.studyId,
        version.activities.map((a) => a.id),
      )
    : new Map();
  const dates = new Map(milestones.map((m) => [m.milestone_id, m.date]));
  return {
    participant: {
      id: participant.id,
      participantId: participant.participantId,
      siteId: participant.siteId,
      status: participant.status,
      environment: participant.environment,
    },
    schedule,
    studyStart: startView(p),
    activitiesDisabled: p.activities_disabled,
    notificationsDisabled: p.notifications_disabled,
    compliance,
    version: version
      ? {
          id: version.id,
          number: version.number,
          activities: version.activities.map((a) => {
            const fact = facts.get(a.id);
            return {
              id: a.id,
              identifier: fact?.identifier ?? null,
              name: fact?.name ?? null,
              kind: fact?.kind ?? null,
              disabled: a.disabled,
            };
          }),
          milestones: version.plan.milestones.map((m) => ({ id: m.id, date: dates.get(m.id) ?? null })),
        }
      : null,
    forms: {
      site: countByStatus(forms.filter((f) => f.facing === 'site').map((f) => f.status)),
      participant: countByStatus(forms.filter((f) => f.facing === 'participant').map((f) => f.status)),
    },
    signoffs,
  };
}

/** C-133: per activity or packet, the tasks of the participants the caller may see, as they stand now. */
export async function dashboardActivities(ctx: ServiceCtx, input: { studyId: string }) {
  const rows = await dashboardTaskCounts(ctx.db, await participantVisibility(ctx, input.studyId, 'p', 's'), new Date());
  const facts = await activityFacts(
    ctx,
    input.studyId,
    rows.filter((r) => r.target_kind === 'activity').map((r) => r.target_id),
  );
  const packetNames = new Map<string, string>();
  const versionIds = new Set(rows.filter((r) => r.target_kind === 'packet').flatMap((r) => r.version_ids));
  for (const id of versionIds) {
    const version = await versionSchedulePlan(ctx, input.studyId, id);
    for (const packet of version?.plan.packets ?? [])
      if (!packetNames.has(packet.id))
        packetNames.set(packet.id, packet.name.en ?? Object.values(packet.name)[0] ?? packet.id);
  }
  return {
    items: rows.map((r) => {
      const fact = r.target_kind === 'activity' ? facts.get(r.target_id) : undefined;
      const due = r.completed + r.missed;
      return {
        type: r.target_kind,
        targetId: r.target_id,
        name: fact ? fact.name : (packetNames.get(r.target_id) ?? null),
        kind: fact?.kind ?? (r.target_kind === 'packet' ? 'dataCaptureForm' : null),
        participants: r.participants,
        upcoming: r.upcoming,
        open: r.open,
        completed: r.completed,
        missed: r.missed,
        completion: due === 0 ? null : Math.round((r.completed / due) * 1000) / 10,
      };
    }),
  };
}
