import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** Spec 000 §7.7: the client identity call. */
const ClientIdentitySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The client's short code, e.g. 'trialpath-demo'. */
  clientId: z.string(),
  isTwoFAEnabled: z.boolean(),
  isCognitoAuthentication: z.boolean(),
  isParticipantUsesCognito: z.boolean(),
  /** Support-desk sign-in page used for ?return_to= (decision A-023); null when none is configured. */
  supportDeskUrl: z.string().nullable(),
  demoMode: z.boolean(),
});
export type ClientIdentity = z.infer<typeof ClientIdentitySchema>;

export const getClient = defineEndpoint({
  id: 'getClient',
  method: 'GET',
  path: '/api/v1/client',
  audience: 'public',
  summary: 'Client identity (id, name, two-factor and identity-mode flags)',
  response: ClientIdentitySchema,
});

const FeatureFlagSchema = z.object({
  enabled: z.boolean(),
  customers: z.array(z.string()).nullable().optional(),
});

/** Spec 000 §7.7: all feature flags of the client, polled by the portals. */
export const getFeatureFlags = defineEndpoint({
  id: 'getFeatureFlags',
  method: 'GET',
  path: '/api/v1/feature-flags',
  audience: 'public',
  noLoader: 'feature-flags',
  summary: 'All feature flags with their customer lists, and the customer id to evaluate them for',
  response: z.object({
    customerId: z.string(),
    flags: z.record(z.string(), FeatureFlagSchema),
  }),
});

const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  /** Delivery (decision 0006): pending until an SMTP server or SMS gateway accepts it. */
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

/** Demo mode only: the mailbox page lists what the outbox would have sent. */
export const listMailbox = defineEndpoint({
  id: 'listMailbox',
  method: 'GET',
  path: '/api/v1/dev/mailbox',
  audience: 'public',
  summary: 'Demo mailbox: e-mails and SMS in the outbox, newest first (404 outside demo mode)',
  query: z.object({ recipient: z.string().max(320).optional() }).strict(),
  response: z.object({ items: z.array(OutboxMessageSchema) }),
});
