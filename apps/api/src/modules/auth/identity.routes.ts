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
import * as email from './email-change.service';
import * as codes from './one-time-codes.service';
import * as registration from './registration.service';

export const identityRoutes = [
  route(sendOtp, (ctx) => codes.sendOtp(ctx, ctx.body)),
  route(sendMobileOtp, (ctx) => codes.sendMobileOtp(ctx, ctx.body)),
  route(verifyOtp, (ctx) => codes.verifyOtp(ctx, ctx.body)),
  route(changeEmail, (ctx) => email.changeEmail(ctx, ctx.body)),
  route(verifyEmailChange, (ctx) => email.verifyEmailChange(ctx, ctx.body)),
  route(forgotUsername, (ctx) => registration.forgotUsername(ctx, ctx.body)),
  route(verifyUser, (ctx) => registration.verifyUser(ctx, ctx.body)),
  route(checkUsername, (ctx) => registration.checkUsernameAvailability(ctx, ctx.body)),
  route(registerUser, (ctx) => registration.registerUser(ctx, ctx.body)),
];
