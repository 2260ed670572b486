/**
 * All SQL of messages from staff to participants (decision E-messages). A send writes its rows in batches: the
 * message, its recipients, and the e-mails, texts and push notifications they get, queued in the outbox and the push
 * queue in the same transaction (a set of rows per statement, never one statement per participant).
 */
import { type Expression, type Insertable, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import type { MessageAudienceKind, ParticipantMessageRecipientsTable } from '../../db/schema/participant-messages';

/** The study's sites with what the row checks need. */
export function studySites(db: Db, studyId: string) {
  return db
    .selectFrom('sites')
    .select(['id', 'name', 'site_code', 'site_sub_type'])
    .where('study_id', '=', studyId)
    .orderBy('name')
    .orderBy('site_code')
    .execute();
}
export type MessagingSiteRow = Awaited<ReturnType<typeof studySites>>[number];

/** Which participants an audience names, within what the caller sees (`visible`, on aliases p and s). */
export interface AudienceSelection {
  visible: Expression<SqlBool>;
  participantIds?: readonly string[];
  siteIds?: readonly string[];
  statuses?: readonly string[];
}

/**
 * The participants of an audience with what deciding their channels needs: contact details, preferences and how
 * many devices they registered for push; by participant id.
 */
export function audienceParticipants(db: Db, a: AudienceSelection) {
  let q = db
    .selectFrom('participants as p')
    .innerJoin('sites as s', 's.id', 'p.site_id')
    .select([
      'p.id',
      'p.participant_code',
      'p.first_name',
      'p.last_name',
      'p.email',
      'p.email_unsubscribed_at',
      'p.mobile',
      'p.mobile_country_code',
      'p.verification_opt_in_sms',
      'p.notifications_disabled',
      'p.language',
      'p.status',
      'p.site_id',
      's.name as site_name',
      's.site_code',
      sql<number>`(select count(*) from participant_devices d where d.participant_id = p.id and d.pd_registration_status = 'Registered')::int`.as(
        'devices',
      ),
    ])
    .where(a.visible);
  if (a.participantIds)
    q = a.participantIds.length ? q.where('p.id', 'in', a.participantIds) : q.where(sql<SqlBool>`false`);
  if (a.siteIds) q = a.siteIds.length ? q.where('p.site_id', 'in', a.siteIds) : q.where(sql<SqlBool>`false`);
  if (a.statuses) q = q.where('p.status', 'in', a.statuses);
  return q.orderBy(sql`lower(p.participant_code) collate "C"`).orderBy('p.id').execute();
}
export type AudienceParticipantRow = Awaited<ReturnType<typeof audienceParticipants>>[number];

export function insertMessage(
  db: Db,
  m: {
    studyId: string;
    environment: Environment;
    sentBy: string;
    subject: string;
    body: string;
    audience: MessageAudienceKind;
    siteIds: readonly string[];
    statuses: readonly string[];
    channels: { email: boolean; sms: boolean; push: boolean };
    recipientCount: number;
  },
) {
  return db
    .insertInto('participant_messages')
    .values({
      study_id: m.studyId,
      environment: m.environment,
      sent_by: m.sentBy,
      subject: m.subject,
      body: m.body,
      audience: m.audience,
      audience_site_ids: JSON.stringify(m.siteIds),
      audience_statuses: JSON.stringify(m.statuses),
      by_email: m.channels.email,
      by_sms: m.channels.sms,
      by_push: m.channels.push,
      recipient_count: m.recipientCount,
    })
    .returning(['id', 'sent_at'])
    .executeTakeFirstOrThrow();
}

/**
 * The recipients' rows in one statement: each column sent as one array and unnested by the database (ten arrays
 * instead of ten parameters per row: a 10,000-recipient send stays one short statement).
 */
export async function insertRecipients(db: Db, rows: readonly Insertable<ParticipantMessageRecipientsTable>[]) {
  if (rows.length === 0) return;
  const col = <K extends keyof Insertable<ParticipantMessageRecipientsTable>>(k: K) => rows.map((r) => r[k] ?? null);
  await sql`insert into participant_message_recipients
              (message_id, participant_id, site_id, email_state, email_outbox_id, sms_state, sms_outbox_id, push_state, push_devices)
            select * from unnest(${col('message_id')}::uuid[], ${col('participant_id')}::uuid[], ${col('site_id')}::uuid[],
                                 ${col('email_state')}::text[], ${col('email_outbox_id')}::uuid[], ${col('sms_state')}::text[],
                                 ${col('sms_outbox_id')}::uuid[], ${col('push_state')}::text[], ${col('push_devices')}::int[])`.execute(
    db,
  );
}

// ── reads ─────────────────────────────────────────────────────────────────────────────────────────────

/** Recipients at these sites (null: every site) — what a caller may see of a message. */
const atSites = (siteIds: readonly string[] | null): Expression<SqlBool> =>
  siteIds === null
    ? sql<SqlBool>`true`
    : siteIds.length
      ? sql<SqlBool>`r.site_id in (${sql.join(siteIds)})`
      : sql<SqlBool>`false`;

export interface SentSelection {
  studyId: string;
  environment: Environment;
  /** null: every site; else messages with recipients at one of these (and only those recipients counted). */
  siteIds: readonly string[] | null;
}

function sentMessages(db: Db, s: SentSelection) {
  return db
    .selectFrom('participant_messages as m')
    .where('m.study_id', '=', s.studyId)
    .where('m.environment', '=', s.environment)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('participant_message_recipients as r')
          .select(sql`1`.as('one'))
          .whereRef('r.message_id', '=', 'm.id')
          .where(atSites(s.siteIds)),
      ),
    );
}

