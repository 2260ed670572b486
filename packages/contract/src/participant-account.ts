/**
 * What a participant does with their account from the web portal: sign in, recover a username or
 * password, change the password (001 §6, §8). Apart from the session plumbing in participant.ts, so
 * the portal's first load carries none of it (its pages load these with themselves).
 */
import { z } from 'zod';
import { OkSchema } from './common';
import { defineEndpoint } from './endpoint';
import { ParticipantTokensSchema } from './participant';
import { NewPasswordSchema, refuseReusedPassword } from './passwords';

/** Spec 001 §3 Participant as the portal reads it (D-041; decision D-053 for the registration fields). */
export const ParticipantProfileSchema = z.object({
  pid: z.string(),
  participantId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  mobileCountryCode: z.string().nullable(),
  verificationMethod: z.enum(['email', 'phone']),
  studyId: z.string(),
  siteId: z.string(),
  languageId: z.string(),
  status: z.string(),
  /** The participant's study start: day zero of their schedule ('YYYY-MM-DD' in their zone); null until set. */
  startDate: z.string().nullable(),
  registrationDate: z.string().nullable(),
  /** The version the participant's data space runs (live: the live version; test: the version being built). */
  studyVersionId: z.string().nullable(),
  /** The version the participant is on (null until one is assigned); differs from studyVersionId until re-consent moves them. */
  myStudyVersionId: z.string().nullable(),
});

export const getParticipantProfile = defineEndpoint({
  id: 'getParticipantProfile',
  method: 'GET',
  path: '/api/v1/participant/me',
  audience: 'participant',
  summary: 'The signed-in participant',
  response: ParticipantProfileSchema,
});

/**
 * Participant sign-in and recovery look the participant up in a data space (a test participant exists
 * only in TEST), so unlike the other authentication calls they follow the Env header.
 */
export const participantLogin = defineEndpoint({
  id: 'participantLogin',
  method: 'POST',
  path: '/api/v1/participant-auth/login',
  audience: 'public',
  rateLimited: true,
  responseFloor: true,
  summary: 'Participant sign-in to one study (web portal)',
  body: z
    .object({
      studyCode: z.string().min(1).max(60),
      username: z.string().min(1).max(150),
      password: z.string().min(1).max(256),
      deviceId: z.string().min(1).max(100),
      isWebPortal: z.boolean().optional(),
    })
    .strict(),
  response: z.object({ tokens: ParticipantTokensSchema, participant: ParticipantProfileSchema }),
});

export const participantForgotUsername = defineEndpoint({
  id: 'participantForgotUsername',
  method: 'POST',
  path: '/api/v1/participant-auth/forgot-username',
  audience: 'public',
  rateLimited: true,
  responseFloor: true,
  summary: 'E-mail the username to the address on file (same answer whether or not it exists)',
  body: z
    .object({
      studyCode: z.string().min(1).max(60),
      email: z.string().email().max(320),
      language: z.string().max(10).optional(),
    })
    .strict(),
  response: OkSchema,
});

/** Who asks the identity service (001 §6): the forgot-password call names the user type a web participant. */
export const PARTICIPANT_USER_TYPE = 'webParticipant';
/**
 * What a forgot-password request asks for (001 §7 "request kind"; decision D-085): `resetLink`, a single-use
 * link e-mailed to the address on file, is the one kind the web portal offers.
 */
export const PASSWORD_REQUEST_KINDS = ['resetLink'] as const;
export type PasswordRequestKind = (typeof PASSWORD_REQUEST_KINDS)[number];

export const participantForgotPassword = defineEndpoint({
  id: 'participantForgotPassword',
  method: 'POST',
  path: '/api/v1/participant-auth/forgot-password',
  audience: 'public',
  rateLimited: true,
  responseFloor: true,
  summary:
    'E-mail a reset link (#/participants/web/{studyCode}/reset-password/{token}); the request names the user type, the request kind and the country (decision D-085)',
  body: z
    .object({
      studyCode: z.string().min(1).max(60),
      username: z.string().min(1).max(150),
      language: z.string().max(10).optional(),
      /** Always `webParticipant` from the portal (001 §6). */
      userType: z.literal(PARTICIPANT_USER_TYPE),
      requestKind: z.enum(PASSWORD_REQUEST_KINDS),
      /** The country chosen on the language page (ISO 3166 alpha-2); one Trialpath offers, else a 400 on the field. */
      countryId: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/)
        .toUpperCase(),
    })
    .strict(),
  response: OkSchema,
});

export const participantResetPassword = defineEndpoint({
  id: 'participantResetPassword',
  method: 'POST',
  path: '/api/v1/participant-auth/reset-password',
  audience: 'public',
  env: 'neutral',
  rateLimited: true,
  summary: 'Set a new participant password with a single-use, expiring token',
  body: z.object({ token: z.string().min(10).max(200), password: NewPasswordSchema }).strict(),
  response: OkSchema,
});

export const participantChangePassword = defineEndpoint({
  id: 'participantChangePassword',
  method: 'PUT',
  path: '/api/v1/participant/password',
  audience: 'participant',
  // A wrong previous password also counts toward the lockout (decision 0022).
  rateLimited: true,
  summary: 'Change own password (previous and proposed password)',
  body: refuseReusedPassword(
    z.object({ previousPassword: z.string().min(1).max(256), proposedPassword: NewPasswordSchema }).strict(),
    'previousPassword',
    'proposedPassword',
  ),
  response: OkSchema,
});
