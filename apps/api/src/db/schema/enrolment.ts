/** The enrolment area (decisions D-055…D-058, D-097): screening attempts and account-verification codes. */
import type { ColumnType, Generated } from 'kysely';
import type { Environment, Json, NullableTimestamp, Timestamp } from './columns';

/** An eligibility screening from the study link; no identity (a passed one gets its participant once used). */
export interface ParticipantScreeningsTable {
  id: Generated<string>;
  study_id: string;
  environment: ColumnType<Environment, Environment, Environment>;
  version_id: string;
  outcome: 'PRESCREENED' | 'SCREENFAILED';
  /** The answers of a passed screening ({ questionId, answer }[]); null for a failed one. */
  answers: Json<{ questionId: string; answer: 'YES' | 'NO' }[] | null>;
  participant_id: string | null;
  created_at: Generated<Date>;
  used_at: NullableTimestamp;
}

/** A verification code (and with e-mail a link) sent after registration. */
export interface ParticipantVerificationsTable {
  id: Generated<string>;
  participant_id: string;
  channel: 'email' | 'sms';
  destination: string;
  code_hash: string;
  code_expires_at: Timestamp;
  link_token_hash: string | null;
  link_expires_at: NullableTimestamp;
  attempts: Generated<number>;
  consumed_at: NullableTimestamp;
  created_at: Generated<Date>;
}
