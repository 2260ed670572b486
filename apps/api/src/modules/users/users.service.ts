/**
 * Staff users: the account rows other areas read and change through here (sign-in, SSO,
 * registration), the instant user, roles, lock status and unlock, invitation, global sign-out.
 */
import {
  baseRole,
  can,
  getRoleDefinition,
  isLocked,
  joinRealmRole,
  messageRef,
  normalizeStaffUsername,
  PERMISSIONS,
  ROLE_DEFINITIONS,
  type RoleType,
  resetLockout,
  roleTitle,
  rolesForList,
} from '@trialpath/domain';
import type { Insertable, Updateable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import type { StaffActor } from '../../kernel/actor';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail, fieldError, fieldProblem } from '../../kernel/errors';
import { rolesOf } from '../access/access.service';
import {
  bumpTokenVersion,
  findUserById,
  findUserByUsername,
  findUserByUsernameOrEmail,
  findUserForUpdate,
  findUserWithAssignments,
  insertUser,
  listActiveUsersByEmail,
  listAssignments,
  listClientUsersByEmail,
  listUserNames,
  mostCommonEmailDomain,
  type UserRow,
  type UserWithAssignments,
  updateUser,
} from './users.repository';

export type { UserRow, UserWithAssignments };

// ── account rows, for the areas that sign users in and change their credentials ──────────────

export const userById = (ctx: DbCtx, id: string) => findUserById(ctx.db, id);
/** `username` must already be normalised (lowercase). */
export const userByUsername = (ctx: DbCtx, username: string) => findUserByUsername(ctx.db, username);
export const userByUsernameOrEmail = (ctx: DbCtx, value: string) => findUserByUsernameOrEmail(ctx.db, value);
/** The row, locked for the rest of the transaction (sign-in counters and credential changes must not race). */
export const lockUser = (ctx: DbCtx, id: string) => findUserForUpdate(ctx.db, id);
export const changeUser = (ctx: DbCtx, id: string, values: Updateable<UsersTable>) => updateUser(ctx.db, id, values);
export const addUser = (ctx: DbCtx, values: Insertable<UsersTable>) => insertUser(ctx.db, values);
/** Every access token already issued to the user stops working (their next call: 403 globalSignout). */
export const endAllTokensOf = (ctx: DbCtx, id: string) => bumpTokenVersion(ctx.db, id);
/** The user with every study assignment and its sites, in one query (each staff request's authentication). */
export const userWithAssignments = (ctx: DbCtx, id: string) => findUserWithAssignments(ctx.db, id);
/** Active accounts with this e-mail address that have a username (forgot username). */
export const activeUsersByEmail = (ctx: DbCtx, email: string) => listActiveUsersByEmail(ctx.db, email);
/** Staff accounts of a client with this e-mail address, whatever their status (SSO matching). */
export const clientUsersByEmail = (ctx: DbCtx, clientId: string, email: string) =>
  listClientUsersByEmail(ctx.db, clientId, email);
/** The e-mail domain most users have (decoy destinations look like real ones). */
export const usualEmailDomain = (ctx: DbCtx) => mostCommonEmailDomain(ctx.db);

/** URL path of a user's profile image (GET with a staff token). */
export function profileImagePath(userId: string): string {
  return `/api/v1/users/${userId}/profile-image`;
}

export function toStaffUser(u: UserRow) {
  return {
    id: u.id,
    // '' until an invitee registers and chooses a username
    username: u.username ?? '',
    firstName: u.first_name,
    lastName: u.last_name,
    name: `${u.first_name} ${u.last_name}`.trim(),
    email: u.email,
    userRole: joinRealmRole(u.realm, u.platform_role),
    status: u.status,
    profileCompleted: u.profile_completed,
    phoneNumber: u.phone_number,
    realmOfPermission: u.realm,
    clientId: u.client_id,
    profileImage: u.profile_image_at ? profileImagePath(u.id) : null,
    workNumber: u.work_number,
    licenseType: u.license_type,
    otpVerified: u.otp_verified,
    clientMemberId: u.client_member_id,
  };
}

/** Authorities of a general token: the platform role and every study role (realm-prefixed when set). */
export async function generalAuthorities(ctx: DbCtx, user: UserRow): Promise<string[]> {
  const roles = [user.platform_role, ...(await listAssignments(ctx.db, user.id)).map((a) => a.role)];
  return [...new Set(roles.map((r) => joinRealmRole(user.realm, r)))];
}

export async function profile(ctx: ServiceCtx) {
  const u = await findUserById(ctx.db, ctx.staff().userId);
  if (!u) throw fail('UNAUTHENTICATED');
  return toStaffUser(u);
}

/** A user of the caller's client; another client's user looks like a missing one. */
export async function sameClientUser(ctx: ServiceCtx, userId: string): Promise<UserRow> {
  const u = await findUserById(ctx.db, userId);
  if (!u || u.client_id !== ctx.staff().clientId) throw fail('NOT_FOUND');
  return u;
}

/**
 * A user-directed administrative call (lock status, unlock, sign-out, instant user) on a user of the
 * caller's client whose role type is not above the caller's — the rule invitations apply to the role
 * they give (decision 0028). Another client's user looks missing; a higher-ranked one is a 403.
 */
