import {
  changeEmail,
  checkUsername,
  forgotUsername,
  registerUser,
  sendMobileOtp,
  sendOtp,
  verifyEmailChange,
  verifyOtp,
  verifyUser,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as identity from './identity.service';

export const identityRoutes = [
  route(sendOtp, (ctx) => identity.sendOtp(ctx, ctx.body)),
  route(sendMobileOtp, (ctx) => identity.sendMobileOtp(ctx, ctx.staff(), ctx.body)),
  route(verifyOtp, (ctx) => identity.verifyOtp(ctx, ctx.body)),
  route(changeEmail, (ctx) => identity.changeEmail(ctx, ctx.staff(), ctx.body)),
  route(verifyEmailChange, (ctx) => identity.verifyEmailChange(ctx, ctx.staff(), ctx.body)),
  route(forgotUsername, (ctx) => identity.forgotUsername(ctx, ctx.body)),
  route(verifyUser, (ctx) => identity.verifyUser(ctx.db, ctx.body.token)),
  route(checkUsername, (ctx) => identity.checkUsernameAvailability(ctx, ctx.body)),
  route(registerUser, (ctx) => identity.registerUser(ctx, ctx.body)),
];
