/**
 * Messages from site staff to participants (E-015, E-024, E-111…E-113; decision E-messages). Staff who manage
 * participants write a subject and a plain-text body and choose the audience — participants picked, sites, or the
 * whole study, narrowed by status (by default everyone still in the study) — always within the participants they
 * may see in the request's data space. Every recipient gets it in the portal; e-mail, SMS and push go as chosen and
 * as each participant allows (channelsFor). The recipients are counted first (the preview), and the send is refused
 * when their number is no longer the one the sender confirmed. A send is one transaction of batched inserts,
 * audited once with its counts. Who may not identify participants sees their codes, never names.
 */
import type {
  DeliveryState,
  MessageAudience,
  MessageRecipientsPreview,
  ParticipantMessage,
  SentMessage,
} from '@trialpath/contract';
import { MESSAGE_PREVIEW_SAMPLE, PARTICIPANT_MESSAGES_LIMIT } from '@trialpath/contract';
import {
  type MessageKey,
  messageRef,
  PARTICIPANT_STATUSES,
  recipientLanguage,
  translate,
  WITHDRAWN_OR_FAILED,
} from '@trialpath/domain';
import { randomUUID } from 'node:crypto';
import type { PushPayload } from '../../db/schema';
import type { EmailState, PushState, SmsState } from '../../db/schema/participant-messages';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { participantsVisibleTo, requireStudy, type StudyAccess, visibleSites } from '../access/access.service';
import { requireParticipantManager, visibleParticipant } from '../participants/participant-access.service';
import { mayIdentify } from '../participants/participant-list.service';
import { studyById } from '../studies/studies.service';
import {
  type AudienceParticipantRow,
  audienceParticipants,
  countMessageRecipients,
  countSentMessages,
  findMessage,
  insertMessage,
  insertRecipients,
  type MessageCounts,
  type MessagingSiteRow,
  messageCounts,
  messageRecipientPage,
  messagesOfParticipant,
  markRead,
  type ParticipantMessageRow,
  type ReadFilter,
  type RecipientRow,
  type SentMessageRow,
  sentMessagePage,
  studySites,
} from './messaging.repository';
import { participantUnsubscribeLink } from '../enrolment/unsubscribe.service';
import { queueRenderedBatch } from '../outbox/outbox.service';
import { queueMessagePushes, registeredDevicesOfMany } from '../push/push.service';

/** A push notification of a message not delivered within a week is not sent any more. */
const PUSH_LIFETIME_MS = 7 * 24 * 60 * 60_000;

interface Channels {
  email: boolean;
  sms: boolean;
  push: boolean;
}

export interface AudienceInput {
  studyId: string;
  audience: MessageAudience;
  participantIds: readonly string[];
  siteIds: readonly string[];
  statuses: readonly string[];
  channels: Channels;
}

interface Plan {
  email: EmailState;
  sms: SmsState;
  push: PushState;
}

/**
 * What each chosen channel does for one participant: their notifications turned off by the study team (E-135)
 * leave only the portal; e-mail needs an address they did not unsubscribe (E-003); a text needs a mobile number and
 * their opt-in to texts; push needs a registered device.
 */
export function channelsFor(p: AudienceParticipantRow, chosen: Channels): Plan {
  const off = p.notifications_disabled;
  return {
    email: !chosen.email
      ? 'NOT_CHOSEN'
      : off
        ? 'NOTIFICATIONS_OFF'
        : !p.email
          ? 'NO_ADDRESS'
          : p.email_unsubscribed_at
            ? 'UNSUBSCRIBED'
            : 'QUEUED',
    sms: !chosen.sms
      ? 'NOT_CHOSEN'
      : off
        ? 'NOTIFICATIONS_OFF'
        : !p.mobile
          ? 'NO_NUMBER'
          : !p.verification_opt_in_sms
            ? 'NOT_OPTED_IN'
            : 'QUEUED',
    push: !chosen.push ? 'NOT_CHOSEN' : off ? 'NOTIFICATIONS_OFF' : p.devices === 0 ? 'NO_DEVICE' : 'QUEUED',
  };
}

