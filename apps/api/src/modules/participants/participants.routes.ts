import {
  getParticipantProfile,
  getParticipantSummary,
  participantChangePassword,
  participantForgotPassword,
  participantForgotUsername,
  participantLogin,
  participantLogout,
  participantRefresh,
  participantResetPassword,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as pa from './participant-auth.service';
import { participantSummary } from './participants.service';

export const participantRoutes = [
  route(getParticipantSummary, (ctx) =>
    participantSummary(ctx.db, ctx.staff(), ctx.env, ctx.params.studyId, ctx.params.participantId),
  ),
  route(participantLogin, (ctx) => pa.participantLogin(ctx, ctx.body)),
  route(participantRefresh, (ctx) => pa.participantRefresh(ctx, ctx.body)),
  route(participantLogout, (ctx) => pa.participantLogout(ctx, ctx.participant())),
  route(participantForgotUsername, (ctx) => pa.participantForgotUsername(ctx, ctx.body)),
  route(participantForgotPassword, (ctx) => pa.participantForgotPassword(ctx, ctx.body)),
  route(participantResetPassword, (ctx) => pa.participantResetPassword(ctx, ctx.body)),
  route(participantChangePassword, (ctx) => pa.participantChangePassword(ctx, ctx.participant(), ctx.body)),
  route(getParticipantProfile, (ctx) => pa.participantMe(ctx.db, ctx.participant())),
];
