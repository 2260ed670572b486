/**
 * One-time codes, e-mail change, forgot username and registration by invitation
 * (000 §7.2, §7.3; decisions ).
 */
import { z } from 'zod';
import { StaffUserSchema } from './auth';
import { OkSchema } from './common';
import { NewPasswordSchema } from './passwords';
import { defineEndpoint } from './endpoint';

const ChallengeId = z.string().min(1).max(200);
const CurrentPassword = z.string().min(1).max(256);
const Code = z.string().min(4).max(10);

/** A code was sent: the handle for the verify call and where it went (masked). */
const OtpChallengeSchema = z.object({
  challengeId: z.string(),
  channel: z.enum(['email', 'sms']),
  /** Masked: "+1 ••• ••• 4567" or "p•••@example.org". */
  destination: z.string(),
});
export type OtpChallenge = z.infer<typeof OtpChallengeSchema>;

/**
 * Send a one-time code (reset password by code). An unknown username gets a decoy challenge of the
 * same shape that never verifies; sms for an account without a mobile number is 409 NO_PHONE_ON_FILE
 * (field `channel`: choose e-mail).
 */
export const sendOtp = defineEndpoint({
  id: 'sendOtp',
  method: 'POST',
  path: '/api/v1/auth/otp/send',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  responseFloor: true,
  summary:
    'Send a one-time code (purpose reset-password) by e-mail or SMS; same answer for unknown accounts; 409 NO_PHONE_ON_FILE for SMS to an account without a mobile number',
  body: z
    .object({
      purpose: z.literal('reset-password'),
      username: z.string().min(1).max(320),
      channel: z.enum(['email', 'sms']),
    })
    .strict(),
  response: OtpChallengeSchema,
});

/** 000 §7.3 mobile one-time code: verifies a new mobile number of the signed-in user. */
export const sendMobileOtp = defineEndpoint({
  id: 'sendMobileOtp',
  method: 'POST',
  path: '/api/v1/auth/otp/mobile',
  audience: 'staff',
  env: 'neutral',
  summary:
    'Send a code by SMS to a new mobile number of the signed-in user (country code gets a leading +); needs the current password',
  body: z
    .object({
      /** Re-authentication (decision 0028): a stolen access token alone cannot move the account's codes. */
      currentPassword: CurrentPassword,
      mobileCountryCode: z.string().min(1).max(6),
      phone: z.string().min(4).max(30),
      studyId: z.string().uuid().optional(),
    })
    .strict(),
  response: OtpChallengeSchema.extend({ channel: z.literal('sms') }),
});

/**
 * Verify a one-time code. reset-password → a fresh single-use reset token for resetPassword;
 * mobile → the number is stored on the user. Wrong code → 400; 5 tries or 10 minutes end the challenge.
 */
export const verifyOtp = defineEndpoint({
  id: 'verifyOtp',
  method: 'POST',
  path: '/api/v1/auth/otp/verify',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Verify a one-time code (reset-password → reset token; mobile → number stored, the e-mail address told)',
  body: z.object({ challengeId: ChallengeId, code: Code }).strict(),
  response: z.object({ verified: z.literal(true), resetToken: z.string().nullable() }),
});

/** Change-email one-time code: the code goes to the NEW address; the account is unverified until then. */
export const changeEmail = defineEndpoint({
  id: 'changeEmail',
  method: 'PUT',
  path: '/api/v1/me/email',
  audience: 'staff',
  env: 'neutral',
  summary:
    'Start an e-mail change (needs the current password): a code is sent to the new address (account marked not verified)',
  body: z.object({ email: z.string().email().max(320), currentPassword: CurrentPassword }).strict(),
  response: OtpChallengeSchema.extend({ channel: z.literal('email') }),
});

export const verifyEmailChange = defineEndpoint({
  id: 'verifyEmailChange',
  method: 'POST',
  path: '/api/v1/me/email/verify',
  audience: 'staff',
  env: 'neutral',
  summary:
    'Confirm an e-mail change with its code: the address is replaced, the account verified again, the old address told',
  body: z.object({ challengeId: ChallengeId, code: Code }).strict(),
  response: StaffUserSchema,
});

/** Staff forgot username: e-mails the usernames of the active accounts with that address. */
export const forgotUsername = defineEndpoint({
  id: 'forgotUsername',
  method: 'POST',
  path: '/api/v1/auth/forgot-username',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  responseFloor: true,
  summary: 'E-mail the usernames of the active staff accounts with this address (same answer when none)',
  body: z.object({ email: z.string().min(1).max(320) }).strict(),
  response: OkSchema,
});

const RegisterToken = z.string().min(10).max(200);

/** 000 §7.2 verify user: whether a registration link is usable, with the invitee's known details. */
export const verifyUser = defineEndpoint({
  id: 'verifyUser',
  method: 'POST',
  path: '/api/v1/users/verify',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Whether a registration token is usable; the invited e-mail and names',
  audit: false, // a read sent as POST (the token stays out of the address)
  body: z.object({ token: RegisterToken }).strict(),
  response: z.object({
    valid: z.boolean(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});

/** 000 §7.2 check username availability (needs a usable registration token). */
export const checkUsername = defineEndpoint({
  id: 'checkUsername',
  method: 'POST',
  path: '/api/v1/users/check-username',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Whether a username (lowercased) follows the rule and is free; message says why not',
  audit: false, // a read sent as POST
  body: z.object({ token: RegisterToken, username: z.string().min(1).max(150) }).strict(),
  response: z.object({ available: z.boolean(), message: z.string().nullable() }),
});

/** 000 §7.2 register user: the invitee chooses username and password with the single-use token. */
export const registerUser = defineEndpoint({
  id: 'registerUser',
  method: 'POST',
  path: '/api/v1/users/register',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Complete an invitation: username, names and password (token single use; 409 when the username is taken)',
  body: z
    .object({
      token: RegisterToken,
      username: z.string().min(1).max(150),
      firstName: z.string().trim().min(1).max(100),
      lastName: z.string().trim().min(1).max(100),
      password: NewPasswordSchema,
    })
    .strict(),
  response: OkSchema,
});
