/** Staff users: profile, instant data, roles, lock status and unlock, invitation, global sign-out. */
import {
  ADMIN_ROLES,
  baseRole,
  can,
  getRoleDefinition,
  isLocked,
  joinRealmRole,
  normalizeStaffUsername,
  PERMISSIONS,
  ROLE_DEFINITIONS,
  type RoleType,
  resetLockout,
  roleMatches,
  roleMatchesAny,
  rolesForList,
  messageRef,
} from '@trialpath/domain';
import type { Db } from '../../db/database';
import type { StaffActor } from '../../http/context';
import type { AuditInput } from '../audit/audit.service';
import { fail, fieldError, fieldProblem } from '../../http/errors';
import {
  bumpTokenVersion,
  findUserById,
  findUserByUsername,
  insertUser,
  listAssignments,
  listClientUsersByEmail,
  type UserRow,
  updateUser,
} from './users.repository';

type Audit = (e: AuditInput) => void;

/** The platform admin sees every study of its client (row-check bypass, 0002 decision). */
export function isSystemAdmin(actor: { platformRole: string }): boolean {
  return roleMatches(actor.platformRole, 'SystemAdmin');
}

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
export async function generalAuthorities(db: Db, user: UserRow): Promise<string[]> {
  const roles = [user.platform_role, ...(await listAssignments(db, user.id)).map((a) => a.role)];
  return [...new Set(roles.map((r) => joinRealmRole(user.realm, r)))];
}

/**
 * Roles that count for a permission check. In a study: the role held in that study, plus the
 * platform role when it is an administration role (SystemAdmin, Support). Elsewhere: the platform
 * role and every study role. Read from the database with the user on each request (not from the token), so a changed role applies at once.
 */
export function effectiveRoles(actor: StaffActor, studyId: string | null): string[] {
  const platform = joinRealmRole(actor.realm, actor.platformRole);
  const assignments = studyId ? actor.assignments.filter((a) => a.studyId === studyId) : actor.assignments;
  const studyRoles = assignments.map((a) => joinRealmRole(actor.realm, a.role));
  if (studyId) return roleMatchesAny(platform, ADMIN_ROLES) ? [platform, ...studyRoles] : studyRoles;
  return [platform, ...studyRoles];
}

export async function profile(db: Db, actor: StaffActor) {
  const u = await findUserById(db, actor.userId);
  if (!u) throw fail('UNAUTHENTICATED');
  return toStaffUser(u);
}

/** Staff accounts of a client with this e-mail address (case-insensitive), whatever their status (SSO matching). */
export function clientUsersByEmail(db: Db, clientId: string, email: string): Promise<UserRow[]> {
  return listClientUsersByEmail(db, clientId, email);
}

/** A user of the caller's client; another client's user looks like a missing one. */
export async function sameClientUser(db: Db, actor: StaffActor, userId: string): Promise<UserRow> {
  const u = await findUserById(db, userId);
  if (!u || u.client_id !== actor.clientId) throw fail('NOT_FOUND');
  return u;
}

function mayViewUsers(actor: StaffActor): boolean {
  return effectiveRoles(actor, null).some((r) => can(r, 'users.view'));
}

/** Spec 000 §3: the session user — study assignments with assigned sites, data access type. */
export async function instantUser(db: Db, actor: StaffActor, userId: string) {
  if (userId !== actor.userId && !mayViewUsers(actor)) throw fail('FORBIDDEN');
  const u = await sameClientUser(db, actor, userId);
  const assignments = await listAssignments(db, u.id);
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
export function roles(actor: StaffActor, type: 'platform' | 'site', hierarchy: boolean) {
  const mine = rankOf(actor.platformRole);
  const items = rolesForList(type)
    .filter((d) => !hierarchy || RANK[d.typeOfRole] <= mine)
    .map((d) => ({
      name: d.name,
      title: d.title,
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

export async function lockStatus(db: Db, actor: StaffActor, userId: string) {
  return lockStatusOf(await sameClientUser(db, actor, userId));
}

export async function unlock(db: Db, actor: StaffActor, userId: string, audit: Audit, reason: string) {
  const u = await sameClientUser(db, actor, userId);
  const before = lockStatusOf(u);
  const cleared = resetLockout();
  const after = lockStatusOf(
    await updateUser(db, u.id, { failed_attempts: cleared.failedAttempts, locked_until: cleared.lockedUntil }),
  );
  audit({ action: 'user.unlock', entityType: 'user', entityId: u.id, before, after, reason });
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
export async function createInvitedUser(db: Db, actor: StaffActor, input: InviteInput): Promise<UserRow> {
  const role = baseRole(input.role);
  if (!role || !ROLE_DEFINITIONS[role]) {
    throw fieldError('role', messageRef('errors.invalidValue'));
  }
  if (rankOf(role) > rankOf(actor.platformRole)) throw fail('FORBIDDEN');
  const username = input.username === undefined ? null : normalizeStaffUsername(input.username);
  if (username !== null && (await findUserByUsername(db, username))) {
    throw fieldProblem('CONFLICT', 'username', 'username.taken');
  }
  return insertUser(db, {
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
}

/** "Log out everywhere": the token version moves on, so every access token already issued is refused. */
export async function signOutEverywhere(db: Db, actor: StaffActor, userId: string): Promise<UserRow> {
  const u = await sameClientUser(db, actor, userId);
  await bumpTokenVersion(db, u.id);
  return u;
}
