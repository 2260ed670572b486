import {
  getInstantUser,
  getLockStatus,
  getProfile,
  getRoles,
  inviteUser,
  logoutUser,
  unlockUser,
} from '@trialpath/contract';
import { route } from '../../http/context';
import { sendInvitation } from '../auth/invitations.service';
import { endSessionsOfUser } from '../auth/sessions.service';
import * as users from './users.service';

export const userRoutes = [
  route(getProfile, (ctx) => users.profile(ctx)),
  route(getInstantUser, (ctx) => users.instantUser(ctx, ctx.params)),
  route(getRoles, (ctx) => users.roles(ctx, { type: ctx.query.type, hierarchy: ctx.query.hierarchy === 'true' })),
  route(getLockStatus, (ctx) => users.lockStatus(ctx, ctx.params)),
  route(unlockUser, (ctx) => users.unlock(ctx, ctx.params)),
  route(inviteUser, async (ctx) => {
    const user = await users.createInvitedUser(ctx, ctx.body);
    await sendInvitation(ctx, user);
    return users.toStaffUser(user);
  }),
  route(logoutUser, async (ctx) => {
    const user = await users.signOutEverywhere(ctx, ctx.params);
    await endSessionsOfUser(ctx, user.id);
    return { ok: true as const };
  }),
];
