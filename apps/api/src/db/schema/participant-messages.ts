/** Messages from staff to participants (migration 202612070300_participant_messages.sql; decision E-messages). */
import type { ColumnType, Generated } from 'kysely';
import type { Environment, Json, NullableTimestamp } from './columns';

export type MessageAudienceKind = 'PARTICIPANTS' | 'SITES' | 'STUDY';
export type EmailState = 'NOT_CHOSEN' | 'QUEUED' | 'NO_ADDRESS' | 'UNSUBSCRIBED' | 'NOTIFICATIONS_OFF';
export type SmsState = 'NOT_CHOSEN' | 'QUEUED' | 'NO_NUMBER' | 'NOT_OPTED_IN' | 'NOTIFICATIONS_OFF';
export type PushState = 'NOT_CHOSEN' | 'QUEUED' | 'NO_DEVICE' | 'NOTIFICATIONS_OFF';

export interface ParticipantMessagesTable {
  id: Generated<string>;
  study_id: string;
  environment: Environment;
  sent_by: string;
  sent_at: Generated<Date>;
  subject: string;
  body: string;
  audience: MessageAudienceKind;
  /** The sites chosen (ids); empty for the other audiences. */
  audience_site_ids: Json<string[]>;
  /** The statuses chosen; empty: the default (everyone still in the study). */
  audience_statuses: Json<string[]>;
  by_email: boolean;
  by_sms: boolean;
  by_push: boolean;
  recipient_count: number;
}

export interface ParticipantMessageRecipientsTable {
  message_id: string;
  participant_id: string;
  site_id: string;
  email_state: EmailState;
  email_outbox_id: string | null;
  sms_state: SmsState;
  sms_outbox_id: string | null;
  push_state: PushState;
  push_devices: ColumnType<number, number | undefined, number>;
  read_at: NullableTimestamp;
}