const nameOf = (first: string | null, last: string | null, username?: string | null) =>
  `${first ?? ''} ${last ?? ''}`.trim() || username || '';

const siteRef = (s: { id: string; name: string; site_code: string }) => ({
  id: s.id,
  name: s.name,
  siteCode: s.site_code,
});

/** What the caller may see of messages: null = every site (the study's platform admin). */
async function viewer(ctx: ServiceCtx, access: StudyAccess, sites?: MessagingSiteRow[]) {
  const all = sites ?? (await studySites(ctx.db, access.studyId));
  return {
    sites: all,
    siteIds: access.global ? null : visibleSites(ctx, access, all).map((s) => s.id),
    identify: mayIdentify(ctx, access.studyId),
  };
}

const invalid = (field: string, key: MessageKey, params?: Record<string, number>) =>
  fieldProblem('VALIDATION_FAILED', field, key, params);

/** The participants an audience reaches for this caller, checked: what was picked or chosen must be theirs. */
async function recipientsOf(ctx: ServiceCtx, access: StudyAccess, input: AudienceInput, sites: MessagingSiteRow[]) {
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  // by default everyone still in the study; statuses chosen are taken as chosen (withdrawn ones included)
  const statuses = input.statuses.length
    ? [...input.statuses]
    : PARTICIPANT_STATUSES.filter((s) => !WITHDRAWN_OR_FAILED.includes(s));
  if (input.audience === 'PARTICIPANTS') {
    const ids = [...new Set(input.participantIds)];
    if (ids.length === 0) throw invalid('participantIds', 'messaging.noParticipantsPicked');
    const rows = await audienceParticipants(ctx.db, { visible, participantIds: ids });
    // one not seen is refused as a whole: a message silently reaching fewer than picked misleads
    if (rows.length < ids.length)
      throw invalid('participantIds', 'messaging.participantsUnavailable', { count: ids.length - rows.length });
    return { rows, siteIds: [] as string[], statuses: [] as string[] };
  }
  let siteIds: string[] = [];
  if (input.audience === 'SITES') {
    siteIds = [...new Set(input.siteIds)];
    if (siteIds.length === 0) throw invalid('siteIds', 'messaging.noSitesChosen');
    const mine = new Set((access.global ? sites : visibleSites(ctx, access, sites)).map((s) => s.id));
    if (siteIds.some((id) => !mine.has(id))) throw invalid('siteIds', 'messaging.siteUnavailable');
  }
  const rows = await audienceParticipants(ctx.db, {
    visible,
    siteIds: input.audience === 'SITES' ? siteIds : undefined,
    statuses,
  });
  return { rows, siteIds, statuses: [...input.statuses] };
}

const count = (states: readonly string[]) => {
  const out: Record<string, number> = {};
  for (const s of states) if (s !== 'QUEUED' && s !== 'NOT_CHOSEN') out[s] = (out[s] ?? 0) + 1;
  return out;
};

/** E-113: who a message would reach, and by which channels. */
export async function previewRecipients(ctx: ServiceCtx, input: AudienceInput): Promise<MessageRecipientsPreview> {
  const access = await requireParticipantManager(ctx, input.studyId);
  const v = await viewer(ctx, access);
  const { rows } = await recipientsOf(ctx, access, input, v.sites);
  const plans = rows.map((r) => channelsFor(r, input.channels));
  const reached = (c: keyof Plan) => plans.filter((p) => p[c] === 'QUEUED').length;
  const siteById = new Map(v.sites.map((s) => [s.id, s]));
  return {
    total: rows.length,
    reach: { portal: rows.length, email: reached('email'), sms: reached('sms'), push: reached('push') },
    skipped: {
      email: count(plans.map((p) => p.email)),
      sms: count(plans.map((p) => p.sms)),
      push: count(plans.map((p) => p.push)),
    },
    sample: rows.slice(0, MESSAGE_PREVIEW_SAMPLE).map((r, i) => ({
      participant: {
        id: r.id,
        participantId: r.participant_code,
        name: v.identify ? nameOf(r.first_name, r.last_name) || null : null,
      },
      site: siteRef(siteById.get(r.site_id)!),
      status: r.status,
      ...plans[i]!,
    })),
    identify: v.identify,
  };
}

