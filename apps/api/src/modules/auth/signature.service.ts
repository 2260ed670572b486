/**
 * The signer of an electronic signature (21 CFR 11.50, 11.200; decision 0046): the signed-in user proves it is
 * them with their password at the moment of signing; a wrong one counts toward the sign-in lockout.
 */
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { lockUser } from '../users/users.service';
import { requireCurrentPassword } from './reauthenticate';

/** The signer's id and printed name, once their password is checked (refusals as reauthenticate.ts words them). */
export async function verifySigner(ctx: ServiceCtx, currentPassword: string) {
  const user = await lockUser(ctx, ctx.staff().userId);
  if (!user) throw fail('UNAUTHENTICATED');
  await requireCurrentPassword(ctx, user, currentPassword, 'signature');
  const name = `${user.first_name} ${user.last_name}`.trim();
  return { userId: user.id, name: name || user.username || user.email };
}
