import { listSsoProviders, ssoCodeToToken, startSso } from '@trialpath/contract';
import { route } from '../../http/context';
import * as sso from './sso.service';

export const ssoRoutes = [
  route(listSsoProviders, (ctx) => sso.listProviders(ctx)),
  route(startSso, (ctx) => sso.start(ctx, ctx.body)),
  route(ssoCodeToToken, (ctx) => sso.codeToToken(ctx, ctx.body)),
];
