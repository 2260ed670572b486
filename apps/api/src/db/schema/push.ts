/** The push area: the server's VAPID keys, participants' device registrations, push messages (decision D-092). */
import type { DeviceRegistrationStatus } from '@trialpath/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './columns';

export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  /** AES-256-GCM under a key derived from the server secret (push.keys.ts). */
  private_key_sealed: string;
  created_at: Generated<Date>;
}

/** The push subscription as stored (the browser's PushSubscription JSON). */
export interface StoredSubscription {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export interface ParticipantDevicesTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  device_id: string;
  pd_device_token: Json<StoredSubscription | null>;
  pd_device_platform: ColumnType<'Web', 'Web' | undefined, 'Web'>;
  pd_registration_status: DeviceRegistrationStatus;
  app_type: ColumnType<'StudyApp', 'StudyApp' | undefined, 'StudyApp'>;
  device_name: string | null;
  device_model: string | null;
  os_version: string | null;
  app_version: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface PushPayload {
  title: string;
  body: string;
  /** Where a click on the notification leads, relative to the portal (`#/participants/web/…`). */
  url: string;
  tag: string;
}

export interface PushMessagesTable {
  id: Generated<string>;
  device_id: string;
  participant_id: string;
  /** A device test (D-092), or a message from the study team (decision E-messages). */
  kind: 'test' | 'message' | 'call';
  payload: Json<PushPayload>;
  status: Generated<'pending' | 'sent' | 'failed' | 'gone'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  expires_at: Timestamp;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
}
