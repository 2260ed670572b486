/**
 * Booking, changing, cancelling and ending appointments (F-003; decision F-appointments): at a free time of the
 * host, for one of the participant's telehealth tasks or unscheduled; audited; the participant told by e-mail.
 */
import type { Appointment, TelehealthTaskSchema } from '@trialpath/contract';
import {
  type AppointmentState,
  epochDay,
  fitsAvailability,
  isFinalAppointmentState,
  MAX_STUDY_DAY,
  messageRef,
  type ParticipantStatus,
  type VisitType,
} from '@trialpath/domain';
import type { z } from 'zod';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { participantsVisibleTo, requireStudy, type StudyAccess } from '../access/access.service';
import { visibleParticipant } from '../participants/participant-access.service';
import { participantSchedule } from '../participants/participants.service';
import {
  type AppointmentRow,
  appointmentPage,
  findAppointment,
  findAvailability,
  findTask,
  hostAppointments,
  insertAppointment,
  liveTaskAppointment,
  lockHost,
  openTelehealthTasks,
  taskAppointments,
  updateAppointment,
} from './telehealth.repository';

import { DAY_MS, INACTIVE_STATUSES, fullName, requireMember } from './telehealth-team.service';
import { windowsOf } from './availability.service';
import {
  type ParticipantDays,
  dayOn,
  taskNames,
  appointmentViews,
  auditView,
  tellParticipant,
} from './appointment-views';

function requireActive(status: string) {
  if (INACTIVE_STATUSES.includes(status as ParticipantStatus))
    throw fail('CONFLICT', undefined, { message: messageRef('telehealth.participantNotActive') });
}

/** A scheduled visit's time must lie in its task's days of study (in the participant's zone). */
function requireInTaskDays(p: ParticipantDays, task: { start_day: number; end_day: number | null }, startsAt: Date) {
  const day = dayOn(p, startsAt);
  const last = task.end_day ?? MAX_STUDY_DAY;
  if (day === null || day < task.start_day || day > last)
    throw fieldProblem('VALIDATION_FAILED', 'startsAt', 'telehealth.taskOutsideWindow', {
      from: task.start_day,
      to: task.end_day ?? task.start_day,
    });
}

/** The time is to come, within the host's availability at the site, and the host has no other visit then. */
async function requireFreeTime(
  ctx: ServiceCtx,
  input: { studyId: string; siteId: string; hostId: string; startsAt: Date; endsAt: Date; exceptId?: string },
) {
  if (input.startsAt.getTime() <= Date.now()) throw fieldProblem('VALIDATION_FAILED', 'startsAt', 'telehealth.inPast');
  const host = await requireMember(ctx, input.studyId, input.siteId, input.hostId, 'hostId');
  const name = fullName(host.firstName, host.lastName);
  const availability = await findAvailability(ctx.db, {
    studyId: input.studyId,
    siteId: input.siteId,
    userId: input.hostId,
  });
  if (!availability || !fitsAvailability(windowsOf(availability), availability.time_zone, input))
    throw fieldProblem('VALIDATION_FAILED', 'startsAt', 'telehealth.outsideAvailability', { name });
  await lockHost(ctx.db, input.hostId);
  const clash = await hostAppointments(ctx.db, input.hostId, input.startsAt, input.endsAt, input.exceptId);
  if (clash.length > 0) throw fail('CONFLICT', undefined, { message: messageRef('telehealth.hostBusy', { name }) });
}

export const taskBooked = () => fail('CONFLICT', undefined, { message: messageRef('telehealth.taskBooked') });

/** A write on an appointment: the caller's writable assignment and the appointment's participant row check. */
async function appointmentForWrite(ctx: ServiceCtx, studyId: string, appointmentId: string) {
  const access = await requireStudy(ctx, studyId);
  if (access.assignment?.readOnly) throw fail('FORBIDDEN');
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const row = await findAppointment(ctx.db, studyId, appointmentId, visible, true);
  if (!row) throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  if (isFinalAppointmentState(row.state))
    throw fail('CONFLICT', undefined, { message: messageRef('telehealth.appointmentOver') });
  return { access, visible, row };
}

export async function reread(
  ctx: ServiceCtx,
  studyId: string,
  id: string,
  access: StudyAccess,
): Promise<AppointmentRow> {
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  return (await findAppointment(ctx.db, studyId, id, visible))!;
}

export const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