/** The link to the portal's messages page of the study. */
const portalLink = (ctx: ServiceCtx, studyCode: string) =>
  `${ctx.config.publicUrl}/participant/#/participants/web/${encodeURIComponent(studyCode)}/messages`;

/** E-112: the message sent to the audience, in the portal and by the channels each recipient allows. */
export async function sendMessage(
  ctx: ServiceCtx,
  input: AudienceInput & { subject: string; body: string; confirmedCount: number },
): Promise<SentMessage> {
  const access = await requireParticipantManager(ctx, input.studyId);
  const v = await viewer(ctx, access);
  const { rows, siteIds, statuses } = await recipientsOf(ctx, access, input, v.sites);
  if (rows.length === 0) throw fail('VALIDATION_FAILED', undefined, { message: messageRef('messaging.noRecipients') });
  if (rows.length !== input.confirmedCount)
    throw fail('CONFLICT', undefined, {
      message: messageRef('messaging.countChanged', { count: rows.length, confirmed: input.confirmedCount }),
      details: { count: rows.length },
    });
  const me = ctx.staff();
  const study = (await studyById(ctx, input.studyId))!;
  const made = await insertMessage(ctx.db, {
    studyId: input.studyId,
    environment: ctx.env,
    sentBy: me.userId,
    subject: input.subject,
    body: input.body,
    audience: input.audience,
    siteIds,
    statuses,
    channels: input.channels,
    recipientCount: rows.length,
  });
  const link = portalLink(ctx, study.code);
  const siteName = new Map(v.sites.map((s) => [s.id, s.name]));
  const outbox: Parameters<typeof queueRenderedBatch>[1][number][] = [];
  const recipients = rows.map((p) => {
    const plan = channelsFor(p, input.channels);
    const lang = recipientLanguage(p.language, ctx.request.language);
    const params = {
      study: study.name,
      subject: input.subject,
      body: input.body,
      site: siteName.get(p.site_id)!,
      link,
      unsubscribeLink: participantUnsubscribeLink(ctx, p.id),
    };
    const emailId = plan.email === 'QUEUED' ? randomUUID() : null;
    const smsId = plan.sms === 'QUEUED' ? randomUUID() : null;
    if (emailId)
      outbox.push({
        id: emailId,
        channel: 'email',
        recipient: p.email!,
        subject: translate('messaging.email.subject', params, lang),
        body: translate('messaging.email.body', params, lang),
      });
    if (smsId)
      outbox.push({
        id: smsId,
        channel: 'sms',
        recipient: `${p.mobile_country_code ?? ''}${p.mobile}`,
        subject: null,
        body: translate('messaging.sms.body', params, lang),
      });
    return {
      message_id: made.id,
      participant_id: p.id,
      site_id: p.site_id,
      email_state: plan.email,
      email_outbox_id: emailId,
      sms_state: plan.sms,
      sms_outbox_id: smsId,
      push_state: plan.push,
      push_devices: plan.push === 'QUEUED' ? p.devices : 0,
    };
  });
  await insertRecipients(ctx.db, recipients);
  await queueRenderedBatch(ctx, outbox);
  const pushTo = new Map(rows.filter((_, i) => recipients[i]!.push_state === 'QUEUED').map((p) => [p.id, p]));
  const devices = await registeredDevicesOfMany(ctx, [...pushTo.keys()]);
  const expiresAt = new Date(Date.now() + PUSH_LIFETIME_MS);
  await queueMessagePushes(
    ctx,
    devices.map((d) => {
      const lang = recipientLanguage(pushTo.get(d.participant_id)!.language, ctx.request.language);
      const payload: PushPayload = {
        title: translate('messaging.push.title', undefined, lang),
        body: input.subject,
        url: `#/participants/web/${encodeURIComponent(study.code)}/messages`,
        tag: `trialpath-message-${made.id}`,
      };
      return { deviceId: d.id, participantId: d.participant_id, payload, expiresAt };
    }),
  );
  const counts: MessageCounts = {
    recipients: rows.length,
    read: 0,
    email: recipients.filter((r) => r.email_state === 'QUEUED').length,
    sms: recipients.filter((r) => r.sms_state === 'QUEUED').length,
    push: recipients.filter((r) => r.push_state === 'QUEUED').length,
  };
  ctx.audit({
    action: 'participant.message.send',
    entityType: 'participant_message',
    entityId: made.id,
    after: {
      subject: input.subject,
      audience: input.audience,
      ...(input.audience === 'PARTICIPANTS' ? { participantIds: rows.map((r) => r.id) } : {}),
      siteIds,
      statuses,
      channels: input.channels,
      recipients: counts.recipients,
      email: counts.email,
      sms: counts.sms,
      push: counts.push,
      pushDevices: devices.length,
    },
  });
  const row = (await findMessage(ctx.db, input.studyId, ctx.env, made.id))!;
  // the sender sees every recipient: they were all within what the sender sees
  return sentView(row, counts, v.sites);
}

