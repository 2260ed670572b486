/** SFTP destinations and their transfers (issue 14, decision H-sftp; migration 202612100200). */
import type { ColumnType, Generated } from 'kysely';
import type { Environment, NullableTimestamp, Timestamp } from './columns';

export type SftpAuthMethodColumn = 'PASSWORD' | 'PRIVATE_KEY';
export type SftpScheduleKindColumn = 'NONE' | 'DAILY' | 'WEEKLY';
export type SftpTransferStatusColumn = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
export type SftpTriggerColumn = 'MANUAL' | 'SCHEDULED' | 'RETRY';

export interface SftpDestinationsTable {
  id: string;
  study_id: string;
  environment: Environment;
  name: string;
  host: string;
  port: number;
  username: string;
  auth_method: SftpAuthMethodColumn;
  secret_sealed: string | null;
  passphrase_sealed: string | null;
  private_key_type: string | null;
  private_key_fingerprint: string | null;
  remote_folder: string;
  host_key_fingerprint: string | null;
  host_key_type: string | null;
  schedule_kind: ColumnType<SftpScheduleKindColumn, SftpScheduleKindColumn | undefined, SftpScheduleKindColumn>;
  schedule_time: string | null;
  schedule_day: number | null;
  next_run_at: NullableTimestamp;
  status: ColumnType<'ACTIVE' | 'DISCONNECTED', 'ACTIVE' | 'DISCONNECTED' | undefined, 'ACTIVE' | 'DISCONNECTED'>;
  last_test_at: NullableTimestamp;
  last_test_ok: boolean | null;
  last_test_error: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_by: string | null;
  updated_at: Timestamp;
  disconnected_at: NullableTimestamp;
}

export interface SftpTransfersTable {
  id: Generated<string>;
  destination_id: string;
  export_id: string;
  file_id: string;
  file_name: string;
  byte_size: number;
  sha256: string;
  trigger: SftpTriggerColumn;
  retry_of: string | null;
  status: ColumnType<SftpTransferStatusColumn, SftpTransferStatusColumn | undefined, SftpTransferStatusColumn>;
  attempts: Generated<number>;
  bytes_sent: Generated<number>;
  remote_path: string;
  error: string | null;
  lease_until: NullableTimestamp;
  requested_by: string | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}
