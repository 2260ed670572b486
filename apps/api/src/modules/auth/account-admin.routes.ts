/**
 * Administration calls that give or take an account's credentials: the users module creates the
 * invited account and moves its token version; this module sends the invitation link and ends the
 * sessions (so the dependency runs one way: auth → users).
 */
import { inviteUser, logoutUser } from '@trialpath/contract';
import { route } from '../../http/context';
import { createInvitedUser, signOutEverywhere, toStaffUser } from '../users/users.service';
import { sendInvitation } from './invitations.service';
import { endSessionsOfUser } from './sessions.service';

export const accountAdminRoutes = [
  route(inviteUser, async (ctx) => {
    const user = await createInvitedUser(ctx, ctx.body);
    await sendInvitation(ctx, user);
    return toStaffUser(user);
  }),
  route(logoutUser, async (ctx) => {
    const user = await signOutEverywhere(ctx, ctx.params);
    await endSessionsOfUser(ctx, user.id);
    return { ok: true as const };
  }),
];
