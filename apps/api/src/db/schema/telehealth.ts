/** Telehealth availability and appointments (issue 15, migration 202612110100_telehealth.sql, decision F-appointments). */
import type {
  AppointmentKind,
  AppointmentState,
  AvailabilityWindow,
  CallEndReason,
  CallState,
  RecordingState,
  VisitType,
} from '@trialpath/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Environment, Json, NullableTimestamp, Timestamp } from './columns';

export interface TelehealthAvailabilityTable {
  study_id: string;
  site_id: string;
  user_id: string;
  time_zone: string;
  windows: Json<AvailabilityWindow[]>;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface AppointmentsTable {
  id: Generated<string>;
  study_id: string;
  site_id: string;
  participant_id: string;
  environment: Environment;
  host_id: string;
  visit_type: VisitType;
  kind: AppointmentKind;
  task_id: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  state: ColumnType<AppointmentState, AppointmentState | undefined, AppointmentState>;
  note: string | null;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  ended_reason: string | null;
  /** F-037: the visit may be recorded (where the study and the country allow it). */
  allow_recording: Generated<boolean>;
}

export interface TelehealthCallsTable {
  id: Generated<string>;
  study_id: string;
  site_id: string;
  participant_id: string;
  appointment_id: string;
  environment: Environment;
  kind: AppointmentKind;
  state: ColumnType<CallState, CallState | undefined, CallState>;
  started_by: string;
  started_at: Generated<Date>;
  participant_joined_at: NullableTimestamp;
  participant_offset: number | null;
  ended_at: NullableTimestamp;
  end_reason: CallEndReason | null;
  ended_by: string | null;
}

export interface TelehealthCallMembersTable {
  call_id: string;
  user_id: string;
  invited_by: string | null;
  invited_at: Generated<Date>;
  joined_at: NullableTimestamp;
  left_at: NullableTimestamp;
}

/** Recordings of video calls (migration 202612130100_telehealth_recordings.sql, decision F-recording). */
export type RecordingMediaState = 'NONE' | 'RECEIVING' | 'PROCESSING' | 'READY' | 'FAILED';

export interface TelehealthRecordingsTable {
  id: Generated<string>;
  call_id: string;
  study_id: string;
  participant_id: string;
  appointment_id: string;
  environment: Environment;
  name: string;
  state: RecordingState;
  created_by: string;
  created_at: Generated<Date>;
  permission_requested_at: NullableTimestamp;
  permission_responded_at: NullableTimestamp;
  permission_granted: boolean | null;
  started_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  stopped_by: string | null;
  chunk_count: ColumnType<number, number | undefined, number>;
  byte_size: ColumnType<string, number | undefined, number>;
  media_state: ColumnType<RecordingMediaState, RecordingMediaState | undefined, RecordingMediaState>;
  file_id: string | null;
  content_type: string | null;
  duration_seconds: number | null;
  error_detail: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  lease_until: NullableTimestamp;
  /** Made in the recording person's browser, or by the SFU (migration 202612160100, decision F-sfu). */
  media_source: ColumnType<'browser' | 'sfu', 'browser' | 'sfu' | undefined, 'browser' | 'sfu'>;
}

export interface TelehealthRecordingChunksTable {
  recording_id: string;
  seq: number;
  data: Uint8Array;
  received_at: Generated<Date>;
}
