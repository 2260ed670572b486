/** Linkage tokens (issue 14, migration 202612100500_linkage.sql, decision H-linkage-tokens). */
import type { ColumnType, Generated } from 'kysely';
import type { Environment, Timestamp } from './columns';

export interface LinkageSettingsTable {
  study_id: string;
  environment: Environment;
  enabled: Generated<boolean>;
  dataset_name: Generated<string>;
  token_types: ColumnType<string[], string[] | undefined, string[]>;
  key_sealed: string;
  key_created_at: Timestamp;
  updated_by: string | null;
  updated_at: Timestamp;
}

export interface LinkageTokensTable {
  participant_id: string;
  study_id: string;
  environment: Environment;
  token_type: string;
  token: string;
  made_at: Timestamp;
}
