/** Typed view of the tables in migrations/ for Kysely. Keep in step with the SQL files. */
import type { AppEnvironment } from '@trialpath/domain';
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: always written as a JSON string (pg and PGlite both pass strings through). */
type Json<T = unknown> = ColumnType<T, string | null | undefined, string | null>;

export type UserStatus = 'ACTIVE' | 'INVITED' | 'DEACTIVATED';
/** The two data spaces (the domain's rule); environment-scoped tables store one of them. */
export type Environment = AppEnvironment;

export interface ClientsTable {
  id: Generated<string>;
  name: string;
  two_fa_enabled: Generated<boolean>;
  is_cognito_authentication: Generated<boolean>;
  is_participant_uses_cognito: Generated<boolean>;
  support_desk_url: string | null;
  /** Short code (000 §3 clientId), e.g. 'trialpath-demo'. */
  code: string;
  created_at: Generated<Date>;
}

export interface FeatureFlagsTable {
  client_id: string;
  name: string;
  enabled: Generated<boolean>;
  customers: Json<string[] | null>;
  updated_at: Generated<Date>;
}

export interface UsersTable {
  id: Generated<string>;
  client_id: string;
  /** null while an invitee has not registered yet (registration chooses it). */
  username: string | null;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone_number: string | null;
  password_hash: string | null;
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  platform_role: string;
  realm: string | null;
  data_access_type: Generated<string>;
  profile_completed: Generated<boolean>;
  failed_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  token_version: Generated<number>;
  work_number: ColumnType<string | null, string | null | undefined, string | null>;
  license_type: ColumnType<string | null, string | null | undefined, string | null>;
  /** false after an e-mail change until the new address is confirmed with a code. */
  otp_verified: Generated<boolean>;
  pending_email: ColumnType<string | null, string | null | undefined, string | null>;
  client_member_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the profile image was last stored (null = none). */
  profile_image_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface UserProfileImagesTable {
  user_id: string;
  content_type: string;
  byte_size: number;
  data: ColumnType<Uint8Array, Uint8Array, Uint8Array>;
  updated_at: Timestamp;
}

export interface CountriesTable {
  id: string;
  name: string;
  iso_code3: string;
  sort_order: Generated<number>;
  active: Generated<boolean>;
}

export interface LanguagesTable {
  id: string;
  display_name: string;
}

export interface StudiesTable {
  id: Generated<string>;
  client_id: string;
  code: string;
  name: string;
  sponsor_name: string | null;
  status: ColumnType<'DESIGN' | 'LIVE' | 'CLOSED', 'DESIGN' | 'LIVE' | 'CLOSED' | undefined>;
  color: string | null;
  is_new_study_configurator: Generated<boolean>;
  features: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StudyLanguagesTable {
  study_id: string;
  language_id: string;
  is_default: Generated<boolean>;
}

export interface StudyCountriesTable {
  study_id: string;
  country_id: string;
  is_default: Generated<boolean>;
}

export interface SitesTable {
  id: Generated<string>;
  study_id: string;
  site_code: string;
  name: string;
  site_sub_type: string;
  country_id: string;
  created_at: Generated<Date>;
}

export interface StudyAssignmentsTable {
  user_id: string;
  study_id: string;
  role: string;
  read_only: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface SiteAssignmentsTable {
  user_id: string;
  site_id: string;
}

export interface ParticipantsTable {
  id: Generated<string>;
  study_id: string;
  site_id: string;
  participant_code: string;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  status: Generated<string>;
  language: Generated<string>;
  environment: ColumnType<Environment, Environment | undefined, Environment>;
  failed_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  token_hash: string;
  family_id: string;
  session_id: string;
  user_id: string | null;
  participant_id: string | null;
  study_id: string | null;
  device_id: string | null;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  replaced_by: string | null;
  created_at: Generated<Date>;
}

export type PasswordTokenPurpose = 'reset' | 'invite' | 'participant_reset' | 'register';

export interface PasswordTokensTable {
  id: Generated<string>;
  token_hash: string;
  purpose: PasswordTokenPurpose;
  user_id: string | null;
  participant_id: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export type ChallengePurpose = 'sign-in' | 'otp-verified' | 'reset-password' | 'mobile' | 'email-change';

export interface MfaChallengesTable {
  id: Generated<string>;
  /** null for a decoy challenge (unknown account): it can never verify. */
  user_id: string | null;
  purpose: ColumnType<ChallengePurpose, ChallengePurpose | undefined, ChallengePurpose>;
  code_hash: string;
  channel: 'email' | 'sms';
  destination: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Generated<Date>;
  sent_at: NullableTimestamp;
  /** pending until a sender delivers it (sent) or gives up after the last attempt (failed). */
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
}

export interface AuditLogTable {
  /** bigserial: read as a number (the pg parser for int8 is set in db/database.ts). */
  id: Generated<number>;
  at: Timestamp;
  actor_type: string;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  environment: string;
  prev_hash: string;
  hash: string;
}

export interface AuditItemsTable {
  audit_id: number;
  position: number;
  entity_type: string;
  entity_id: string | null;
  item: string;
  old_value: Json;
  new_value: Json;
}

export interface AuditChainHeadTable {
  id: number;
  last_id: number | null;
  last_hash: string;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface Database {
  clients: ClientsTable;
  feature_flags: FeatureFlagsTable;
  users: UsersTable;
  user_profile_images: UserProfileImagesTable;
  countries: CountriesTable;
  languages: LanguagesTable;
  studies: StudiesTable;
  study_languages: StudyLanguagesTable;
  study_countries: StudyCountriesTable;
  sites: SitesTable;
  study_assignments: StudyAssignmentsTable;
  site_assignments: SiteAssignmentsTable;
  participants: ParticipantsTable;
  refresh_tokens: RefreshTokensTable;
  password_tokens: PasswordTokensTable;
  mfa_challenges: MfaChallengesTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  audit_items: AuditItemsTable;
  audit_chain_head: AuditChainHeadTable;
  schema_migrations: SchemaMigrationsTable;
}
