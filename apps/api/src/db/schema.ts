/**
 * Typed view of the tables in migrations/ for Kysely, one file per area under db/schema/ (the area's
 * repository is the only code that writes its tables). Keep in step with the SQL files.
 */
import type { ActivitiesTable, ActivityGroupsTable, ActivityRevisionsTable } from './schema/activities';
import type { AuditChainHeadTable, AuditItemsTable, AuditLogTable, SchemaMigrationsTable } from './schema/audit';
import type {
  AuthSessionsTable,
  MfaChallengesTable,
  PasswordHistoryTable,
  PasswordTokensTable,
  RefreshTokensTable,
  ResetRequestsTable,
} from './schema/auth';
import type { ClientsTable, FeatureFlagsTable } from './schema/clients';
import type { StoredFilesTable, StudyDocumentsTable } from './schema/files';
import type { OutboxTable } from './schema/outbox';
import type { ParticipantsTable } from './schema/participants';
import type {
  ParticipantFormStatusesTable,
  ParticipantMilestonesTable,
  ParticipantSignoffsTable,
  ParticipantTasksTable,
  ScheduleJobsTable,
} from './schema/schedules';
import type { StudySiteSettingsTable } from './schema/sites';
import type { SsoIdentitiesTable, SsoLoginStatesTable, SsoProvidersTable } from './schema/sso';
import type {
  CountriesTable,
  LanguagesTable,
  SitesTable,
  StudiesTable,
  StudyCountriesTable,
  StudyLanguagesTable,
} from './schema/studies';
import type {
  StudyPrototypesTable,
  StudyVersionCountersTable,
  StudyVersionsTable,
  VersionAssignmentsTable,
} from './schema/versions';
import type { SiteAssignmentsTable, StudyAssignmentsTable, UserProfileImagesTable, UsersTable } from './schema/users';

export * from './schema/activities';
export * from './schema/audit';
export * from './schema/auth';
export * from './schema/clients';
export * from './schema/files';
export type { Environment } from './schema/columns';
export * from './schema/enrolment';
export * from './schema/outbox';
export * from './schema/push';
export * from './schema/participants';
export * from './schema/schedules';
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
  study_site_settings: StudySiteSettingsTable;
  study_versions: StudyVersionsTable;
  study_version_counters: StudyVersionCountersTable;
  version_assignments: VersionAssignmentsTable;
  study_prototypes: StudyPrototypesTable;
  activity_groups: ActivityGroupsTable;
  activities: ActivitiesTable;
  activity_revisions: ActivityRevisionsTable;
  study_assignments: StudyAssignmentsTable;
  site_assignments: SiteAssignmentsTable;
  participants: ParticipantsTable;
  participant_labels: import('./schema/participants').ParticipantLabelsTable;
  participant_label_links: import('./schema/participants').ParticipantLabelLinksTable;
  participant_list_counts: import('./schema/participants').ParticipantListCountsTable;
  activity_task_counts: import('./schema/participants').ActivityTaskCountsTable;
  participant_task_totals: import('./schema/participants').ParticipantTaskTotalsTable;
  reports: import('./schema/participants').ReportsTable;
  participant_status_changes: import('./schema/participants').ParticipantStatusChangesTable;
  site_transfers: import('./schema/site-transfers').SiteTransfersTable;
  site_form_entries: import('./schema/site-forms').SiteFormEntriesTable;
  site_form_locks: import('./schema/site-forms').SiteFormLocksTable;
  data_queries: import('./schema/data-queries').DataQueriesTable;
  data_query_messages: import('./schema/data-queries').DataQueryMessagesTable;
  participant_messages: import('./schema/participant-messages').ParticipantMessagesTable;
  participant_message_recipients: import('./schema/participant-messages').ParticipantMessageRecipientsTable;
  participant_documents: import('./schema/participant-documents').ParticipantDocumentsTable;
  participant_document_signatures: import('./schema/participant-documents').ParticipantDocumentSignaturesTable;
  participant_document_events: import('./schema/participant-documents').ParticipantDocumentEventsTable;
  participant_document_site_settings: import('./schema/participant-documents').ParticipantDocumentSiteSettingsTable;
  participant_milestones: ParticipantMilestonesTable;
  participant_tasks: ParticipantTasksTable;
  schedule_jobs: ScheduleJobsTable;
  participant_signoffs: ParticipantSignoffsTable;
  participant_form_statuses: ParticipantFormStatusesTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  password_tokens: PasswordTokensTable;
  password_history: PasswordHistoryTable;
  reset_requests: ResetRequestsTable;
  mfa_challenges: MfaChallengesTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  audit_items: AuditItemsTable;
  audit_chain_head: AuditChainHeadTable;
  schema_migrations: SchemaMigrationsTable;
  sso_providers: SsoProvidersTable;
  sso_login_states: SsoLoginStatesTable;
  sso_identities: SsoIdentitiesTable;
  stored_files: StoredFilesTable;
  study_documents: StudyDocumentsTable;
  irb_documents: import('./schema/irb').IrbDocumentsTable;
  participant_screenings: import('./schema/enrolment').ParticipantScreeningsTable;
  participant_verifications: import('./schema/enrolment').ParticipantVerificationsTable;
  push_vapid_keys: import('./schema/push').PushVapidKeysTable;
  consent_signatures: import('./schema/consent').ConsentSignaturesTable;
  participant_identity_tokens: import('./schema/identity-tokens').ParticipantIdentityTokensTable;
  participant_record_linkage: import('./schema/identity-tokens').ParticipantRecordLinkageTable;
  participant_devices: import('./schema/push').ParticipantDevicesTable;
  push_messages: import('./schema/push').PushMessagesTable;
  export_jobs: import('./schema/exports').ExportJobsTable;
  device_settings: import('./schema/devices').DeviceSettingsTable;
  device_ingestion_keys: import('./schema/devices').DeviceIngestionKeysTable;
  device_measurements: import('./schema/devices').DeviceMeasurementsTable;
  sftp_destinations: import('./schema/sftp').SftpDestinationsTable;
  sftp_transfers: import('./schema/sftp').SftpTransfersTable;
  linkage_settings: import('./schema/linkage').LinkageSettingsTable;
  linkage_tokens: import('./schema/linkage').LinkageTokensTable;
  study_videos: import('./schema/study-videos').StudyVideosTable;
  study_ehr_links: import('./schema/ehr').StudyEhrLinksTable;
  ehr_authorizations: import('./schema/ehr').EhrAuthorizationsTable;
  ehr_connections: import('./schema/ehr').EhrConnectionsTable;
  ehr_resources: import('./schema/ehr').EhrResourcesTable;
  telehealth_availability: import('./schema/telehealth').TelehealthAvailabilityTable;
  appointments: import('./schema/telehealth').AppointmentsTable;
  telehealth_calls: import('./schema/telehealth').TelehealthCallsTable;
  telehealth_call_members: import('./schema/telehealth').TelehealthCallMembersTable;
  telehealth_recordings: import('./schema/telehealth').TelehealthRecordingsTable;
  telehealth_recording_chunks: import('./schema/telehealth').TelehealthRecordingChunksTable;
}
