import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { OkSchema, withReason } from './common';
import { StaffUserSchema } from './auth';

const UserStudySchema = z.object({
  studyId: z.string(),
  assignedSiteIds: z.array(z.string()),
  /** Role in that study (a site role when site-scoped). */
  userRole: z.string(),
  readOnly: z.boolean(),
});

/** Spec 000 §3: the session user. */
const InstantUserSchema = z.object({
  id: z.string(),
  userStudies: z.array(UserStudySchema),
  userDataAccessType: z.string(),
});

export const getProfile = defineEndpoint({
  id: 'getProfile',
  method: 'GET',
  path: '/api/v1/me',
  audience: 'staff',
  env: 'neutral',
  summary: 'Profile of the signed-in staff user',
  response: StaffUserSchema,
});

export const getInstantUser = defineEndpoint({
  id: 'getInstantUser',
  method: 'GET',
  path: '/api/v1/users/:userId/instant',
  audience: 'staff',
  env: 'neutral',
  summary: 'Instant user data: study assignments with assigned sites, data access type',
  params: z.object({ userId: z.string().uuid() }).strict(),
  response: InstantUserSchema,
});

const RoleRecordSchema = z.object({
  name: z.string(),
  title: z.string(),
  typeOfRole: z.enum(['admin', 'study team', 'site team']),
  scope: z.enum(['platform', 'site']),
  permissions: z.array(z.string()),
});

export const getRoles = defineEndpoint({
  id: 'getRoles',
  method: 'GET',
  path: '/api/v1/roles',
  audience: 'staff',
  env: 'neutral',
  summary: 'Roles by type (platform or site), optionally only those at or below the caller (hierarchy)',
  query: z
    .object({ type: z.enum(['platform', 'site']).default('platform'), hierarchy: z.enum(['true', 'false']).optional() })
    .strict(),
  response: z.object({ items: z.array(RoleRecordSchema) }),
});

const LockStatusSchema = z.object({
  userId: z.string(),
  failedAttempts: z.number().int(),
  locked: z.boolean(),
  lockedUntil: z.string().nullable(),
});

export const getLockStatus = defineEndpoint({
  id: 'getLockStatus',
  method: 'GET',
  path: '/api/v1/users/:userId/lock-status',
  audience: 'staff',
  env: 'neutral',
  permission: 'users.view',
  summary: 'Failed sign-in count and lock status of a user',
  params: z.object({ userId: z.string().uuid() }).strict(),
  response: LockStatusSchema,
});

export const unlockUser = defineEndpoint({
  id: 'unlockUser',
  method: 'POST',
  path: '/api/v1/users/:userId/unlock',
  audience: 'staff',
  env: 'neutral',
  permission: 'users.unlock',
  summary: 'Administrator unlock: resets the failed-attempt count and the lock (reason required, audited)',
  reasonRequired: true,
  params: z.object({ userId: z.string().uuid() }).strict(),
  body: withReason({}),
  response: LockStatusSchema,
});

export const inviteUser = defineEndpoint({
  id: 'inviteUser',
  method: 'POST',
  path: '/api/v1/users',
  audience: 'staff',
  env: 'neutral',
  permission: 'users.manage',
  // Names typed by one person and shown to many: sanitised like the content-editing endpoints.
  sanitize: true,
  summary: 'Invite a staff user: creates the account and e-mails a create-password link',
  body: z
    .object({
      username: z.string().min(3).max(150).optional(), // absent: the invitee registers (#/register/{token})
      email: z.string().email().max(320),
      firstName: z.string().min(1).max(100),
      lastName: z.string().min(1).max(100),
      role: z.string().min(1).max(60),
    })
    .strict(),
  response: StaffUserSchema,
});

export const logoutUser = defineEndpoint({
  id: 'logoutUser',
  method: 'POST',
  path: '/api/v1/users/:userId/logout',
  audience: 'staff',
  env: 'neutral',
  permission: 'users.manage',
  summary: 'Sign a user out everywhere (revokes all refresh tokens); their next call gets 403 globalSignout',
  params: z.object({ userId: z.string().uuid() }).strict(),
  response: OkSchema,
});