function sentView(m: SentMessageRow, counts: MessageCounts | undefined, sites: MessagingSiteRow[]): SentMessage {
  const c = counts ?? { recipients: 0, read: 0, email: 0, sms: 0, push: 0 };
  const siteById = new Map(sites.map((s) => [s.id, s]));
  return {
    id: m.id,
    subject: m.subject,
    body: m.body,
    sentAt: m.sent_at.toISOString(),
    sentBy: { id: m.sent_by, name: nameOf(m.sender_first_name, m.sender_last_name, m.sender_username) },
    audience: m.audience,
    sites: m.audience_site_ids.flatMap((id) => {
      const s = siteById.get(id);
      return s ? [siteRef(s)] : [];
    }),
    statuses: m.audience_statuses,
    channels: { email: m.by_email, sms: m.by_sms, push: m.by_push },
    recipients: c.recipients,
    read: c.read,
    reach: { portal: c.recipients, email: c.email, sms: c.sms, push: c.push },
  };
}

/** The sites a list is narrowed to: the caller's, and the one asked for (which must be one of theirs). */
function sitesAsked(v: { siteIds: string[] | null }, siteId: string | undefined): string[] | null {
  if (!siteId) return v.siteIds;
  if (v.siteIds !== null && !v.siteIds.includes(siteId)) throw fail('FORBIDDEN');
  return [siteId];
}

/** E-111, E-024: the messages sent to participants the caller sees, for the study or one site, newest first. */
export async function sentList(
  ctx: ServiceCtx,
  input: { studyId: string; siteId?: string; pageNum: number; pageSize: number },
) {
  const access = await requireStudy(ctx, input.studyId);
  const v = await viewer(ctx, access);
  const selection = { studyId: input.studyId, environment: ctx.env, siteIds: sitesAsked(v, input.siteId) };
  const offset = (input.pageNum - 1) * input.pageSize;
  const [rows, total] = await Promise.all([
    sentMessagePage(ctx.db, selection, { offset, limit: input.pageSize }),
    countSentMessages(ctx.db, selection),
  ]);
  const counts = await messageCounts(
    ctx.db,
    rows.map((r) => r.id),
    selection.siteIds,
  );
  return {
    items: rows.map((r) => sentView(r, counts.get(r.id), v.sites)),
    total,
    page: input.pageNum,
    pageSize: input.pageSize,
  };
}

/** What a channel did, with the outbox's delivery of an e-mail or text once it was queued. */
function delivered(state: string, outboxStatus: string | null): DeliveryState {
  if (state !== 'QUEUED') return state as DeliveryState;
  return outboxStatus === 'sent' ? 'SENT' : outboxStatus === 'failed' ? 'FAILED' : 'QUEUED';
}
const deliveryOf = (r: RecipientRow) => ({
  email: delivered(r.email_state, r.email_outbox_status),
  sms: delivered(r.sms_state, r.sms_outbox_status),
  push: r.push_state as DeliveryState,
});

