/** Data exports (issue 14, decision H-exports): the export jobs. */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { Environment, NullableTimestamp } from './columns';

export type ExportKind = 'STUDY_DATA' | 'COMPLIANCE' | 'REPORT' | 'PARTICIPANT_DASHBOARD';
export type ExportStatus = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';

export interface ExportJobsTable {
  id: Generated<string>;
  study_id: string;
  environment: Environment;
  kind: ExportKind;
  formats: ColumnType<string[], string[] | undefined, string[]>;
  filters: JSONColumnType<Record<string, unknown>>;
  scope: JSONColumnType<Record<string, unknown>>;
  status: ColumnType<ExportStatus, ExportStatus | undefined, ExportStatus>;
  rows_done: Generated<number>;
  rows_total: number | null;
  attempts: Generated<number>;
  lease_until: NullableTimestamp;
  file_id: string | null;
  token_hash: string | null;
  expires_at: NullableTimestamp;
  error: string | null;
  requested_by: string;
  created_at: Generated<Date>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}
