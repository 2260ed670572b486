/**
 * Participant documents and e-signature (issue 12; migration 202612070400_participant_documents.sql; decision
 * E-participant-documents). Keep in step with its migration.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Environment, NullableTimestamp } from './columns';

/** The document's signature status on the server (the capture states ACQUIRED, SUBMITTED live in the browser). */
export type DocumentStatusColumn = 'SIGNATURE_INIT' | 'IN_PROGRESS' | 'RESET' | 'COMPLETED';
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface ParticipantDocumentsTable {
  id: Generated<string>;
  study_id: string;
  participant_id: string;
  environment: Environment;
  study_document_id: string;
  file_id: string;
  document_hash: string;
  title: string;
  status: ColumnType<DocumentStatusColumn, DocumentStatusColumn | undefined, DocumentStatusColumn>;
  req_sign_date: NullableTimestamp;
  pi_signature_required: Generated<boolean>;
  signed_file_id: Nullable<string>;
  is_invalidate: Generated<boolean>;
  invalidated_at: NullableTimestamp;
  invalidated_by: Nullable<string>;
  invalidate_reason: Nullable<string>;
  invalidated_document_id: Nullable<string>;
  sent_by: string;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type SignerRole = 'PARTICIPANT' | 'PI';

export interface ParticipantDocumentSignaturesTable {
  id: Generated<string>;
  document_id: string;
  signer_role: SignerRole;
  participant_id: Nullable<string>;
  user_id: Nullable<string>;
  printed_name: string;
  meaning: string;
  signed_at: Generated<Date>;
  signature_image: Nullable<string>;
  document_hash: string;
  request_id: Nullable<string>;
  ip: Nullable<string>;
  user_agent: Nullable<string>;
}

export interface ParticipantDocumentEventsTable {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  document_id: string;
  event: string;
  status: string;
  at: Generated<Date>;
  user_id: Nullable<string>;
  participant_id: Nullable<string>;
  note: Nullable<string>;
}

export interface ParticipantDocumentSiteSettingsTable {
  study_id: string;
  site_id: string;
  pi_signature_required: boolean;
  updated_by: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