/** One sent message with its recipients the caller sees, a page at a time. */
export async function sentMessageDetail(
  ctx: ServiceCtx,
  input: { studyId: string; messageId: string; read: ReadFilter; pageNum: number; pageSize: number },
) {
  const access = await requireStudy(ctx, input.studyId);
  const v = await viewer(ctx, access);
  const m = await findMessage(ctx.db, input.studyId, ctx.env, input.messageId);
  const counts = m ? (await messageCounts(ctx.db, [m.id], v.siteIds)).get(m.id) : undefined;
  // none of its recipients at the caller's sites: as a missing one (nothing tells them it exists)
  if (!m || !counts) throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  const offset = (input.pageNum - 1) * input.pageSize;
  const [rows, total] = await Promise.all([
    messageRecipientPage(ctx.db, m.id, v.siteIds, input.read, { offset, limit: input.pageSize }),
    countMessageRecipients(ctx.db, m.id, v.siteIds, input.read),
  ]);
  return {
    message: sentView(m, counts, v.sites),
    recipients: {
      items: rows.map((r) => ({
        participant: {
          id: r.participant_id,
          participantId: r.participant_code,
          name: v.identify ? nameOf(r.first_name, r.last_name) || null : null,
        },
        site: { id: r.site_id, name: r.site_name, siteCode: r.site_code },
        ...deliveryOf(r),
        readAt: r.read_at ? r.read_at.toISOString() : null,
      })),
      total,
      page: input.pageNum,
      pageSize: input.pageSize,
    },
    identify: v.identify,
  };
}

const participantMessageView = (r: ParticipantMessageRow): ParticipantMessage => ({
  id: r.message_id,
  subject: r.subject,
  body: r.body,
  sentAt: r.sent_at.toISOString(),
  sentBy: { id: r.sent_by, name: nameOf(r.sender_first_name, r.sender_last_name, r.sender_username) },
  ...deliveryOf(r),
  readAt: r.read_at ? r.read_at.toISOString() : null,
});

/** E-015: a participant's messages, for who may see the participant. */
export async function participantMessages(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const rows = await messagesOfParticipant(ctx.db, p.id, ctx.env, {
    unreadFirst: false,
    limit: PARTICIPANT_MESSAGES_LIMIT,
  });
  return { items: rows.map(participantMessageView) };
}

// ── the participant portal ─────────────────────────────────────────────────────────────────────────

const myMessageView = (r: ParticipantMessageRow) => ({
  id: r.message_id,
  subject: r.subject,
  body: r.body,
  sentAt: r.sent_at.toISOString(),
  siteName: r.site_name,
  readAt: r.read_at ? r.read_at.toISOString() : null,
});

/** The signed-in participant's messages: unread first, then newest first. */
export async function myMessages(ctx: ServiceCtx) {
  const me = ctx.participant();
  const rows = await messagesOfParticipant(ctx.db, me.participantId, me.environment, {
    unreadFirst: true,
    limit: PARTICIPANT_MESSAGES_LIMIT,
  });
  return { items: rows.map(myMessageView), unread: rows.filter((r) => r.read_at === null).length };
}

/** The participant opened one of their messages: read from now on (the first reading's time stays). */
export async function markMyMessageRead(ctx: ServiceCtx, input: { messageId: string }) {
  const me = ctx.participant();
  const changed = await markRead(ctx.db, input.messageId, me.participantId);
  const [row] = await messagesOfParticipant(ctx.db, me.participantId, me.environment, {
    unreadFirst: false,
    limit: 1,
    messageId: input.messageId,
  });
  if (!row) throw fail('NOT_FOUND');
  if (changed)
    ctx.audit({
      action: 'participant.message.read',
      entityType: 'participant_message',
      entityId: input.messageId,
      after: { participantId: me.participantId, readAt: row.read_at?.toISOString() ?? null },
    });
  return myMessageView(row);
}
