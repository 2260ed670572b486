/** Data queries and their threads (migration 202612070200_data_queries.sql; decision E-queries). Keep in step with it. */
import type { QueryMessageKind, QueryStatus, QueryTargetKind } from '@trialpath/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Environment, Json, NullableTimestamp } from './columns';

export interface DataQueriesTable {
  id: Generated<string>;
  study_id: string;
  site_id: string;
  environment: Environment;
  participant_id: string;
  target_kind: QueryTargetKind;
  target_id: string;
  /** The question identifier of the answer. */
  item: string;
  activity_id: string;
  /** LocalizedText of the activity's title when the query was opened. */
  activity_title: Json<Record<string, string>>;
  /** LocalizedText of the question when the query was opened. */
  item_text: Json<Record<string, string>>;
  unblinded_only: ColumnType<boolean, boolean | undefined, boolean>;
  status: ColumnType<QueryStatus, QueryStatus | undefined, QueryStatus>;
  opened_by: string;
  opened_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  closed_by: ColumnType<string | null, string | null | undefined, string | null>;
  closed_at: NullableTimestamp;
  /** The site team role that is to answer it (migration 202612070600_query_assignment.sql); null: the whole team. */
  assigned_role: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DataQueryMessagesTable {
  id: Generated<string>;
  /** The order of the thread. */
  seq: ColumnType<string, never, never>;
  query_id: string;
  kind: QueryMessageKind;
  text: string;
  status_after: QueryStatus;
  author_id: string;
  created_at: Generated<Date>;
}
