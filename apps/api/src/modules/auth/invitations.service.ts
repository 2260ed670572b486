/**
 * Invitation links: a 7-day single-use link e-mailed through the outbox —
 * #/create-password/{token} when the administrator chose the username, #/register/{token} when the
 * invitee chooses it.
 */
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { queueEmail } from '../outbox/outbox.service';
import type { UserRow } from '../users/users.service';
import { newPasswordToken } from './passwords.service';

export const INVITE_TOKEN_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * Sends the invitation and returns its link (the create-admin command prints it). In the inviter's
 * language: the invitee's is not known yet (decision 0025).
 */
export async function sendInvitation(
  ctx: DbCtx & Pick<ServiceCtx, 'config' | 'request'>,
  user: UserRow,
): Promise<string> {
  if (user.username === null) {
    const token = await newPasswordToken(ctx, { userId: user.id }, 'register', INVITE_TOKEN_TTL_MS);
    const link = `${ctx.config.publicUrl}/#/register/${token}`;
    await queueEmail(ctx, {
      to: user.email,
      template: 'staffInvite',
      params: { firstName: user.first_name, link },
      language: ctx.request.language,
    });
    return link;
  }
  const token = await newPasswordToken(ctx, { userId: user.id }, 'invite', INVITE_TOKEN_TTL_MS);
  const link = `${ctx.config.publicUrl}/#/create-password/${token}`;
  await queueEmail(ctx, {
    to: user.email,
    template: 'staffInviteWithUsername',
    params: { firstName: user.first_name, username: user.username, link },
    language: ctx.request.language,
  });
  return link;
}
