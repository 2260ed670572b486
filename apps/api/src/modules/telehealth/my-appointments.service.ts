/**
 * The participant's own appointments (001 §7 get participant appointments: F-028) with their status codes.
 */
import type { MyAppointment } from '@trialpath/contract';
import { isFinalAppointmentState, participantTelehealthStatus, recipientLanguage } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { participantAppointments } from './telehealth.repository';
import { dayNow, statusOf, appointmentViews } from './appointment-views';

export async function myAppointments(ctx: ServiceCtx): Promise<{ data: MyAppointment[]; statusCode: number }> {
  const me = ctx.participant();
  const rows = await participantAppointments(ctx.db, me.participantId, me.environment);
  const lang = recipientLanguage(rows[0]?.language, ctx.request.language);
  const views = await appointmentViews(ctx, rows, lang);
  const now = new Date();
  const timings = rows.map((r) => statusOf(r, now).timing);
  const dayOfStudy = rows[0] ? dayNow({ ...rows[0], status: rows[0].participant_status }, now) : null;
  const upcoming = (a: MyAppointment) =>
    !isFinalAppointmentState(a.state) && new Date(a.endsAt).getTime() > now.getTime();
  const data: MyAppointment[] = views.map((v) => ({
    id: v.id,
    visitType: v.visitType,
    visitMode: v.visitMode,
    kind: v.kind,
    taskName: v.taskName,
    taskStartDay: v.taskStartDay,
    taskEndDay: v.taskEndDay,
    startsAt: v.startsAt,
    endsAt: v.endsAt,
    state: v.state,
    statusCode: v.statusCode,
    participantTimeZone: v.participantTimeZone,
    hostName: v.host.name,
    siteName: v.siteName,
  }));
  // upcoming first (soonest first), then the past ones (latest first)
  data.sort((a, b) => {
    const ua = upcoming(a);
    const ub = upcoming(b);
    if (ua !== ub) return ua ? -1 : 1;
    const d = new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime();
    return ua ? d : -d;
  });
  return { data, statusCode: participantTelehealthStatus(timings, { now, dayOfStudy }) };
}
