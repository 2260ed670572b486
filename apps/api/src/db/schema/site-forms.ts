/** EDC: site data entry of data capture forms (issue 12): its tables. Keep in step with its migration. */
import type { Answer, SiteFormStatus } from '@trialpath/domain';
import type { Generated } from 'kysely';
import type { Environment, Json, NullableTimestamp, Timestamp } from './columns';

export interface SiteFormEntriesTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  site_id: string;
  environment: Environment;
  version_id: string;
  activity_id: string;
  /** null: an unscheduled entry. */
  task_id: string | null;
  /** AnswerMap keyed by question identifier. */
  answers: Json<Record<string, Answer>>;
  status: SiteFormStatus;
  created_by: string;
  updated_by: string;
  signed_by: string | null;
  signer_name: string | null;
  signature_meaning: string | null;
  signed_at: NullableTimestamp;
  locked_at: NullableTimestamp;
  locked_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SiteFormLocksTable {
  site_id: string;
  environment: Environment;
  study_id: string;
  locked_by: string;
  locked_at: Timestamp;
}