// ── appointments ────────────────────────────────────────────────────────────────────────────────

export async function bookAppointment(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    participantId: string;
    taskId?: string;
    hostId: string;
    visitType: VisitType;
    startsAt: string;
    minutes: number;
    note?: string;
    allowRecording?: boolean;
  },
): Promise<Appointment> {
  const access = await requireStudy(ctx, input.studyId);
  if (access.assignment?.readOnly) throw fail('FORBIDDEN');
  const p = await visibleParticipant(ctx, access, input.participantId);
  requireActive(p.status);
  const schedule = (await participantSchedule(ctx, p.id))!;
  const days = { ...p, day_zero: schedule.day_zero };
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(startsAt.getTime() + input.minutes * 60_000);
  if (input.taskId) {
    const task = await findTask(ctx.db, input.taskId);
    if (!task || task.participant_id !== p.id || !task.telehealth || task.status !== 'SCHEDULED')
      throw fieldProblem('VALIDATION_FAILED', 'taskId', 'telehealth.taskNotTelehealth');
    requireInTaskDays(days, task, startsAt);
    if (await liveTaskAppointment(ctx.db, task.id)) throw taskBooked();
  }
  await requireFreeTime(ctx, { studyId: input.studyId, siteId: p.site_id, hostId: input.hostId, startsAt, endsAt });
  const row = {
    study_id: input.studyId,
    site_id: p.site_id,
    participant_id: p.id,
    environment: p.environment,
    host_id: input.hostId,
    visit_type: input.visitType,
    kind: input.taskId ? ('SCHEDULED' as const) : ('UNSCHEDULED' as const),
    task_id: input.taskId ?? null,
    starts_at: startsAt,
    ends_at: endsAt,
    state: 'BOOKED' as const,
    note: input.note || null,
    allow_recording: input.allowRecording ?? true,
    created_by: ctx.staff().userId,
    updated_at: new Date(),
  };
  let id: string;
  try {
    id = (await insertAppointment(ctx.db, row)).id;
  } catch (e) {
    // another booking of the same task committed first (the unique index of live appointments per task)
    if (isUniqueViolation(e)) throw taskBooked();
    throw e;
  }
  ctx.audit({ action: 'appointment.book', entityType: 'appointment', entityId: id, after: auditView(row) });
  const stored = await reread(ctx, input.studyId, id, access);
  await tellParticipant(ctx, stored, 'appointmentBooked');
  return (await appointmentViews(ctx, [stored], ctx.request.language))[0]!;
}

export async function rescheduleAppointment(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    appointmentId: string;
    hostId: string;
    visitType: VisitType;
    startsAt: string;
    minutes: number;
    note?: string;
    allowRecording?: boolean;
  },
): Promise<Appointment> {
  const { access, row: before } = await appointmentForWrite(ctx, input.studyId, input.appointmentId);
  requireActive(before.participant_status);
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(startsAt.getTime() + input.minutes * 60_000);
  if (before.task_id && before.task_start_day !== null)
    requireInTaskDays(before, { start_day: before.task_start_day, end_day: before.task_end_day }, startsAt);
  await requireFreeTime(ctx, {
    studyId: input.studyId,
    siteId: before.site_id,
    hostId: input.hostId,
    startsAt,
    endsAt,
    exceptId: before.id,
  });
  const changes = {
    host_id: input.hostId,
    visit_type: input.visitType,
    starts_at: startsAt,
    ends_at: endsAt,
    note: input.note || null,
    allow_recording: input.allowRecording ?? before.allow_recording,
  };
  await updateAppointment(ctx.db, before.id, { ...changes, updated_at: new Date() });
  ctx.audit({
    action: 'appointment.reschedule',
    entityType: 'appointment',
    entityId: before.id,
    before: auditView(before),
    after: auditView({ ...before, ...changes }),
  });
  const after = await reread(ctx, input.studyId, before.id, access);
  const told =
    before.starts_at.getTime() !== startsAt.getTime() ||
    before.ends_at.getTime() !== endsAt.getTime() ||
    before.host_id !== input.hostId ||
    before.visit_type !== input.visitType;
  if (told) await tellParticipant(ctx, after, 'appointmentChanged', before.starts_at);
  return (await appointmentViews(ctx, [after], ctx.request.language))[0]!;
}

