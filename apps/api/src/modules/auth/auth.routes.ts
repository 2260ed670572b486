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
import * as auth from './auth.service';

export const authRoutes = [
  route(staffLogin, (ctx) => auth.login(ctx, ctx.body)),
  route(verifyTwoFactor, (ctx) => auth.verifyMfa(ctx, ctx.body)),
  route(resendTwoFactor, (ctx) => auth.resendMfa(ctx, ctx.body)),
  route(refreshTokens, (ctx) => auth.refresh(ctx, ctx.body)),
  route(logout, (ctx) => auth.logout(ctx, ctx.staff())),
  route(forgotPassword, (ctx) => auth.forgotPassword(ctx, ctx.body)),
  route(resetPassword, (ctx) => auth.resetPassword(ctx, ctx.body)),
  route(createPassword, (ctx) => auth.createPassword(ctx, ctx.body)),
  route(checkResetToken, (ctx) => auth.checkToken(ctx.db, ctx.params.token)),
  route(changePassword, (ctx) => auth.changePassword(ctx, ctx.staff(), ctx.body)),
  route(getStudyToken, (ctx) => auth.studyToken(ctx, ctx.staff(), ctx.body.studyId)),
  route(jwtCheck, async (ctx) => auth.jwtClaims(ctx.staff())),
];
