/** Telehealth availability and appointments (issue 15, migration 202612110100_telehealth.sql, decision F-appointments). */
import type {
  AppointmentKind,
  AppointmentState,
  AvailabilityWindow,
  CallEndReason,
  CallState,
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
