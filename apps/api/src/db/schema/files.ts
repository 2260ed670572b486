/** The files area: stored files' metadata and the study documents built on them (migration 202611270300). */
import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './columns';

export interface StoredFilesTable {
  id: Generated<string>;
  client_id: string;
  study_id: string | null;
  kind: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  file_name: string | null;
  created_by: string | null;
  created_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface StudyDocumentsTable {
  id: Generated<string>;
  study_id: string;
  site_id: string | null;
  file_id: string;
  title: Json<Record<string, string>>;
  description: Json<Record<string, string>>;
  status: ColumnType<boolean, boolean | undefined, boolean>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  is_selected_for_participants_only: ColumnType<boolean, boolean | undefined, boolean>;
  activate_for_more_participants: ColumnType<boolean, boolean | undefined, boolean>;
  page_count: ColumnType<number, number | undefined, number>;
  disclaimer: Json<Record<string, string>>;
  /** The disclaimer's images, in order (stored files of kind `disclaimer`). */
  disclaimer_file_ids: Json<string[]>;
  revision: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  updated_by: string | null;
  updated_at: Timestamp;
}
