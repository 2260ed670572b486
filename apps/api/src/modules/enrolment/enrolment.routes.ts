import {
  checkParticipantUsername,
  checkParticipantVerificationLink,
  confirmParticipantVerificationLink,
  getParticipantResetLink,
  getStudyEnrolment,
  registerParticipant,
  resendParticipantCode,
  screenEligibility,
  verifyParticipantCode,
  unsubscribeParticipantEmail,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as enrolment from './enrolment.service';
import { unsubscribeByLink } from './unsubscribe.service';

export const enrolmentRoutes = [
  route(getStudyEnrolment, (ctx) => enrolment.studyEnrolment(ctx, ctx.params)),
  route(screenEligibility, (ctx) => enrolment.screenEligibility(ctx, { ...ctx.params, ...ctx.body })),
  route(checkParticipantUsername, (ctx) => enrolment.checkUsername(ctx, { ...ctx.params, ...ctx.body })),
  route(registerParticipant, (ctx) => enrolment.registerParticipant(ctx, { ...ctx.params, body: ctx.body })),
  route(verifyParticipantCode, (ctx) => enrolment.verifyCode(ctx, ctx.body)),
  route(resendParticipantCode, (ctx) => enrolment.resendCode(ctx, ctx.body)),
  route(checkParticipantVerificationLink, (ctx) => enrolment.checkVerificationLink(ctx, ctx.query)),
  route(confirmParticipantVerificationLink, (ctx) => enrolment.confirmVerificationLink(ctx, ctx.body)),
  route(getParticipantResetLink, (ctx) => enrolment.resetLinkStudy(ctx, ctx.params)),
  route(unsubscribeParticipantEmail, (ctx) => unsubscribeByLink(ctx, { ...ctx.params, ...ctx.body })),
];
