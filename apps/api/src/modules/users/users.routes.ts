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
import { revokeUserSessions, sendInvitation } from '../auth/auth.service';
import * as users from './users.service';

export const userRoutes = [
  route(getProfile, (ctx) => users.profile(ctx.db, ctx.staff())),
  route(getInstantUser, (ctx) => users.instantUser(ctx.db, ctx.staff(), ctx.params.userId)),
  route(getRoles, async (ctx) => users.roles(ctx.staff(), ctx.query.type, ctx.query.hierarchy === 'true')),
  route(getLockStatus, (ctx) => users.lockStatus(ctx.db, ctx.staff(), ctx.params.userId)),
  route(unlockUser, (ctx) => users.unlock(ctx.db, ctx.staff(), ctx.params.userId, ctx.audit, ctx.body.reason)),
  route(inviteUser, async (ctx) => {
    const user = await users.createInvitedUser(ctx.db, ctx.staff(), ctx.body);
    await sendInvitation(ctx.db, ctx.config, user);
    ctx.audit({ action: 'user.invite', entityType: 'user', entityId: user.id, after: users.toStaffUser(user) });
    return users.toStaffUser(user);
  }),
  route(logoutUser, async (ctx) => {
    const user = await users.signOutEverywhere(ctx.db, ctx.staff(), ctx.params.userId);
    await revokeUserSessions(ctx.db, user.id);
    ctx.audit({ action: 'user.logout-everywhere', entityType: 'user', entityId: user.id });
    return { ok: true as const };
  }),
];
