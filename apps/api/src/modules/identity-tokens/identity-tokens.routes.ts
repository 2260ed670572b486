import { decideMyRecordLinkage, getMyRecordLinkage, putMyIdentityTokens } from '@trialpath/contract';
import { route } from '../../http/context';
import * as identityTokens from './identity-tokens.service';

export const identityTokenRoutes = [
  route(putMyIdentityTokens, (ctx) => identityTokens.putMyIdentityTokens(ctx, ctx.body)),
  route(getMyRecordLinkage, (ctx) => identityTokens.myRecordLinkage(ctx)),
  route(decideMyRecordLinkage, (ctx) => identityTokens.decideMyRecordLinkage(ctx, ctx.body)),
];
