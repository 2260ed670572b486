/**
 * Columns of the study-level tables of the zip and the file names of every file, shared by the export job (which
 * writes the rows) and the README's data dictionary (which explains them).
 */
import { csvLine } from './csv';
import type { ExportForm } from './types';

export interface TableColumn {
  name: string;
  description: string;
}

export const PARTICIPANT_COLUMNS: readonly TableColumn[] = [
  { name: 'participant', description: 'Participant code' },
  { name: 'site', description: 'Site code' },
  { name: 'country', description: 'Country of the site (ISO 3166-1 alpha-2)' },
  { name: 'status', description: 'Participant status' },
  { name: 'environment', description: 'LIVE or TEST' },
  { name: 'enrolled_at', description: 'Enrolled at (UTC, ISO 8601)' },
  { name: 'version', description: 'Study version the participant is on' },
  { name: 'withdrawn_at', description: 'Withdrawn at (UTC, ISO 8601), empty when not withdrawn' },
  { name: 'withdrawal_reason', description: 'Reason given for the withdrawal' },
];
export const CONSENT_COLUMNS: readonly TableColumn[] = [
  { name: 'participant', description: 'Participant code' },
  { name: 'document', description: 'Consent document name' },
  { name: 'document_version', description: 'Version of the consent document signed' },
  { name: 'signed_at', description: 'Signed at (UTC, ISO 8601)' },
  { name: 'signature_status', description: 'Signature status (signed, pending, declined, revoked…)' },
  { name: 'signer_role', description: 'Who signed: participant, legal representative, witness, investigator…' },
];
export const TASK_COLUMNS: readonly TableColumn[] = [
  { name: 'task_id', description: 'Task identifier' },
  { name: 'participant', description: 'Participant code' },
  { name: 'activity', description: 'Activity identifier' },
  { name: 'opens_at', description: 'Opens at (UTC, ISO 8601)' },
  { name: 'due_at', description: 'Due at (UTC, ISO 8601)' },
  { name: 'status', description: 'Task status' },
  { name: 'completed_at', description: 'Completed at (UTC, ISO 8601)' },
  { name: 'submission_id', description: 'The submission that completed the task (submission_id of the activity file)' },
];
export const QUERY_COLUMNS: readonly TableColumn[] = [
  { name: 'query_id', description: 'Query identifier (one row per message of its thread)' },
  { name: 'participant', description: 'Participant code' },
  { name: 'activity', description: 'Activity (form) identifier' },
  { name: 'submission_id', description: 'Submission the query is about' },
  { name: 'item', description: 'Question key the query is about' },
  { name: 'status', description: 'Query status' },
  { name: 'raised_at', description: 'Raised at (UTC, ISO 8601)' },
  { name: 'raised_by', description: 'Raised by (user)' },
  { name: 'message_position', description: 'Position of the message in the thread, from 1' },
  { name: 'message_at', description: 'Message written at (UTC, ISO 8601)' },
  { name: 'message_by', description: 'Message written by (user)' },
  { name: 'message', description: 'Message text' },
];
export const AUDIT_COLUMNS: readonly TableColumn[] = [
  { name: 'audit_id', description: 'Audit entry identifier (ascending in time)' },
  { name: 'at', description: 'When (UTC, ISO 8601)' },
  { name: 'actor', description: 'Who: user name, participant code or system' },
  { name: 'action', description: 'What was done (audit action code)' },
  { name: 'entity_type', description: 'Kind of record changed' },
  { name: 'entity_id', description: 'Identifier of the record changed' },
  { name: 'participant', description: 'Participant code, when the record belongs to one' },
  { name: 'submission_id', description: 'Submission, when the change is to one' },
  { name: 'item', description: 'Question key, when the change is to one answer' },
  { name: 'before', description: 'Value before the change (JSON)' },
  { name: 'after', description: 'Value after the change (JSON)' },
  { name: 'reason', description: 'Reason for the change' },
];

/** The header line of a table. */
export const tableHeader = (columns: readonly TableColumn[]): string => csvLine(columns.map((c) => c.name));

const fileStem = (f: ExportForm) => `${f.activity.identifier.replace(/[^A-Za-z0-9._-]/g, '_')}_r${f.revisionNumber}`;

/** Paths inside the zip. */
export const EXPORT_FILES = {
  readme: 'README.md',
  longCsv: 'answers_long.csv',
  participants: 'participants.csv',
  consents: 'consents.csv',
  tasks: 'tasks.csv',
  queries: 'queries.csv',
  audit: 'audit-trail.csv',
  odm: 'odm/study.xml',
  fhir: 'fhir/bundle.json',
  wideCsv: (f: ExportForm): string => `activities/${fileStem(f)}.csv`,
  datasetJson: (f: ExportForm): string => `datasetjson/${fileStem(f)}.json`,
} as const;