async function manageableUser(ctx: ServiceCtx, userId: string): Promise<UserRow> {
  const u = await sameClientUser(ctx, userId);
  if (u.id !== ctx.staff().userId && rankOf(u.platform_role) > rankOf(ctx.staff().platformRole)) {
    throw fail('FORBIDDEN', undefined, { message: messageRef('access.userOutranks') });
  }
  return u;
}

function mayViewUsers(actor: StaffActor): boolean {
  return rolesOf(actor, null).some((r) => can(r, 'users.view'));
}

/** Spec 000 §3: the session user — study assignments with assigned sites, data access type. */
export async function instantUser(ctx: ServiceCtx, input: { userId: string }) {
  const actor = ctx.staff();
  if (input.userId !== actor.userId && !mayViewUsers(actor)) throw fail('FORBIDDEN');
  const u = await manageableUser(ctx, input.userId);
  const assignments = await listAssignments(ctx.db, u.id);
  return {
    id: u.id,
    userDataAccessType: u.data_access_type,
    userStudies: assignments.map((a) => ({
      studyId: a.studyId,
      assignedSiteIds: a.assignedSiteIds,
      userRole: joinRealmRole(u.realm, a.role),
      readOnly: a.readOnly,
    })),
  };
}

const RANK: Record<RoleType, number> = { admin: 3, 'study team': 2, 'site team': 1 };

function rankOf(role: string): number {
  const def = getRoleDefinition(role);
  return def ? RANK[def.typeOfRole] : 0;
}

/** Roles by type; with hierarchy, only role types at or below the caller's platform role. */
export async function roles(ctx: ServiceCtx, input: { type: 'platform' | 'site'; hierarchy: boolean }) {
  const mine = rankOf(ctx.staff().platformRole);
  const items = rolesForList(input.type)
    .filter((d) => !input.hierarchy || RANK[d.typeOfRole] <= mine)
    .map((d) => ({
      name: d.name,
      title: roleTitle(d.name, ctx.request.language),
      typeOfRole: d.typeOfRole,
      scope: d.scope,
      permissions: [...PERMISSIONS[d.name]],
    }));
  return { items };
}

function lockStatusOf(u: UserRow) {
  const state = { failedAttempts: u.failed_attempts, lockedUntil: u.locked_until };
  return {
    userId: u.id,
    failedAttempts: u.failed_attempts,
    locked: isLocked(state),
    lockedUntil: u.locked_until ? u.locked_until.toISOString() : null,
  };
}

export async function lockStatus(ctx: ServiceCtx, input: { userId: string }) {
  return lockStatusOf(await manageableUser(ctx, input.userId));
}

/** Administrator unlock; the reason for change is the request's (the endpoint requires one). */
export async function unlock(ctx: ServiceCtx, input: { userId: string }) {
  const u = await manageableUser(ctx, input.userId);
  const before = lockStatusOf(u);
  const cleared = resetLockout();
  const after = lockStatusOf(
    await updateUser(ctx.db, u.id, { failed_attempts: cleared.failedAttempts, locked_until: cleared.lockedUntil }),
  );
  ctx.audit({ action: 'user.unlock', entityType: 'user', entityId: u.id, before, after });
  return after;
}

export interface InviteInput {
  /** Absent: the invitee chooses it when registering (#/register/{token}). */
  username?: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

/** Creates the INVITED account; the caller sends the invitation link. Role types above the inviter's are refused. */
export async function createInvitedUser(ctx: ServiceCtx, input: InviteInput): Promise<UserRow> {
  const actor = ctx.staff();
  const role = baseRole(input.role);
  if (!role || !ROLE_DEFINITIONS[role]) throw fieldError('role', messageRef('errors.invalidValue'));
  if (rankOf(role) > rankOf(actor.platformRole)) throw fail('FORBIDDEN');
  const username = input.username === undefined ? null : normalizeStaffUsername(input.username);
  if (username !== null && (await findUserByUsername(ctx.db, username))) {
    throw fieldProblem('CONFLICT', 'username', 'username.taken');
  }
  const user = await insertUser(ctx.db, {
    client_id: actor.clientId,
    username,
    email: input.email.trim(),
    first_name: input.firstName.trim(),
    last_name: input.lastName.trim(),
    phone_number: null,
    password_hash: null,
    status: 'INVITED',
    platform_role: role,
    realm: actor.realm,
  });
  ctx.audit({ action: 'user.invite', entityType: 'user', entityId: user.id, after: toStaffUser(user) });
  return user;
}

/** "Log out everywhere": the token version moves on, so every access token already issued is refused. */
export async function signOutEverywhere(ctx: ServiceCtx, input: { userId: string }): Promise<UserRow> {
  const u = await manageableUser(ctx, input.userId);
  await bumpTokenVersion(ctx.db, u.id);
  ctx.audit({ action: 'user.logout-everywhere', entityType: 'user', entityId: u.id });
  return u;
}

/** People as other records name them ("created by"): id and full name (the username when no name is set). */
export async function staffPeople(
  ctx: DbCtx,
  ids: readonly (string | null)[],
): Promise<Map<string, { id: string; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = await listUserNames(ctx.db, wanted);
  return new Map(
    rows.map((u) => [u.id, { id: u.id, name: `${u.first_name} ${u.last_name}`.trim() || u.username || u.id }]),
  );
}
