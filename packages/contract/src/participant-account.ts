/**
 * What a participant does with their account from the web portal: sign in, recover a username or
 * password, change the password (001 §6, §8). Apart from the session plumbing in participant.ts, so
 * the portal's first load carries none of it (its pages load these with themselves).
 */
import { z } from 'zod';
import { OkSchema } from './common';
import { defineEndpoint } from './endpoint';
import { ParticipantProfileSchema, ParticipantTokensSchema } from './participant';
import { NewPasswordSchema, refuseReusedPassword } from './passwords';

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

export const participantForgotPassword = defineEndpoint({
  id: 'participantForgotPassword',
  method: 'POST',
  path: '/api/v1/participant-auth/forgot-password',
  audience: 'public',
  rateLimited: true,
  responseFloor: true,
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
