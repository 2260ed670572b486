/** IRB/EC documentation PDFs of study versions (migration 202611270500). */
import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

export interface IrbDocumentsTable {
  id: Generated<string>;
  study_id: string;
  version_id: string;
  compared_with_version_id: string | null;
  file_id: string;
  language: string;
  created_by: string | null;
  created_at: Timestamp;
}
