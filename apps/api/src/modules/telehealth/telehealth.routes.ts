import {
  bookAppointment,
  cancelAppointment,
  listAppointments,
  listMyAppointments,
  listParticipantTelehealthTasks,
  listTelehealthAvailability,
  listTelehealthSlots,
  listTelehealthTeam,
  recordAppointmentOutcome,
  rescheduleAppointment,
  saveTelehealthAvailability,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as appointments from './appointments.service';
import * as availability from './availability.service';
import { myAppointments } from './my-appointments.service';
import { telehealthTeam } from './telehealth-team.service';

export const telehealthRoutes = [
  route(listTelehealthTeam, (ctx) => telehealthTeam(ctx, { ...ctx.params, ...ctx.query })),
  route(listTelehealthAvailability, (ctx) => availability.telehealthAvailability(ctx, { ...ctx.params, ...ctx.query })),
  route(saveTelehealthAvailability, (ctx) =>
    availability.saveTelehealthAvailability(ctx, { ...ctx.params, ...ctx.body }),
  ),
  route(listTelehealthSlots, (ctx) => availability.telehealthSlots(ctx, { ...ctx.params, ...ctx.query })),
  route(listAppointments, (ctx) => appointments.listAppointments(ctx, { ...ctx.params, ...ctx.query })),
  route(bookAppointment, (ctx) => appointments.bookAppointment(ctx, { ...ctx.params, ...ctx.body })),
  route(rescheduleAppointment, (ctx) => appointments.rescheduleAppointment(ctx, { ...ctx.params, ...ctx.body })),
  route(cancelAppointment, (ctx) => appointments.cancelAppointment(ctx, { ...ctx.params, ...ctx.body })),
  route(recordAppointmentOutcome, (ctx) => appointments.recordAppointmentOutcome(ctx, { ...ctx.params, ...ctx.body })),
  route(listParticipantTelehealthTasks, (ctx) => appointments.participantTelehealthTasks(ctx, ctx.params)),
  route(listMyAppointments, (ctx) => myAppointments(ctx)),
];
