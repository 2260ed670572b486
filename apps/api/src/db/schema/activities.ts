/** Activities, their revisions and the library's groups (migration 202611300100_activities.sql). */
import type { Activity, ActivityType, LocalizedText } from '@trialpath/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './columns';

export type ActivityRevisionStatus = 'DRAFT' | 'ACTIVE' | 'RETIRED';

export interface ActivityGroupsTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  /** The name folded for uniqueness (case, spacing and width). */
  name_key: string;
  description: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ActivitiesTable {
  id: Generated<string>;
  client_id: string;
  /** null: the client's library. */
  study_id: string | null;
  /** The study, or the nil uuid for the library: identifiers are unique per scope. */
  scope_id: string;
  kind: ActivityType;
  identifier: string;
  identifier_key: string;
  title: Json<LocalizedText>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  group_id: string | null;
  copied_from: string | null;
  archived_at: NullableTimestamp;
  archived_by: string | null;
  /** Optimistic concurrency of the activity's own fields (identifier, tags, group). */
  revision: Generated<number>;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ActivityRevisionsTable {
  id: Generated<string>;
  activity_id: string;
  number: number;
  status: ActivityRevisionStatus;
  definition: Json<Activity>;
  lock_version: Generated<number>;
  created_by: string;
  created_at: Timestamp;
  updated_by: string;
  updated_at: Timestamp;
  status_changed_at: NullableTimestamp;
}
