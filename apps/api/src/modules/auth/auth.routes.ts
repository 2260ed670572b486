import {
  changePassword,
  checkResetToken,
  createPassword,
  forgotPassword,
  getStudyToken,
  jwtCheck,
  logout,
  refreshTokens,
  resendTwoFactor,
  resetPassword,
  staffLogin,
  verifyTwoFactor,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as passwords from './passwords.service';
import * as sessions from './sessions.service';
import * as signIn from './sign-in.service';

export const authRoutes = [
  route(staffLogin, (ctx) => signIn.login(ctx, ctx.body)),
  route(verifyTwoFactor, (ctx) => signIn.verifyMfa(ctx, ctx.body)),
  route(resendTwoFactor, (ctx) => signIn.resendMfa(ctx, ctx.body)),
  route(refreshTokens, (ctx) => sessions.refresh(ctx, ctx.body)),
  route(logout, (ctx) => sessions.logout(ctx)),
  route(getStudyToken, (ctx) => sessions.studyToken(ctx, ctx.body)),
  route(jwtCheck, async (ctx) => sessions.jwtClaims(ctx)),
  route(forgotPassword, (ctx) => passwords.forgotPassword(ctx, ctx.body)),
  route(resetPassword, (ctx) => passwords.resetPassword(ctx, ctx.body)),
  route(createPassword, (ctx) => passwords.createPassword(ctx, ctx.body)),
  route(checkResetToken, (ctx) => passwords.checkToken(ctx, ctx.params)),
  route(changePassword, (ctx) => passwords.changePassword(ctx, ctx.body)),
];
