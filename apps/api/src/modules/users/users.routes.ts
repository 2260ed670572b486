import { getInstantUser, getLockStatus, getProfile, getRoles, unlockUser } from '@trialpath/contract';
import { route } from '../../http/context';
import * as users from './users.service';

export const userRoutes = [
  route(getProfile, (ctx) => users.profile(ctx)),
  route(getInstantUser, (ctx) => users.instantUser(ctx, ctx.params)),
  route(getRoles, (ctx) => users.roles(ctx, { type: ctx.query.type, hierarchy: ctx.query.hierarchy === 'true' })),
  route(getLockStatus, (ctx) => users.lockStatus(ctx, ctx.params)),
  route(unlockUser, (ctx) => users.unlock(ctx, ctx.params)),
];
