import { putMyIdentityTokens } from '@trialpath/contract';
import { route } from '../../http/context';
import * as identityTokens from './identity-tokens.service';

export const identityTokenRoutes = [
  route(putMyIdentityTokens, (ctx) => identityTokens.putMyIdentityTokens(ctx, ctx.body)),
];
