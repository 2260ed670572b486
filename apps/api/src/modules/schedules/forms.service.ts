/**
 * A participant's forms and their statuses (decision 0046; E-130…E-132, E-136): each activity task is a form,
 * and each data capture form of a packet task is one. A form's status is the one staff set, or the one its
 * task implies; moves follow the domain's rules, all or none, each audited with its reason. The investigator's
 * sign-off covers the forms due so far (or one milestone's) once every site form among them is settled.
 */
import type { FormStatusItem } from '@trialpath/contract';
import {
  derivedFormStatus,
  type FormFacing,
  type FormStatus,
  formFacing,
  formStatusMoveProblem,
  messageRef,
  milestoneDayOf,
  signoffBlockers,
  translate,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { activityFacts } from '../activities/activities-plan.service';
import { verifySigner } from '../auth/signature.service';
import { participantSchedule, participantSummary } from '../participants/participants.service';
import { versionSchedulePlan } from '../versions/versions.service';
import {
  coverWithSignoff,
  formStatusRows,
  insertSignoff,
  signoffsOf,
  tasksWithStatus,
  upsertFormStatuses,
} from './forms.repository';
import { milestonesOf } from './schedules.repository';

type Plan = NonNullable<Awaited<ReturnType<typeof versionSchedulePlan>>>;

/** Every form of the participant (both facings), in day order; `versionId` keeps to one version's tasks. */
export async function formsOf(
  ctx: ServiceCtx,
  studyId: string,
  participantId: string,
  versionId?: string,
): Promise<FormStatusItem[]> {
  const p = (await participantSchedule(ctx, participantId))!;
  const [tasks, rows, milestones] = await Promise.all([
    tasksWithStatus(ctx.db, participantId, new Date(), versionId),
    formStatusRows(ctx.db, participantId),
    milestonesOf(ctx.db, [participantId]),
  ]);
  const plans = new Map<string, Plan | undefined>();
  for (const id of new Set(tasks.map((t) => t.version_id))) plans.set(id, await versionSchedulePlan(ctx, studyId, id));
  const formIdsOf = (t: (typeof tasks)[number]) =>
    t.target_kind === 'activity'
      ? [t.target_id]
      : (plans.get(t.version_id)?.plan.packets.find((k) => k.id === t.target_id)?.activityIds ?? []);
  const facts = await activityFacts(ctx, studyId, tasks.flatMap(formIdsOf));
  const set = new Map(rows.map((r) => [`${r.task_id}|${r.activity_id}`, r]));
  const dates = new Map(milestones.map((m) => [m.milestone_id, m.date]));
  const items: FormStatusItem[] = [];
  for (const t of tasks) {
    const schedule = plans.get(t.version_id)?.plan.schedules.find((s) => s.id === t.schedule_id);
    const milestoneId = schedule?.anchor.kind === 'milestone' ? schedule.anchor.milestoneId : null;
    const milestoneDate = milestoneId ? dates.get(milestoneId) : undefined;
    for (const activityId of formIdsOf(t)) {
      const fact = facts.get(activityId);
      const row = set.get(`${t.id}|${activityId}`);
      // a row without an author only records what a sign-off covered: the task still decides the status,
      // and the sign-off covers the form only while that status is the one signed
      const chosen = row?.set_by ? row : undefined;
      // a packet holds data capture forms only (checked when the plan is saved)
      const facing = fact ? formFacing(fact.kind) : t.target_kind === 'packet' ? 'site' : 'participant';
      const answered = t.seen_status === 'COMPLETED';
      // the participant's answer completes their form whatever staff had marked
      const status =
        facing === 'participant' && answered ? 'COMPLETED' : (chosen?.status ?? derivedFormStatus(answered));
      items.push({
        taskId: t.id,
        activityId,
        activityIdentifier: fact?.identifier ?? null,
        activityName: fact?.name ?? null,
        kind: fact?.kind ?? null,
        facing,
        packetId: t.target_kind === 'packet' ? t.target_id : null,
        scheduleId: t.schedule_id,
        startDay: t.start_day,
        endDay: t.end_day,
        milestoneId,
        milestoneDay: milestoneDate && p.day_zero ? milestoneDayOf(t.start_day, p.day_zero, milestoneDate) : null,
        opensAt: t.opens_at.toISOString(),
        closesAt: t.closes_at ? t.closes_at.toISOString() : null,
        taskStatus: t.seen_status as FormStatusItem['taskStatus'],
        status,
        reason: chosen?.reason ?? null,
        setAt: chosen ? chosen.set_at.toISOString() : null,
        signoffId: row?.signoff_id && row.status === status ? row.signoff_id : null,
      });
    }
  }
  return items;
}

const atMilestone = (f: FormStatusItem, milestoneId?: string, milestoneDay?: number) =>
  (milestoneId === undefined || f.milestoneId === milestoneId) &&
  (milestoneDay === undefined || f.milestoneDay === milestoneDay);

export async function formStatusList(
  ctx: ServiceCtx,
  q: {
    studyId: string;
    participantId: string;
    facing: FormFacing;
    milestoneId?: string;
    milestoneDay?: number;
    pageIndex: number;
    pageSize: number;
  },
) {
  await participantSummary(ctx, q);
  const all = (await formsOf(ctx, q.studyId, q.participantId)).filter(
    (f) => f.facing === q.facing && atMilestone(f, q.milestoneId, q.milestoneDay),
  );
  const start = q.pageIndex * q.pageSize;
  return {
    items: all.slice(start, start + q.pageSize),
    totalRecords: all.length,
    totalPage: Math.ceil(all.length / q.pageSize),
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
  };
}

/** Forms move to a status: the ones named, or every one of the facing at a milestone (already there: left). */
export async function setFormStatuses(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    participantId: string;
    facing: FormFacing;
    status: FormStatus;
    forms?: { taskId: string; activityId: string }[];
    milestoneId?: string;
    milestoneDay?: number;
  },
) {
  await participantSummary(ctx, input);
  const all = (await formsOf(ctx, input.studyId, input.participantId)).filter((f) => f.facing === input.facing);
  const byKey = new Map(all.map((f) => [`${f.taskId}|${f.activityId}`, f]));
  let chosen: { form: FormStatusItem; field: string }[];
  if (input.forms) {
    chosen = input.forms.map((named, i) => {
      const form = byKey.get(`${named.taskId}|${named.activityId}`);
      if (!form) throw fieldProblem('VALIDATION_FAILED', `forms.${i}`, 'forms.unknownForm');
      return { form, field: `forms.${i}` };
    });
  } else {
    const at = all.filter((f) => atMilestone(f, input.milestoneId, input.milestoneDay));
    if (at.length === 0) throw fieldProblem('VALIDATION_FAILED', 'milestoneId', 'forms.noneAtMilestone');
    chosen = at.filter((f) => f.status !== input.status).map((form) => ({ form, field: 'status' }));
  }
  for (const { form, field } of chosen) {
    const problem = formStatusMoveProblem(input.facing, form.status, input.status);
    if (problem) throw fieldProblem('CONFLICT', field, problem as Parameters<typeof messageRef>[0]);
  }
  const by = ctx.staff().userId;
  const at = new Date();
  await upsertFormStatuses(
    ctx.db,
    chosen.map(({ form }) => ({
      task_id: form.taskId,
      activity_id: form.activityId,
      participant_id: input.participantId,
      status: input.status,
      reason: ctx.reason,
      set_by: by,
      set_at: at,
      // a change after a sign-off leaves the form outside it
      signoff_id: null,
    })),
  );
  if (chosen.length > 0)
    ctx.audit({
      action: 'participant.forms.status',
      entityType: 'participant',
      entityId: input.participantId,
      before: { forms: chosen.map(({ form }) => ({ ...keyOf(form), status: form.status, signoffId: form.signoffId })) },
      after: { facing: input.facing, status: input.status, forms: chosen.map(({ form }) => keyOf(form)) },
    });
  const changed = new Set(chosen.map(({ form }) => `${form.taskId}|${form.activityId}`));
  const items = (await formsOf(ctx, input.studyId, input.participantId)).filter((f) =>
    changed.has(`${f.taskId}|${f.activityId}`),
  );
  return { changed: chosen.length, items };
}

