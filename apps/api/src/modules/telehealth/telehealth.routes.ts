import {
  answerMyRecordingRequest,
  getCallRecordingOptions,
  getAppointment,
  getTelehealthCountryFeatures,
  getTelehealthRecordingMedia,
  listTelehealthRecordings,
  getTelehealthRecording,
  openTelehealthRecording,
  requestCallRecording,
  stopCallRecording,
  uploadRecordingChunk,
  addTelehealthCallMembers,
  declineMyTelehealthCall,
  endTelehealthCall,
  notifyTelehealthCallParticipant,
  getMyTelehealthCall,
  getTelehealthCall,
  joinMyTelehealthCall,
  joinTelehealthCall,
  listMyTelehealthCalls,
  startTelehealthCall,
  CALL_SIGNAL_PATH,
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
import type { SocketRoute } from '../../http/sockets';
import { roomsOf } from './call-rooms';
import { serveCallSignalling } from './call-signalling';
import * as appointments from './appointments.service';
import * as availability from './availability.service';
import * as calls from './calls.service';
import { declineMyCall, joinMyCall, myCall } from './my-call.service';
import { myAppointments } from './my-appointments.service';
import { telehealthTeam } from './telehealth-team.service';
import * as recordings from './recordings.service';

export const telehealthRoutes = [
  route(listTelehealthTeam, (ctx) => telehealthTeam(ctx, { ...ctx.params, ...ctx.query })),
  route(listTelehealthAvailability, (ctx) => availability.telehealthAvailability(ctx, { ...ctx.params, ...ctx.query })),
  route(saveTelehealthAvailability, (ctx) =>
    availability.saveTelehealthAvailability(ctx, { ...ctx.params, ...ctx.body }),
  ),
  route(listTelehealthSlots, (ctx) => availability.telehealthSlots(ctx, { ...ctx.params, ...ctx.query })),
  route(listAppointments, (ctx) => appointments.listAppointments(ctx, { ...ctx.params, ...ctx.query })),
  route(getAppointment, (ctx) => appointments.getAppointment(ctx, ctx.params)),
  route(getTelehealthCountryFeatures, (ctx) =>
    recordings.telehealthCountryFeatures(ctx, { ...ctx.params, ...ctx.query }),
  ),
  route(bookAppointment, (ctx) => appointments.bookAppointment(ctx, { ...ctx.params, ...ctx.body })),
  route(rescheduleAppointment, (ctx) => appointments.rescheduleAppointment(ctx, { ...ctx.params, ...ctx.body })),
  route(cancelAppointment, (ctx) => appointments.cancelAppointment(ctx, { ...ctx.params, ...ctx.body })),
  route(recordAppointmentOutcome, (ctx) => appointments.recordAppointmentOutcome(ctx, { ...ctx.params, ...ctx.body })),
  route(listParticipantTelehealthTasks, (ctx) => appointments.participantTelehealthTasks(ctx, ctx.params)),
  route(listMyAppointments, (ctx) => myAppointments(ctx)),
  route(notifyTelehealthCallParticipant, (ctx) => calls.notifyParticipant(ctx, { ...ctx.params, ...ctx.body })),
  route(startTelehealthCall, (ctx) => calls.startCall(ctx, { ...ctx.params, ...ctx.body })),
  route(getTelehealthCall, (ctx) => calls.getCall(ctx, ctx.params)),
  route(listMyTelehealthCalls, (ctx) => calls.myCalls(ctx, ctx.params)),
  route(addTelehealthCallMembers, (ctx) => calls.addCallMembers(ctx, { ...ctx.params, ...ctx.body })),
  route(joinTelehealthCall, (ctx) => calls.joinCall(ctx, ctx.params)),
  route(endTelehealthCall, (ctx) => calls.endCall(ctx, ctx.params)),
  route(getMyTelehealthCall, (ctx) => myCall(ctx)),
  route(joinMyTelehealthCall, (ctx) => joinMyCall(ctx, { ...ctx.params, ...ctx.body })),
  route(declineMyTelehealthCall, (ctx) => declineMyCall(ctx, ctx.params)),
  route(getCallRecordingOptions, (ctx) => recordings.recordingOptions(ctx, ctx.params)),
  route(requestCallRecording, (ctx) => recordings.requestRecording(ctx, ctx.params)),
  route(stopCallRecording, (ctx) => recordings.stopRecording(ctx, ctx.params)),
  route(uploadRecordingChunk, (ctx) =>
    recordings.receiveChunk(ctx, { ...ctx.params, ...ctx.query, upload: ctx.upload! }),
  ),
  route(listTelehealthRecordings, (ctx) => recordings.listRecordings(ctx, { ...ctx.params, ...ctx.query })),
  route(getTelehealthRecording, (ctx) => recordings.getRecording(ctx, ctx.params)),
  route(openTelehealthRecording, (ctx) => recordings.openRecording(ctx, { ...ctx.params, ...ctx.body })),
  route(getTelehealthRecordingMedia, (ctx) => recordings.recordingMedia(ctx, { ...ctx.params, ...ctx.query })),
  route(answerMyRecordingRequest, (ctx) => recordings.answerRecordingRequest(ctx, { ...ctx.params, ...ctx.body })),
];

export const callSignalRoute: SocketRoute = {
  path: CALL_SIGNAL_PATH,
  serve: serveCallSignalling,
  // the rooms listen on the bus before the first connection comes
  open: (platform) => void roomsOf(platform.config),
};
