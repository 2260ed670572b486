import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { NewPasswordSchema, OkSchema, refuseReusedPassword } from './common';

/** Spec 001 §3 Country. */
const CountrySchema = z.object({
  countryId: z.string(),
  name: z.string(),
  isoCode2: z.string(),
  isoCode3: z.string(),
  default: z.boolean(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
/** Spec 001 §3 Language. */
const LanguageSchema = z.object({
  language_id: z.string(),
  language_culture: z.string(),
  display_name: z.string(),
  is_default: z.boolean(),
});

const StudyCode = z.object({ studyCode: z.string().min(1).max(60) }).strict();

export const getParticipantWebStudy = defineEndpoint({
  id: 'getParticipantWebStudy',
  method: 'GET',
  path: '/api/v1/participant-web/studies/:studyCode',
  audience: 'public',
  summary: 'Public facts of a study for its participant portal: name, countries and languages',
  params: StudyCode,
  response: z.object({
    studyId: z.string(),
    studyCode: z.string(),
    name: z.string(),
    color: z.string().nullable(),
    countries: z.array(CountrySchema),
    languages: z.array(LanguageSchema),
  }),
});

const ParticipantTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.number().int(),
  pid: z.string(),
});

const ParticipantProfileSchema = z.object({
  pid: z.string(),
  participantId: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  studyId: z.string(),
  siteId: z.string(),
  languageId: z.string(),
  status: z.string(),
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

/** Spec 000 §8.1: after a 419 the portal refreshes with refresh token, pid and device id. */
export const participantRefresh = defineEndpoint({
  id: 'participantRefresh',
  method: 'POST',
  path: '/api/v1/participant-auth/refresh',
  audience: 'public',
  env: 'neutral',
  auth: 'none',
  rateLimited: true,
  summary: 'Rotate participant tokens (refresh token, pid and device id must match)',
  // Session plumbing, as the staff refresh: sign-in and sign-out are the audited events.
  audit: false,
  body: z
    .object({
      refreshToken: z.string().min(1).max(500),
      pid: z.string().min(1).max(100),
      deviceId: z.string().min(1).max(100),
    })
    .strict(),
  response: ParticipantTokensSchema,
});

export const participantLogout = defineEndpoint({
  id: 'participantLogout',
  method: 'POST',
  path: '/api/v1/participant-auth/logout',
  audience: 'participant',
  env: 'neutral',
  summary: 'Participant sign-out (revokes the refresh token)',
  body: z.object({ refreshToken: z.string().max(500).optional() }).strict(),
  response: OkSchema,
});

export const participantForgotUsername = defineEndpoint({
  id: 'participantForgotUsername',
  method: 'POST',
  path: '/api/v1/participant-auth/forgot-username',
  audience: 'public',
  rateLimited: true,
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

export const participantForgotPassword = defineEndpoint({
  id: 'participantForgotPassword',
  method: 'POST',
  path: '/api/v1/participant-auth/forgot-password',
  audience: 'public',
  rateLimited: true,
  summary: 'E-mail a reset link (#/participants/web/{studyCode}/reset-password/{token})',
  body: z
    .object({
      studyCode: z.string().min(1).max(60),
      username: z.string().min(1).max(150),
      language: z.string().max(10).optional(),
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
  summary: 'Change own password (previous and proposed password)',
  body: refuseReusedPassword(
    z.object({ previousPassword: z.string().min(1).max(256), proposedPassword: NewPasswordSchema }).strict(),
    'previousPassword',
    'proposedPassword',
  ),
  response: OkSchema,
});

export const getParticipantProfile = defineEndpoint({
  id: 'getParticipantProfile',
  method: 'GET',
  path: '/api/v1/participant/me',
  audience: 'participant',
  summary: 'The signed-in participant',
  response: ParticipantProfileSchema,
});