/** Messages with who sent them, newest first; counts come from messageCounts. */
export function sentMessagePage(db: Db, s: SentSelection, page: { offset: number; limit: number }) {
  return sentMessages(db, s)
    .innerJoin('users as u', 'u.id', 'm.sent_by')
    .selectAll('m')
    .select(['u.first_name as sender_first_name', 'u.last_name as sender_last_name', 'u.username as sender_username'])
    .orderBy('m.sent_at', 'desc')
    .orderBy('m.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
export type SentMessageRow = Awaited<ReturnType<typeof sentMessagePage>>[number];

export async function countSentMessages(db: Db, s: SentSelection) {
  const r = await sentMessages(db, s)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One message of the study's data space. */
export function findMessage(db: Db, studyId: string, environment: Environment, messageId: string) {
  return db
    .selectFrom('participant_messages as m')
    .innerJoin('users as u', 'u.id', 'm.sent_by')
    .selectAll('m')
    .select(['u.first_name as sender_first_name', 'u.last_name as sender_last_name', 'u.username as sender_username'])
    .where('m.id', '=', messageId)
    .where('m.study_id', '=', studyId)
    .where('m.environment', '=', environment)
    .executeTakeFirst();
}

/** Per message: its recipients at the sites given, how many read it, how many each channel queued for. */
export async function messageCounts(db: Db, messageIds: readonly string[], siteIds: readonly string[] | null) {
  if (messageIds.length === 0) return new Map<string, MessageCounts>();
  const rows = await db
    .selectFrom('participant_message_recipients as r')
    .select([
      'r.message_id',
      sql<number>`count(*)::int`.as('recipients'),
      sql<number>`count(r.read_at)::int`.as('read'),
      sql<number>`count(*) filter (where r.email_state = 'QUEUED')::int`.as('email'),
      sql<number>`count(*) filter (where r.sms_state = 'QUEUED')::int`.as('sms'),
      sql<number>`count(*) filter (where r.push_state = 'QUEUED')::int`.as('push'),
    ])
    .where('r.message_id', 'in', messageIds)
    .where(atSites(siteIds))
    .groupBy('r.message_id')
    .execute();
  return new Map(rows.map((r) => [r.message_id, r]));
}
export type MessageCounts = { recipients: number; read: number; email: number; sms: number; push: number };

/** Recipients' rows with the participant, the site and the outbox's delivery of their e-mail and text. */
function recipientRows(db: Db) {
  return db
    .selectFrom('participant_message_recipients as r')
    .innerJoin('participants as p', 'p.id', 'r.participant_id')
    .innerJoin('sites as s', 's.id', 'r.site_id')
    .leftJoin('outbox as oe', 'oe.id', 'r.email_outbox_id')
    .leftJoin('outbox as os', 'os.id', 'r.sms_outbox_id')
    .selectAll('r')
    .select([
      'p.participant_code',
      'p.first_name',
      'p.last_name',
      's.name as site_name',
      's.site_code',
      'oe.status as email_outbox_status',
      'os.status as sms_outbox_status',
    ]);
}
export type RecipientRow = Awaited<ReturnType<ReturnType<typeof recipientRows>['execute']>>[number];

export type ReadFilter = 'ALL' | 'READ' | 'UNREAD';
const readFilter = (read: ReadFilter): Expression<SqlBool> =>
  read === 'READ'
    ? sql<SqlBool>`r.read_at is not null`
    : read === 'UNREAD'
      ? sql<SqlBool>`r.read_at is null`
      : sql<SqlBool>`true`;

/** A message's recipients at the sites given, by participant id, a page at a time. */
export function messageRecipientPage(
  db: Db,
  messageId: string,
  siteIds: readonly string[] | null,
  read: ReadFilter,
  page: { offset: number; limit: number },
) {
  return recipientRows(db)
    .where('r.message_id', '=', messageId)
    .where(atSites(siteIds))
    .where(readFilter(read))
    .orderBy(sql`lower(p.participant_code) collate "C"`)
    .orderBy('r.participant_id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countMessageRecipients(
  db: Db,
  messageId: string,
  siteIds: readonly string[] | null,
  read: ReadFilter,
) {
  const r = await db
    .selectFrom('participant_message_recipients as r')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('r.message_id', '=', messageId)
    .where(atSites(siteIds))
    .where(readFilter(read))
    .executeTakeFirstOrThrow();
  return r.n;
}

/** One participant's messages, with the message, who sent it and its delivery; newest first (or unread first). */
export function messagesOfParticipant(
  db: Db,
  participantId: string,
  environment: Environment,
  options: { unreadFirst: boolean; limit: number; messageId?: string },
) {
  let q = recipientRows(db)
    .innerJoin('participant_messages as m', 'm.id', 'r.message_id')
    .innerJoin('users as u', 'u.id', 'm.sent_by')
    .select([
      'm.subject',
      'm.body',
      'm.sent_at',
      'm.sent_by',
      'u.first_name as sender_first_name',
      'u.last_name as sender_last_name',
      'u.username as sender_username',
    ])
    .where('r.participant_id', '=', participantId)
    .where('m.environment', '=', environment);
  if (options.messageId) q = q.where('r.message_id', '=', options.messageId);
  if (options.unreadFirst) q = q.orderBy(sql`r.read_at is null`, 'desc');
  return q.orderBy('m.sent_at', 'desc').orderBy('m.id', 'desc').limit(options.limit).execute();
}
export type ParticipantMessageRow = Awaited<ReturnType<typeof messagesOfParticipant>>[number];

/** Marks one of a participant's messages read, once: the first reading's time stays. */
export async function markRead(db: Db, messageId: string, participantId: string) {
  const r = await db
    .updateTable('participant_message_recipients')
    .set({ read_at: new Date() })
    .where('message_id', '=', messageId)
    .where('participant_id', '=', participantId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
