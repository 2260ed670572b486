/** The participants area (environment-scoped: every row lives in LIVE or TEST). */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, Environment } from './columns';

export interface ParticipantsTable {
  id: Generated<string>;
  study_id: string;
  site_id: string;
  participant_code: string;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  status: Generated<string>;
  language: Generated<string>;
  environment: ColumnType<Environment, Environment | undefined, Environment>;
  failed_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}
