/**
 * Messages from site staff to participants (issue 12; E-015, E-024, E-111…E-113; decision E-messages). Staff write a
 * subject and a plain-text body once, choose the audience — participants picked, sites, or the whole study, narrowed
 * by status — and the channels: every recipient gets it in the portal; e-mail, SMS and push go as chosen and as each
 * participant allows (an address or number on file, not unsubscribed, opted in to texts, notifications not turned
 * off, a registered device). The recipients are counted first (E-113), then sent (E-112), listed (E-111) and read in
 * the participant's profile (E-015) and in the portal. Names are null for a caller who may not identify participants.
 */
import { PARTICIPANT_STATUSES } from '@trialpath/domain';
import { z } from 'zod';
import { pageOf } from './common';
import { defineEndpoint } from './endpoint';

export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5000;
/** At most this many participants picked one by one; a larger audience is a site or the study, by status. */
export const MESSAGE_PICK_MAX = 100;
/** The recipients a preview names (the count covers every one). */
export const MESSAGE_PREVIEW_SAMPLE = 20;

export const MESSAGE_AUDIENCES = ['PARTICIPANTS', 'SITES', 'STUDY'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export const MESSAGE_CHANNELS = ['email', 'sms', 'push'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * What a channel did for one recipient: not chosen, queued (then sent or failed, read from the outbox for e-mail
 * and SMS), or why it was not used.
 */
export const DELIVERY_STATES = [
  'NOT_CHOSEN',
  'QUEUED',
  'SENT',
  'FAILED',
  'NO_ADDRESS',
  'UNSUBSCRIBED',
  'NO_NUMBER',
  'NOT_OPTED_IN',
  'NO_DEVICE',
  'NOTIFICATIONS_OFF',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
const Delivery = z.enum(DELIVERY_STATES);

const StudyParams = z.object({ studyId: z.string().uuid() }).strict();
const MessageParams = z.object({ studyId: z.string().uuid(), messageId: z.string().uuid() }).strict();
const ParticipantParams = z.object({ studyId: z.string().uuid(), participantId: z.string().uuid() }).strict();
const Page = {
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(10).max(100).default(25),
};

const Status = z.enum(PARTICIPANT_STATUSES);

/** Who a message goes to and by which channels, as the send body carries it. */
const AudienceFields = {
  audience: z.enum(MESSAGE_AUDIENCES),
  /** audience PARTICIPANTS: the participants picked. */
  participantIds: z.array(z.string().uuid()).max(MESSAGE_PICK_MAX).default([]),
  /** audience SITES: the sites. */
  siteIds: z.array(z.string().uuid()).max(500).default([]),
  /** audience SITES or STUDY: only participants of these statuses; none: everyone still in the study. */
  statuses: z.array(Status).max(PARTICIPANT_STATUSES.length).default([]),
  channels: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() }).strict(),
};
export const MessageAudienceSchema = z.object(AudienceFields).strict();
export type MessageAudienceInput = z.input<typeof MessageAudienceSchema>;

/** A comma-separated list of values of one schema. */
function commaList<T extends z.ZodType<string, string>>(item: T, max: number) {
  return z
    .string()
    .max(8000)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(max));
}
const Flag = z.enum(['true', 'false']).default('false');

/** The same audience as a query string (the recipients preview is a read). */
export const MessageRecipientsQuerySchema = z
  .object({
    audience: z.enum(MESSAGE_AUDIENCES),
    participantIds: commaList(z.string().uuid(), MESSAGE_PICK_MAX).default([]),
    siteIds: commaList(z.string().uuid(), 500).default([]),
    statuses: commaList(Status, PARTICIPANT_STATUSES.length).default([]),
    email: Flag,
    sms: Flag,
    push: Flag,
  })
  .strict();

const ChannelCounts = z.object({
  portal: z.number().int(),
  email: z.number().int(),
  sms: z.number().int(),
  push: z.number().int(),
});

const RecipientParticipant = z.object({
  id: z.string(),
  participantId: z.string(),
  /** Null for a caller who may not identify participants. */
  name: z.string().nullable(),
});
const SiteRef = z.object({ id: z.string(), name: z.string(), siteCode: z.string() });

const RecipientPreviewSchema = z.object({
  participant: RecipientParticipant,
  site: SiteRef,
  status: z.string(),
  email: Delivery,
  sms: Delivery,
  push: Delivery,
});
export type RecipientPreview = z.infer<typeof RecipientPreviewSchema>;

export const MessageRecipientsPreviewSchema = z.object({
  /** Everyone who would receive it (in the portal). */
  total: z.number().int(),
  /** How many it would reach by each channel. */
  reach: ChannelCounts,
  /** Why a chosen channel would not reach some: state → how many, per channel. */
  skipped: z.object({
    email: z.record(z.string(), z.number().int()),
    sms: z.record(z.string(), z.number().int()),
    push: z.record(z.string(), z.number().int()),
  }),
  /** The first recipients by participant id (at most MESSAGE_PREVIEW_SAMPLE). */
  sample: z.array(RecipientPreviewSchema),
  identify: z.boolean(),
});
export type MessageRecipientsPreview = z.infer<typeof MessageRecipientsPreviewSchema>;

