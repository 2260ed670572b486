/**
 * Typed view of the tables in migrations/ for Kysely, one file per area under db/schema/ (the area's
 * repository is the only code that writes its tables). Keep in step with the SQL files.
 */
import type { AuditChainHeadTable, AuditItemsTable, AuditLogTable, SchemaMigrationsTable } from './schema/audit';
import type { MfaChallengesTable, PasswordTokensTable, RefreshTokensTable } from './schema/auth';
import type { ClientsTable, FeatureFlagsTable } from './schema/clients';
import type { OutboxTable } from './schema/outbox';
import type { ParticipantsTable } from './schema/participants';
import type { SsoIdentitiesTable, SsoLoginStatesTable, SsoProvidersTable } from './schema/sso';
import type {
  CountriesTable,
  LanguagesTable,
  SitesTable,
  StudiesTable,
  StudyCountriesTable,
  StudyLanguagesTable,
} from './schema/studies';
import type { StudyVersionsTable } from './schema/versions';
import type { SiteAssignmentsTable, StudyAssignmentsTable, UserProfileImagesTable, UsersTable } from './schema/users';

export * from './schema/audit';
export * from './schema/auth';
export * from './schema/clients';
export type { Environment } from './schema/columns';
export * from './schema/outbox';
export * from './schema/participants';
export * from './schema/sso';
export * from './schema/studies';
export * from './schema/users';
export * from './schema/versions';

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
  study_versions: StudyVersionsTable;
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
  sso_providers: SsoProvidersTable;
  sso_login_states: SsoLoginStatesTable;
  sso_identities: SsoIdentitiesTable;
}
