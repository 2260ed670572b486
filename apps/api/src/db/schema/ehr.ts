/** The study's EHR link (SMART on FHIR), participants' connections and fetched resources (decision H-epic-mychart). */
import type { Environment, Json, NullableTimestamp, Timestamp } from './columns';

export interface StudyEhrLinksTable {
  study_id: string;
  enabled: boolean;
  display_name: string;
  fhir_base_url: string;
  client_id: string;
  /** sealSecret('ehr-client-secret', study id); never answered by the API. */
  client_secret_sealed: string | null;
  scopes: string;
  resource_types: Json<string[]>;
  last_discovery: Json<Record<string, unknown> | null>;
  updated_by: string;
  updated_at: Timestamp;
}

export interface EhrAuthorizationsTable {
  state_hash: string;
  participant_id: string;
  study_id: string;
  environment: Environment;
  /** sealSecret('ehr-pkce-verifier', state hash). */
  code_verifier_sealed: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export type EhrConnectionStatus = 'CONNECTED' | 'REVOKED' | 'ERROR';

export interface EhrConnectionsTable {
  participant_id: string;
  study_id: string;
  environment: Environment;
  status: EhrConnectionStatus;
  patient_fhir_id: string | null;
  /** sealSecret('ehr-access-token' / 'ehr-refresh-token', participant id). */
  access_token_sealed: string | null;
  refresh_token_sealed: string | null;
  expires_at: NullableTimestamp;
  connected_at: NullableTimestamp;
  last_sync_at: NullableTimestamp;
  last_error: string | null;
  updated_at: Timestamp;
}

export interface EhrResourcesTable {
  participant_id: string;
  resource_type: string;
  fhir_id: string;
  version_id: string | null;
  last_updated: string | null;
  resource: Json<Record<string, unknown>>;
  fetched_at: Timestamp;
}
