/**
 * Appointments as people read them (F-008…F-028): the participant's days of study, task names, the status
 * code of 001 §4, the audit view, and the e-mail that tells the participant.
 */
import type { Appointment } from '@trialpath/contract';
import {
  dateInZone,
  type Language,
  MAX_STUDY_DAY,
  appointmentStatusCode,
  recipientLanguage,
  studyDayAt,
  studyDayMoment,
  translate,
  visitModeOf,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { activityFacts } from '../activities/activities-plan.service';
import { queueEmail } from '../outbox/outbox.service';
import { versionSchedulePlan } from '../versions/versions.service';
import { type AppointmentRow, studyName } from './telehealth.repository';

import { fullName } from './telehealth-team.service';

export interface ParticipantDays {
  day_zero: string | null;
  time_zone: string;
  registration_date: Date | null;
  participant_created_at?: Date;
  created_at?: Date;
}

/**
 * The date the participant's days of study count from: day zero; before it is set, the day they registered (001
 * §3: registrationDate when startDate is 0), else the day they were added — so an unscheduled visit of a participant
 * not started yet still has a day, counted the same way as "today".
 */
function anchorOf(p: ParticipantDays): string {
  if (p.day_zero) return p.day_zero;
  const since = p.registration_date ?? p.participant_created_at ?? p.created_at ?? new Date();
  return dateInZone(new Date(since), p.time_zone);
}

/** The participant's day of study at an instant (the schedules module's count, studyDayAt). */
export const dayOn = (p: ParticipantDays, at: Date): number | null => studyDayAt(anchorOf(p), p.time_zone, at);

/** The participant's day of study now (a participant who left stays on the day they left, as on their timeline). */
export function dayNow(p: ParticipantDays & { status: string; status_since: Date | string | null }, now: Date) {
  return dayOn(p, studyDayMoment(p.status, p.status_since ? new Date(p.status_since) : null, now));
}

// ── views ───────────────────────────────────────────────────────────────────────────────────────

type TaskTarget = { target_kind: string; target_id: string; version_id: string };

/** The names of tasks as the task lists give them: the activity's title, or the packet's name in the language. */
export async function taskNames(ctx: ServiceCtx, studyId: string, tasks: readonly TaskTarget[], lang: Language) {
  const facts = await activityFacts(
    ctx,
    studyId,
    tasks.filter((t) => t.target_kind === 'activity').map((t) => t.target_id),
  );
  const plans = new Map<string, Awaited<ReturnType<typeof versionSchedulePlan>>>();
  for (const v of new Set(tasks.filter((t) => t.target_kind === 'packet').map((t) => t.version_id)))
    plans.set(v, await versionSchedulePlan(ctx, studyId, v));
  return (t: TaskTarget): string => {
    if (t.target_kind === 'activity') return facts.get(t.target_id)?.name ?? t.target_id;
    const packet = plans.get(t.version_id)?.plan.packets.find((k) => k.id === t.target_id);
    const name = packet?.name as Record<string, string> | undefined;
    return name?.[lang] ?? name?.en ?? Object.values(name ?? {})[0] ?? t.target_id;
  };
}

function taskDays(r: AppointmentRow): { taskStartDay: number; taskEndDay: number } {
  if (r.task_id && r.task_start_day !== null)
    return { taskStartDay: r.task_start_day, taskEndDay: r.task_end_day ?? MAX_STUDY_DAY };
  const day = dayOn(r, r.starts_at) ?? 0;
  return { taskStartDay: day, taskEndDay: day };
}

export function statusOf(r: AppointmentRow, now: Date) {
  const timing = { state: r.state, startsAt: r.starts_at, endsAt: r.ends_at, ...taskDays(r) };
  return {
    timing,
    code: appointmentStatusCode(timing, { now, dayOfStudy: dayNow({ ...r, status: r.participant_status }, now) }),
  };
}

export async function appointmentViews(
  ctx: ServiceCtx,
  rows: readonly AppointmentRow[],
  lang: Language,
): Promise<Appointment[]> {
  const now = new Date();
  const byStudy = new Map<string, Awaited<ReturnType<typeof taskNames>>>();
  for (const studyId of new Set(rows.map((r) => r.study_id)))
    byStudy.set(
      studyId,
      await taskNames(
        ctx,
        studyId,
        rows
          .filter((r) => r.study_id === studyId && r.task_target_kind)
          .map((r) => ({
            target_kind: r.task_target_kind!,
            target_id: r.task_target_id!,
            version_id: r.task_version_id!,
          })),
        lang,
      ),
    );
  // F-088 … F-102: how many of each visit's recordings are ready to play
  const ready = rows.length
    ? await ctx.db
        .selectFrom('telehealth_recordings')
        .select(['appointment_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where(
          'appointment_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('media_state', '=', 'READY')
        .groupBy('appointment_id')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    studyId: r.study_id,
    siteId: r.site_id,
    siteName: r.site_name,
    participantId: r.participant_id,
    participantCode: r.participant_code,
    participantTimeZone: r.time_zone,
    host: { id: r.host_id, name: fullName(r.host_first_name, r.host_last_name) },
    visitType: r.visit_type,
    visitMode: visitModeOf(r.visit_type) ?? 'video',
    kind: r.kind,
    taskId: r.task_id,
    taskName: r.task_target_kind
      ? byStudy.get(r.study_id)!({
          target_kind: r.task_target_kind,
          target_id: r.task_target_id!,
          version_id: r.task_version_id!,
        })
      : null,
    ...taskDays(r),
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    state: r.state,
    statusCode: statusOf(r, now).code,
    note: r.note,
    allowRecording: r.allow_recording,
    createdBy: { id: r.created_by, name: fullName(r.creator_first_name, r.creator_last_name) },
    createdAt: r.created_at.toISOString(),
    endedReason: r.ended_reason,
    recordingCount: Number(ready.find((x) => x.appointment_id === r.id)?.n ?? 0),
  }));
}

