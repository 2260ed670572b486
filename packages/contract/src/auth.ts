import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { OkSchema } from './common';
import { NewPasswordSchema, refuseReusedPassword } from './passwords';

const Password = z.string().min(1).max(256);

export const StaffUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  /** Highest platform role of the user (site roles live per study in userStudies). */
  userRole: z.string(),
  status: z.enum(['ACTIVE', 'INVITED', 'DEACTIVATED']),
  profileCompleted: z.boolean(),
  phoneNumber: z.string().nullable(),
  realmOfPermission: z.string().nullable(),
  clientId: z.string(),
  /** URL path of the profile image (GET, staff token), null when none. */
  profileImage: z.string().nullable(),
  workNumber: z.string().nullable(),
  licenseType: z.string().nullable(),
  /** false while an e-mail change awaits its code. */
  otpVerified: z.boolean(),
  /** set when the user is a client member (admin area). */
  clientMemberId: z.string().nullable(),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

const TokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type Tokens = z.infer<typeof TokensSchema>;

/** Spec 000 §7.3 outcomes: TwoFARequest, OTPVerifiedRequest, or tokens issued. */
export const LoginResponseSchema = z.discriminatedUnion('nextStep', [
  z.object({
    nextStep: z.literal('TwoFARequest'),
    /** Opaque handle for the verify / resend calls. */
    challengeId: z.string(),
    channel: z.enum(['email', 'sms']),
    destination: z.string(),
  }),
  z.object({ nextStep: z.literal('OTPVerifiedRequest'), challengeId: z.string() }),
  z.object({ nextStep: z.literal('Tokens'), tokens: TokensSchema, user: StaffUserSchema }),
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const staffLogin = defineEndpoint({
  id: 'staffLogin',
  method: 'POST',
  path: '/api/v1/auth/login',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Staff sign-in (username lowercased); may ask for a second factor',
  body: z
    .object({
      username: z.string().min(1).max(150),
      password: Password,
      isWebPortal: z.boolean().optional(),
      strictWebLogin: z.boolean().optional(),
      publicIp: z.string().max(64).nullable().optional(),
    })
    .strict(),
  response: LoginResponseSchema,
});

export const verifyTwoFactor = defineEndpoint({
  id: 'verifyTwoFactor',
  method: 'POST',
  path: '/api/v1/auth/mfa/verify',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Verify the one-time code of a two-factor sign-in',
  body: z.object({ challengeId: z.string().min(1).max(200), code: z.string().min(4).max(10) }).strict(),
  response: z.object({ tokens: TokensSchema, user: StaffUserSchema }),
});

export const resendTwoFactor = defineEndpoint({
  id: 'resendTwoFactor',
  method: 'POST',
  path: '/api/v1/auth/mfa/resend',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Send a new one-time code for a pending two-factor sign-in',
  body: z.object({ challengeId: z.string().min(1).max(200) }).strict(),
  response: OkSchema,
});

export const refreshTokens = defineEndpoint({
  id: 'refreshTokens',
  method: 'POST',
  path: '/api/v1/auth/refresh',
  audience: 'public',
  env: 'neutral',
  auth: 'none',
  rateLimited: true,
  summary: 'Rotate a refresh token: the old one is revoked, a new pair is issued',
  // Session plumbing, not a record: sign-in and sign-out are the audited events (a reused token's
  // revocation of its family is audited all the same).
  audit: false,
  body: z.object({ refreshToken: z.string().min(1).max(500), studyId: z.string().uuid().optional() }).strict(),
  response: TokensSchema,
});

export const logout = defineEndpoint({
  id: 'logout',
  method: 'POST',
  path: '/api/v1/auth/logout',
  audience: 'staff',
  env: 'neutral',
  summary: 'Sign out: revokes the refresh-token family and every per-study token of the session',
  body: z.object({ refreshToken: z.string().max(500).optional() }).strict(),
  response: OkSchema,
});

export const forgotPassword = defineEndpoint({
  id: 'forgotPassword',
  method: 'POST',
  path: '/api/v1/auth/forgot-password',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  responseFloor: true,
  summary: 'E-mail a password-reset link (same answer whether or not the account exists)',
  body: z.object({ username: z.string().min(1).max(320) }).strict(),
  response: OkSchema,
});

export const resetPassword = defineEndpoint({
  id: 'resetPassword',
  method: 'POST',
  path: '/api/v1/auth/reset-password',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Set a new password with a single-use, expiring reset token',
  body: z.object({ token: z.string().min(10).max(200), password: NewPasswordSchema }).strict(),
  response: OkSchema,
});

export const createPassword = defineEndpoint({
  id: 'createPassword',
  method: 'POST',
  path: '/api/v1/auth/create-password',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'An invited user creates the first password with the invitation token',
  body: z.object({ token: z.string().min(10).max(200), password: NewPasswordSchema }).strict(),
  response: OkSchema,
});

export const checkResetToken = defineEndpoint({
  id: 'checkResetToken',
  method: 'GET',
  path: '/api/v1/auth/password-tokens/:token',
  audience: 'public',
  env: 'neutral',
  summary: 'Whether a reset / invitation token is still usable (for the page to show the form or the reason)',
  params: z.object({ token: z.string().min(10).max(200) }).strict(),
  response: z.object({
    valid: z.boolean(),
    purpose: z.enum(['reset', 'invite']).nullable(),
    username: z.string().nullable(),
  }),
});

export const changePassword = defineEndpoint({
  id: 'changePassword',
  method: 'PUT',
  path: '/api/v1/auth/password',
  audience: 'staff',
  env: 'neutral',
  // A wrong current password also counts toward the sign-in lockout (decision 0022).
  rateLimited: true,
  summary: 'Change own password (current password required)',
  body: refuseReusedPassword(
    z.object({ currentPassword: Password, newPassword: NewPasswordSchema }).strict(),
    'currentPassword',
    'newPassword',
  ),
  response: OkSchema,
});

/** Per-study token carrying studyId and the user's authorities in that study (spec 000 §6, §7.1). */
export const getStudyToken = defineEndpoint({
  id: 'getStudyToken',
  method: 'POST',
  path: '/api/v1/auth/study-token',
  audience: 'staff',
  env: 'neutral',
  summary: 'Issue a per-study token pair (studyId and authorities for that study)',
  body: z.object({ studyId: z.string().uuid() }).strict(),
  response: TokensSchema.extend({ studyId: z.string(), authorities: z.array(z.string()) }),
});

export const jwtCheck = defineEndpoint({
  id: 'jwtCheck',
  method: 'GET',
  path: '/api/v1/auth/jwt-check',
  audience: 'staff',
  env: 'neutral',
  summary: 'Whether the presented access token is valid; returns its claims',
  response: z.object({
    id: z.string(),
    pId: z.string().nullable(),
    studyId: z.string().nullable(),
    authorities: z.array(z.string()),
    exp: z.number(),
  }),
});
