import {
  downloadLinkageTokens,
  getLinkageConfiguration,
  listLinkageTokens,
  rotateLinkageKey,
  updateLinkageConfiguration,
} from '@trialpath/contract';
import { route } from '../../http/context';
import * as linkage from './linkage.service';

export const linkageRoutes = [
  route(getLinkageConfiguration, (ctx) => linkage.linkageConfiguration(ctx, ctx.params)),
  route(updateLinkageConfiguration, (ctx) => linkage.configureLinkage(ctx, { ...ctx.params, ...ctx.body })),
  route(rotateLinkageKey, (ctx) => linkage.rotateKey(ctx, { ...ctx.params, ...ctx.body })),
  route(listLinkageTokens, (ctx) => linkage.linkageTokenList(ctx, { ...ctx.params, ...ctx.query })),
  route(downloadLinkageTokens, (ctx) => linkage.linkageTokenCsv(ctx, ctx.params)),
];