const keyOf = (f: FormStatusItem) => ({ taskId: f.taskId, activityId: f.activityId });

export function signoffView(s: Awaited<ReturnType<typeof signoffsOf>>[number]) {
  const forms = typeof s.forms === 'string' ? (JSON.parse(s.forms) as unknown[]) : s.forms;
  return {
    id: s.id,
    milestoneId: s.milestone_id,
    signerName: s.signer_name,
    meaning: s.meaning,
    signedAt: s.signed_at.toISOString(),
    formCount: forms.length,
  };
}

/**
 * E-136: the investigator signs the forms due so far (or one milestone's) with their password. Refused while a
 * site form among them is not settled, or when nothing is due. The signature records who, when and what it
 * means (21 CFR 11.50), and the forms as they stood.
 */
export async function signOff(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; currentPassword: string; milestoneId?: string },
) {
  await participantSummary(ctx, input);
  const now = Date.now();
  const scope = (await formsOf(ctx, input.studyId, input.participantId)).filter(
    (f) => Date.parse(f.opensAt) <= now && atMilestone(f, input.milestoneId),
  );
  if (scope.length === 0) throw fail('CONFLICT', undefined, { message: messageRef('forms.nothingToSign') });
  const blockers = signoffBlockers(scope);
  if (blockers.length > 0)
    throw fail('CONFLICT', undefined, { message: messageRef('forms.signoffBlocked', { count: blockers.length }) });
  const signer = await verifySigner(ctx, input.currentPassword);
  const meaning = translate('forms.signoffMeaning', undefined, ctx.request.language);
  const forms = scope.map((f) => ({ ...keyOf(f), status: f.status }));
  const signoff = await insertSignoff(ctx.db, {
    participant_id: input.participantId,
    study_id: input.studyId,
    milestone_id: input.milestoneId ?? null,
    signed_by: signer.userId,
    signer_name: signer.name,
    meaning,
    forms: JSON.stringify(forms),
  });
  await coverWithSignoff(ctx.db, input.participantId, signoff.id, forms);
  ctx.audit({
    action: 'participant.signoff',
    entityType: 'participant',
    entityId: input.participantId,
    after: { signoffId: signoff.id, signerName: signer.name, meaning, milestoneId: input.milestoneId ?? null, forms },
  });
  return signoffView(signoff);
}

export async function recentSignoffs(ctx: ServiceCtx, participantId: string) {
  return (await signoffsOf(ctx.db, participantId, 20)).map(signoffView);
}

/**
 * EDC (decision E-edc): a save of a scheduled site form moves its form status (in progress, or completed) by its
 * author, with the reason for change when one was given; a change leaves the form outside any earlier sign-off.
 */
export async function recordSiteFormStatus(
  ctx: ServiceCtx,
  form: {
    taskId: string;
    activityId: string;
    participantId: string;
    status: 'IN_PROGRESS' | 'COMPLETED';
    reason: string | null;
  },
) {
  await upsertFormStatuses(ctx.db, [
    {
      task_id: form.taskId,
      activity_id: form.activityId,
      participant_id: form.participantId,
      status: form.status,
      reason: form.reason,
      set_by: ctx.staff().userId,
      set_at: new Date(),
      signoff_id: null,
    },
  ]);
}