export const previewMessageRecipients = defineEndpoint({
  id: 'previewMessageRecipients',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-messages/recipients',
  audience: 'staff',
  permission: 'participants.manage',
  summary:
    'Who a message would reach and by which channels (E-113): the participants the caller may see in this data space for the audience chosen, counted per channel, with the reasons a channel would not reach some',
  params: StudyParams,
  query: MessageRecipientsQuerySchema,
  response: MessageRecipientsPreviewSchema,
});

const SentBy = z.object({ id: z.string(), name: z.string() });

export const SentMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.string(),
  sentBy: SentBy,
  audience: z.enum(MESSAGE_AUDIENCES),
  sites: z.array(SiteRef),
  statuses: z.array(z.string()),
  channels: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() }),
  /** Counts over the recipients the caller may see (a site's staff see their sites' share). */
  recipients: z.number().int(),
  read: z.number().int(),
  reach: ChannelCounts,
});
export type SentMessage = z.infer<typeof SentMessageSchema>;

export const sendParticipantMessage = defineEndpoint({
  id: 'sendParticipantMessage',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participant-messages',
  audience: 'staff',
  permission: 'participants.manage',
  sanitize: true,
  summary:
    'Send a message to participants (E-112): to every participant the caller may see in this data space for the audience chosen, in the portal and by the channels chosen as each allows; refused when the recipients are not the number confirmed',
  params: StudyParams,
  body: z
    .object({
      ...AudienceFields,
      subject: z.string().trim().min(1).max(MESSAGE_SUBJECT_MAX),
      body: z.string().trim().min(1).max(MESSAGE_BODY_MAX),
      /** The recipient count the sender confirmed (from the preview): a different count now is refused. */
      confirmedCount: z.number().int().min(1),
    })
    .strict(),
  response: SentMessageSchema,
});

export const SentMessageListQuerySchema = z
  .object({
    /** Only messages with recipients at this site. */
    siteId: z.string().uuid().optional(),
    ...Page,
  })
  .strict();

export const listSentMessages = defineEndpoint({
  id: 'listSentMessages',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-messages',
  audience: 'staff',
  permission: 'participants.view',
  summary:
    'The messages sent in this data space to participants the caller may see, newest first, for the study or one site (E-111)',
  params: StudyParams,
  query: SentMessageListQuerySchema,
  response: pageOf(SentMessageSchema),
});

const ChannelDelivery = z.object({ email: Delivery, sms: Delivery, push: Delivery });

export const MessageRecipientSchema = z.object({
  participant: RecipientParticipant,
  site: SiteRef,
  ...ChannelDelivery.shape,
  readAt: z.string().nullable(),
});
export type MessageRecipient = z.infer<typeof MessageRecipientSchema>;

export const MessageRecipientListQuerySchema = z
  .object({
    /** Only the recipients who have (not) read it. */
    read: z.enum(['ALL', 'READ', 'UNREAD']).default('ALL'),
    ...Page,
  })
  .strict();

export const getSentMessage = defineEndpoint({
  id: 'getSentMessage',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participant-messages/:messageId',
  audience: 'staff',
  permission: 'participants.view',
  summary:
    'One sent message with its recipients the caller may see, a page at a time, each with what every channel did and when they read it',
  params: MessageParams,
  query: MessageRecipientListQuerySchema,
  response: z.object({
    message: SentMessageSchema,
    recipients: pageOf(MessageRecipientSchema),
    identify: z.boolean(),
  }),
});

export const ParticipantMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.string(),
  sentBy: SentBy,
  ...ChannelDelivery.shape,
  readAt: z.string().nullable(),
});
export type ParticipantMessage = z.infer<typeof ParticipantMessageSchema>;

/** At most this many of a participant's messages, newest first. */
export const PARTICIPANT_MESSAGES_LIMIT = 200;

export const listParticipantMessages = defineEndpoint({
  id: 'listParticipantMessages',
  method: 'GET',
  path: '/api/v1/studies/:studyId/participants/:participantId/messages',
  audience: 'staff',
  permission: 'participants.view',
  summary: `A participant's messages from the study team, newest first (at most ${PARTICIPANT_MESSAGES_LIMIT}), with their delivery and read state (E-015)`,
  params: ParticipantParams,
  response: z.object({ items: z.array(ParticipantMessageSchema) }),
});

// ── the participant portal ─────────────────────────────────────────────────────────────────────────

export const MyMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.string(),
  /** The site the study team wrote from (the participant's site then). */
  siteName: z.string(),
  readAt: z.string().nullable(),
});
export type MyMessage = z.infer<typeof MyMessageSchema>;

export const listMyMessages = defineEndpoint({
  id: 'listMyMessages',
  method: 'GET',
  path: '/api/v1/participant/messages',
  audience: 'participant',
  summary: `The signed-in participant's messages from their study team: unread first, then newest first (at most ${PARTICIPANT_MESSAGES_LIMIT})`,
  response: z.object({ items: z.array(MyMessageSchema), unread: z.number().int() }),
});

export const markMyMessageRead = defineEndpoint({
  id: 'markMyMessageRead',
  method: 'PUT',
  path: '/api/v1/participant/messages/:messageId/read',
  audience: 'participant',
  summary: 'The signed-in participant opened one of their messages: it is read from now on (again: unchanged)',
  // the first reading is audited; opening it again changes nothing and records nothing
  audit: false,
  params: z.object({ messageId: z.string().uuid() }).strict(),
  body: z.object({}).strict(),
  response: MyMessageSchema,
});