/** What the audit trail keeps of an appointment. */
export const auditView = (r: {
  participant_id: string;
  site_id: string;
  host_id: string;
  visit_type: string;
  kind: string;
  task_id: string | null;
  starts_at: Date;
  ends_at: Date;
  state: string;
  note: string | null;
  allow_recording?: boolean;
}) => ({
  participantId: r.participant_id,
  siteId: r.site_id,
  hostId: r.host_id,
  visitType: r.visit_type,
  kind: r.kind,
  taskId: r.task_id,
  startsAt: r.starts_at.toISOString(),
  endsAt: r.ends_at.toISOString(),
  state: r.state,
  note: r.note,
  allowRecording: r.allow_recording ?? true,
});

// ── the participant's e-mail ────────────────────────────────────────────────────────────────────

/** A time as the participant reads it: the date and time in their zone, written in their language. */
function appointmentTimeText(at: Date, timeZone: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-US', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).format(at);
}

export async function tellParticipant(
  ctx: ServiceCtx,
  r: AppointmentRow,
  template: 'appointmentBooked' | 'appointmentChanged' | 'appointmentCancelled',
  previous?: Date,
): Promise<void> {
  if (!r.email) return;
  const lang = recipientLanguage(r.language, ctx.request.language);
  const study = await studyName(ctx.db, r.study_id);
  await queueEmail(ctx, {
    to: r.email,
    template,
    language: lang,
    params: {
      study: study.name,
      visit: translate(`telehealth.visitMode.${visitModeOf(r.visit_type) ?? 'video'}`, undefined, lang),
      host: fullName(r.host_first_name, r.host_last_name),
      when: appointmentTimeText(r.starts_at, r.time_zone, lang),
      timeZone: r.time_zone,
      previous: previous ? appointmentTimeText(previous, r.time_zone, lang) : '',
    },
  });
}

// ── booking rules ───────────────────────────────────────────────────────────────────────────────
