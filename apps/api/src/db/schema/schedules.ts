/** Participants' tasks, milestones and the jobs that make the tasks (migration 202611300200_participant_tasks.sql). */
import type { ScheduleDelivery, TaskStatus } from '@trialpath/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Environment, Json, NullableTimestamp, Timestamp } from './columns';

/** A `date` column: read as 'YYYY-MM-DD' text (the repository casts), written as that text. */
export type DateText = ColumnType<string, string, string>;

export interface ParticipantMilestonesTable {
  participant_id: string;
  milestone_id: string;
  date: DateText;
  set_by: string | null;
  set_at: Timestamp;
}

export interface ParticipantTasksTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  version_id: string;
  schedule_id: string;
  task_key: string;
  target_kind: 'activity' | 'packet';
  target_id: string;
  start_day: number;
  end_day: number | null;
  opens_at: Timestamp;
  closes_at: NullableTimestamp;
  delivery: ScheduleDelivery;
  telehealth: boolean;
  status: ColumnType<TaskStatus, TaskStatus | undefined, TaskStatus>;
  answered_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type ScheduleJobStatus = 'INPROGRESS' | 'SUCCEEDED' | 'FAILED';

export interface ScheduleJobReportLine {
  participantId: string;
  participantCode: string;
  added: number;
  moved: number;
  withdrawn: number;
  kept: number;
}

export interface ScheduleJobsTable {
  id: Generated<string>;
  study_id: string;
  version_id: string;
  participant_id: string | null;
  environment: Environment;
  status: ColumnType<ScheduleJobStatus, ScheduleJobStatus | undefined, ScheduleJobStatus>;
  cursor: string | null;
  total: Generated<number>;
  processed: Generated<number>;
  added: Generated<number>;
  moved: Generated<number>;
  withdrawn: Generated<number>;
  report: Json<ScheduleJobReportLine[]>;
  error: string | null;
  attempts: Generated<number>;
  leased_until: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface ParticipantSignoffsTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  milestone_id: string | null;
  signed_by: string;
  signer_name: string;
  meaning: string;
  /** The forms as they stood when signed. */
  forms: Json<{ taskId: string; activityId: string; status: string }[]>;
  signed_at: Timestamp;
}

export interface ParticipantFormStatusesTable {
  task_id: string;
  activity_id: string;
  participant_id: string;
  status: 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'NOT_DONE';
  reason: string | null;
  set_by: string | null;
  set_at: Timestamp;
  signoff_id: string | null;
}
