import {
  getParticipantProfile,
  participantChangePassword,
  participantForgotPassword,
  participantForgotUsername,
  participantLogin,
  participantLogout,
  participantRefresh,
  participantResetPassword,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as pa from './participant-sign-in.service';

export const participantAuthRoutes = [
  route(participantLogin, (ctx) => pa.participantLogin(ctx, ctx.body)),
  route(participantRefresh, (ctx) => pa.participantRefresh(ctx, ctx.body)),
  route(participantLogout, (ctx) => pa.participantLogout(ctx)),
  route(participantForgotUsername, (ctx) => pa.participantForgotUsername(ctx, ctx.body)),
  route(participantForgotPassword, (ctx) => pa.participantForgotPassword(ctx, ctx.body)),
  route(participantResetPassword, (ctx) => pa.participantResetPassword(ctx, ctx.body)),
  route(participantChangePassword, (ctx) => pa.participantChangePassword(ctx, ctx.body)),
  route(getParticipantProfile, (ctx) => pa.participantMe(ctx)),
];
