/**
 * Web Push for the participant portal (001 §3, §7; decision D-092): the server's VAPID public key ("obtain a
 * device token with a public key"), the participant's device registration (D-052, D-088) and its refusal,
 * this device's registration, and a test push to the participant's own registered devices.
 */
import {
  DEVICE_APP_TYPE,
  DEVICE_PLATFORM_WEB,
  DEVICE_REGISTRATION_STATUSES,
  isHttpsEndpoint,
  isPushAuthSecret,
  isPushP256dh,
  PUSH_ENDPOINT_MAX_LENGTH,
} from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The browser's own device id (decision 0011: a UUID made once per browser; other clients: any plain id). */
const DeviceId = z
  .string()
  .min(1)
  .max(100)
  .refine((v) => /^[A-Za-z0-9._:-]+$/.test(v), { params: { messageKey: 'errors.invalidFormat' } });

/** A push subscription as the browser gives it (`PushSubscription.toJSON()`): the device token. */
export const PushSubscriptionSchema = z
  .object({
    endpoint: z
      .string()
      .min(1)
      .max(PUSH_ENDPOINT_MAX_LENGTH)
      .refine(isHttpsEndpoint, { params: { messageKey: 'push.endpointNotHttps' } }),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: z
          .string()
          .min(1)
          .max(200)
          .refine(isPushP256dh, { params: { messageKey: 'push.p256dhInvalid' } }),
        auth: z
          .string()
          .min(1)
          .max(100)
          .refine(isPushAuthSecret, { params: { messageKey: 'push.authInvalid' } }),
      })
      .strict(),
  })
  .strict();
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/** A device field a web device leaves blank (001 §3: "other device fields blank"). */
const Blank = z
  .union([z.string(), z.null()])
  .refine((v) => v === null || v === '', { params: { messageKey: 'push.fieldMustBeBlank' } })
  .optional();

export const DeviceRegistrationSchema = z.object({
  id: z.string(),
  /** The participant's record id (the session's pid). */
  participantId: z.string(),
  studyId: z.string(),
  /** The device token's push service address only: its keys stay with the server. Null once refused or gone. */
  pdDeviceToken: z.object({ endpoint: z.string() }).nullable(),
  pdDevicePlatform: z.literal(DEVICE_PLATFORM_WEB),
  pdRegistrationStatus: z.enum(DEVICE_REGISTRATION_STATUSES),
  deviceId: z.string(),
  appType: z.literal(DEVICE_APP_TYPE),
  deviceName: z.null(),
  deviceModel: z.null(),
  osVersion: z.null(),
  appVersion: z.null(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeviceRegistration = z.infer<typeof DeviceRegistrationSchema>;

export const getPushPublicKey = defineEndpoint({
  id: 'getPushPublicKey',
  method: 'GET',
  path: '/api/v1/participant/push/public-key',
  audience: 'participant',
  summary: "The server's VAPID public key (base64url): the browser subscribes with it for a device token (001 §7)",
  response: z.object({ publicKey: z.string() }),
});

export const registerParticipantDevice = defineEndpoint({
  id: 'registerParticipantDevice',
  method: 'POST',
  path: '/api/v1/participant/devices',
  audience: 'participant',
  summary:
    "Register the signed-in participant's device for push notifications with the device registration payload (001 §3, §7): again for the same deviceId updates it",
  body: z
    .object({
      /** The registration's id when registering again (as an earlier answer gave it); blank for a new one. */
      id: z.union([z.string().uuid(), z.literal(''), z.null()]).optional(),
      participantId: z.string().min(1).max(100),
      studyId: z.string().min(1).max(100),
      pdDeviceToken: PushSubscriptionSchema,
      pdDevicePlatform: z.literal(DEVICE_PLATFORM_WEB),
      /** Registering means Registered; a refusal is the unregister call. */
      pdRegistrationStatus: z.literal('Registered').optional(),
      deviceId: DeviceId,
      appType: z.literal(DEVICE_APP_TYPE),
      deviceName: Blank,
      deviceModel: Blank,
      osVersion: Blank,
      appVersion: Blank,
    })
    .strict(),
  response: DeviceRegistrationSchema,
});

export const getParticipantDevice = defineEndpoint({
  id: 'getParticipantDevice',
  method: 'GET',
  path: '/api/v1/participant/devices/:deviceId',
  audience: 'participant',
  summary: "This device's push registration of the signed-in participant, or null when it never registered",
  params: z.object({ deviceId: DeviceId }).strict(),
  response: z.object({ registration: DeviceRegistrationSchema.nullable() }),
});

export const unregisterParticipantDevice = defineEndpoint({
  id: 'unregisterParticipantDevice',
  method: 'DELETE',
  path: '/api/v1/participant/devices/:deviceId',
  audience: 'participant',
  summary:
    'The participant refuses push notifications on this device (or turns them off): the registration is kept as Refused, without its token',
  params: z.object({ deviceId: DeviceId }).strict(),
  response: DeviceRegistrationSchema,
});

export const sendParticipantTestPush = defineEndpoint({
  id: 'sendParticipantTestPush',
  method: 'POST',
  path: '/api/v1/participant/push/test',
  audience: 'participant',
  summary:
    "Send a test notification (a short text in the participant's language) to each of the signed-in participant's registered devices",
  body: z.object({}).strict(),
  response: z.object({ queued: z.number().int() }),
});