async function endAppointment(
  ctx: ServiceCtx,
  input: { studyId: string; appointmentId: string; reason: string },
  state: AppointmentState,
): Promise<{ before: AppointmentRow; after: AppointmentRow }> {
  const { access, row: before } = await appointmentForWrite(ctx, input.studyId, input.appointmentId);
  if (state !== 'CANCELLED' && before.starts_at.getTime() > Date.now())
    throw fail('CONFLICT', undefined, { message: messageRef('telehealth.notStartedYet') });
  const reason = ctx.reason ?? input.reason;
  await updateAppointment(ctx.db, before.id, { state, ended_reason: reason, updated_at: new Date() });
  ctx.audit({
    action: state === 'CANCELLED' ? 'appointment.cancel' : 'appointment.outcome',
    entityType: 'appointment',
    entityId: before.id,
    before: { state: before.state },
    after: { state, endedReason: reason },
  });
  return { before, after: await reread(ctx, input.studyId, before.id, access) };
}

export async function cancelAppointment(
  ctx: ServiceCtx,
  input: { studyId: string; appointmentId: string; reason: string },
): Promise<Appointment> {
  const { after } = await endAppointment(ctx, input, 'CANCELLED');
  await tellParticipant(ctx, after, 'appointmentCancelled');
  return (await appointmentViews(ctx, [after], ctx.request.language))[0]!;
}

export async function recordAppointmentOutcome(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    appointmentId: string;
    reason: string;
    outcome: 'COMPLETE' | 'INCOMPLETE' | 'NO_SHOW' | 'LWBS';
  },
): Promise<Appointment> {
  const { after } = await endAppointment(ctx, input, input.outcome);
  return (await appointmentViews(ctx, [after], ctx.request.language))[0]!;
}

/** A 'YYYY-MM-DD' as the first instant of that day in UTC (the list's date filters). */
const dayStart = (date: string, plusDays = 0) => new Date((epochDay(date)! + plusDays) * DAY_MS);

export async function listAppointments(
  ctx: ServiceCtx,
  input: {
    studyId: string;
    siteId?: string;
    participantId?: string;
    hostId?: string;
    state?: AppointmentState;
    from?: string;
    to?: string;
    pageNum: number;
    pageSize: number;
  },
) {
  const access = await requireStudy(ctx, input.studyId);
  for (const [field, value] of [
    ['from', input.from],
    ['to', input.to],
  ] as const)
    if (value !== undefined && epochDay(value) === null)
      throw fieldProblem('VALIDATION_FAILED', field, 'errors.invalidValue');
  const page = await appointmentPage(ctx.db, {
    studyId: input.studyId,
    visible: participantsVisibleTo(ctx, access, { participant: 'p', site: 's' }),
    siteId: input.siteId,
    participantId: input.participantId,
    hostId: input.hostId,
    state: input.state,
    from: input.from ? dayStart(input.from) : undefined,
    to: input.to ? dayStart(input.to, 1) : undefined,
    offset: (input.pageNum - 1) * input.pageSize,
    limit: input.pageSize,
  });
  return {
    items: await appointmentViews(ctx, page.rows, ctx.request.language),
    total: page.total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** F-114: one appointment of the sites the caller may see. */
export async function getAppointment(ctx: ServiceCtx, input: { studyId: string; appointmentId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const row = await findAppointment(ctx.db, input.studyId, input.appointmentId, visible);
  if (!row) throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  return (await appointmentViews(ctx, [row], ctx.request.language))[0]!;
}

export async function participantTelehealthTasks(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string },
): Promise<{ items: z.infer<typeof TelehealthTaskSchema>[]; participantTimeZone: string }> {
  const access = await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const tasks = await openTelehealthTasks(ctx.db, p.id, new Date());
  const [nameOf, booked] = await Promise.all([
    taskNames(ctx, input.studyId, tasks, ctx.request.language),
    taskAppointments(
      ctx.db,
      tasks.map((t) => t.id),
    ),
  ]);
  return {
    items: tasks.map((t) => ({
      taskId: t.id,
      name: nameOf(t),
      startDay: t.start_day,
      endDay: t.end_day ?? MAX_STUDY_DAY,
      opensAt: t.opens_at.toISOString(),
      closesAt: t.closes_at ? t.closes_at.toISOString() : null,
      appointmentId: booked.get(t.id) ?? null,
    })),
    participantTimeZone: p.time_zone,
  };
}

// ── the participant's side (F-028) ──────────────────────────────────────────────────────────────
