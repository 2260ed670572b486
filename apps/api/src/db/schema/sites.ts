/** The sites area's own table: the global site settings of a study (C-159; decision 0032). */
import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

export interface StudySiteSettingsTable {
  study_id: string;
  is_add_participant_global_setting_enabled: Generated<boolean>;
  is_document_global_setting_enabled: Generated<boolean>;
  is_download_esource_docs_enabled: Generated<boolean>;
  updated_at: Timestamp;
}
