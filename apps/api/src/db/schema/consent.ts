/** Signed consents (decision D-consent-signature). */
import type { Generated } from 'kysely';
import type { Environment, Json, NullableTimestamp } from './columns';

export interface ConsentSignaturesTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  version_id: string;
  environment: Environment;
  consent_id: string;
  content_hash: string;
  request_id: string;
  signed_at: Generated<Date>;
  local_offset: string;
  participant_name: string;
  meaning: string;
  language: string;
  drawn_signature: string | null;
  accepted_disclaimers: Json<string[]>;
  optional_consents: Json<Record<string, boolean>>;
  quiz_attempts: Generated<number>;
  ip: string | null;
  user_agent: string | null;
  pdf_file_id: string | null;
  countersigned_at: NullableTimestamp;
  countersigned_by: string | null;
  countersigner_name: string | null;
  countersign_meaning: string | null;
}
