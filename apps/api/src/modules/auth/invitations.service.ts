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

/** Sends the invitation and returns its link (the create-admin command prints it). */
export async function sendInvitation(ctx: DbCtx & Pick<ServiceCtx, 'config'>, user: UserRow): Promise<string> {
  if (user.username === null) {
    const token = await newPasswordToken(ctx, { userId: user.id }, 'register', INVITE_TOKEN_TTL_MS);
    const link = `${ctx.config.publicUrl}/#/register/${token}`;
    await queueEmail(ctx, {
      to: user.email,
      subject: 'You are invited to Trialpath',
      body: `Hello ${user.first_name},\n\nYou are invited to Trialpath. Choose your username and password within 7 days:\n${link}`,
    });
    return link;
  }
  const token = await newPasswordToken(ctx, { userId: user.id }, 'invite', INVITE_TOKEN_TTL_MS);
  const link = `${ctx.config.publicUrl}/#/create-password/${token}`;
  await queueEmail(ctx, {
    to: user.email,
    subject: 'You are invited to Trialpath',
    body: `Hello ${user.first_name},\n\nAn account with the username "${user.username}" was created for you on Trialpath.\nCreate your password within 7 days:\n${link}`,
  });
  return link;
}
