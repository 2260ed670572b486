/**
 * Staff forgot-username and registration by invitation (spec 000 §7.2, §7.3; decisions A-062,
 * the invitee verifies the link, checks a username and registers once.
 */
import {
  checkPassword,
  checkUsername as usernameRuleKeys,
  type FieldMessageRefs,
  type MessageKey,
  type MessageRef,
  messageRef,
  normalizeStaffUsername,
  refText,
  ruleRefs,
  sanitizeContent,
  translate,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { queueEmail } from '../outbox/outbox.service';
import {
  activeUsersByEmail,
  changeUser,
  lockUser,
  type UserRow,
  userById,
  userByUsername,
} from '../users/users.service';
import { hashPassword } from './passwords';
import { markTokenUsed, passwordTokenRow, usablePasswordToken } from './passwords.service';
import { staffRef } from './sign-in.service';

export async function forgotUsername(ctx: ServiceCtx, body: { email: string }) {
  const accounts = await activeUsersByEmail(ctx, body.email);
  if (accounts.length > 0) {
    const usernames = accounts.map((u) => `  ${u.username}`).join('\n');
    await queueEmail(ctx, {
      to: accounts[0]!.email,
      template: accounts.length > 1 ? 'usernamesReminder' : 'usernameReminder',
      params: { firstName: accounts[0]!.first_name, usernames },
      language: ctx.request.language,
    });
    for (const u of accounts) {
      ctx.audit({ action: 'auth.username.reminder', entityType: 'user', entityId: u.id, actor: staffRef(u) });
    }
  } else {
    // Same answer either way (no account discovery); the attempt is on the trail all the same.
    ctx.audit({ action: 'auth.username.reminder', entityType: 'user', after: { matched: false } });
  }
  return { ok: true as const, message: translate('username.reminderSent', undefined, ctx.request.language) };
}

/** The invitee of a usable registration token, or not valid. Read-only. */
export async function verifyUser(ctx: ServiceCtx, body: { token: string }) {
  const row = await passwordTokenRow(ctx, body.token);
  const usable = !!row && row.purpose === 'register' && !row.used_at && row.expires_at.getTime() > Date.now();
  const user = usable && row.user_id ? await userById(ctx, row.user_id) : undefined;
  if (user?.status !== 'INVITED' || user.username !== null) {
    return { valid: false, email: null, firstName: null, lastName: null };
  }
  return {
    valid: true,
    email: user.email,
    firstName: user.first_name || null,
    lastName: user.last_name || null,
  };
}

async function invitedUserOf(ctx: ServiceCtx, token: string): Promise<{ tokenId: string; user: UserRow }> {
  const row = await usablePasswordToken(ctx, token, 'register');
  const user = await lockUser(ctx, row.user_id!);
  if (user?.status !== 'INVITED' || user.username !== null) throw fail('RESET_TOKEN_INVALID');
  return { tokenId: row.id, user };
}

/** Rule messages for a username (domain rule, no spaces); empty when it follows the rule. */
function usernameProblems(username: string): MessageRef[] {
  const keys: MessageKey[] = usernameRuleKeys(username);
  if (/\s/.test(username)) keys.push('username.noSpaces');
  return ruleRefs(keys);
}

export async function checkUsernameAvailability(ctx: ServiceCtx, body: { token: string; username: string }) {
  await invitedUserOf(ctx, body.token);
  const username = normalizeStaffUsername(body.username);
  const problems = usernameProblems(username);
  const lang = ctx.request.language;
  if (problems.length) return { available: false, message: problems.map((p) => refText(p, lang)).join(' ') };
  if (await userByUsername(ctx, username))
    return { available: false, message: translate('username.taken', undefined, lang) };
  return { available: true, message: null };
}

function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

export async function registerUser(
  ctx: ServiceCtx,
  body: { token: string; username: string; firstName: string; lastName: string; password: string },
) {
  const { tokenId, user } = await invitedUserOf(ctx, body.token);
  const username = normalizeStaffUsername(body.username);
  const fields: FieldMessageRefs = {};
  const problems = usernameProblems(username);
  if (problems.length) fields.username = problems;
  const passwordProblems = checkPassword(body.password);
  if (passwordProblems.length) fields.password = ruleRefs(passwordProblems);
  // The names get the cleaning PUT /me gives them (002 §5); the password is left exactly as typed.
  const firstName = sanitizeContent(body.firstName).trim();
  const lastName = sanitizeContent(body.lastName).trim();
  if (!firstName) fields.firstName = [messageRef('errors.required')];
  if (!lastName) fields.lastName = [messageRef('errors.required')];
  if (Object.keys(fields).length) throw fail('VALIDATION_FAILED', undefined, { fields });

  const taken = () => fieldProblem('CONFLICT', 'username', 'username.taken');
  if (await userByUsername(ctx, username)) throw taken();
  let after: UserRow;
  try {
    after = await changeUser(ctx, user.id, {
      username,
      first_name: firstName,
      last_name: lastName,
      password_hash: await hashPassword(body.password),
      status: 'ACTIVE',
      profile_completed: false,
    });
  } catch (e) {
    // Two registrations racing for one username: the unique index decides.
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
  await markTokenUsed(ctx, tokenId);
  ctx.audit({
    action: 'user.register',
    entityType: 'user',
    entityId: user.id,
    actor: staffRef(user),
    before: { status: user.status, username: null, firstName: user.first_name, lastName: user.last_name },
    after: { status: after.status, username: after.username, firstName: after.first_name, lastName: after.last_name },
  });
  return { ok: true as const };
}
