/** The participants area (environment-scoped: every row lives in LIVE or TEST). */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp, Environment } from './columns';

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
  /** IANA zone the participant's study days run in. */
  time_zone: Generated<string>;
  /** Day zero of the participant's schedule ('YYYY-MM-DD' in time_zone); null until triggered (E-125). */
  day_zero: ColumnType<string | null, string | null | undefined, string | null>;
  /** The study version the participant is on; null: none assigned yet. */
  version_id: string | null;
  /** The study start (E-133): confirmed by the participant, by the investigator, moved after it was set. */
  start_confirmed_at: NullableTimestamp;
  start_pi_confirmed_at: NullableTimestamp;
  start_pi_confirmed_by: string | null;
  start_rescheduled: Generated<boolean>;
  /** E-135: no activities offered, no reminders sent, until turned on again. */
  activities_disabled: Generated<boolean>;
  notifications_disabled: Generated<boolean>;
  // migration 202612020400_participant_enrolment.sql (decisions D-055…D-058)
  mobile: ColumnType<string | null, string | null | undefined, string | null>;
  mobile_country_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** How the account is verified (001 §3: phone or email). */
  verification_method: ColumnType<'email' | 'phone', 'email' | 'phone' | undefined, 'email' | 'phone'>;
  verification_opt_in_sms: Generated<boolean>;
  /** When the participant registered from the portal (001 §3 registrationDate); null before. */
  registration_date: NullableTimestamp;
  registration_process: ColumnType<
    'OPEN_ENROLMENT' | 'INVITATION' | null,
    'OPEN_ENROLMENT' | 'INVITATION' | null | undefined,
    'OPEN_ENROLMENT' | 'INVITATION' | null
  >;
  /** When the account was verified (status VERIFIED). */
  verified_at: NullableTimestamp;
  /** The cohort of the participant's version they belong to (D-035); null: none chosen. */
  cohort_id: ColumnType<string | null, string | null | undefined, string | null>;
  // migration 202612050100_participant_list.sql (decision E-participant-list)
  first_name: ColumnType<string | null, string | null | undefined, string | null>;
  last_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** How the participant came in (E-029); WEB unless said otherwise (E-027). */
  source: ColumnType<'APP' | 'WEB' | 'MANUAL', 'APP' | 'WEB' | 'MANUAL' | undefined, 'APP' | 'WEB' | 'MANUAL'>;
  /** Has signed a consent of the study: kept by a trigger on consent_signatures, never written by the application. */
  consent_signed: ColumnType<boolean, never, never>;
  /** Kept by the database from consent_signatures (migration 202612090200): the eConsent state of the analytics. */
  consent_state: ColumnType<ConsentState, never, never>;
  /** Kept from consent_signatures: consents signed after a comprehension quiz, and the attempts they took. */
  quiz_passed: ColumnType<number, never, never>;
  quiz_attempts: ColumnType<number, never, never>;
  // migration 202612060100_participant_records.sql (decision E-participant-records)
  /** 'YYYY-MM-DD', kept as text. */
  date_of_birth: ColumnType<string | null, string | null | undefined, string | null>;
  gender: ColumnType<string | null, string | null | undefined, string | null>;
  address: ColumnType<string | null, string | null | undefined, string | null>;
  city: ColumnType<string | null, string | null | undefined, string | null>;
  state: ColumnType<string | null, string | null | undefined, string | null>;
  zipcode: ColumnType<string | null, string | null | undefined, string | null>;
  country_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff member who added the participant; null for one who registered from the portal. */
  added_by: ColumnType<string | null, string | null | undefined, string | null>;
  invited_at: NullableTimestamp;
  /** The participant asked for no more e-mail (E-003): invitations and reminders are not e-mailed. */
  email_unsubscribed_at: NullableTimestamp;
  // migration 202612080100_participant_registration_extras.sql (E-028)
  parent_or_cg_first_name: ColumnType<string | null, string | null | undefined, string | null>;
  parent_or_cg_last_name: ColumnType<string | null, string | null | undefined, string | null>;
  how_did_you_hear: ColumnType<string | null, string | null | undefined, string | null>;
  custom_field_1: ColumnType<string | null, string | null | undefined, string | null>;
  custom_field_2: ColumnType<string | null, string | null | undefined, string | null>;
  custom_field_3: ColumnType<string | null, string | null | undefined, string | null>;
}

/** How many participants each site has per status, source and consent state (kept by triggers). */
export interface ParticipantListCountsTable {
  study_id: string;
  environment: string;
  site_id: string;
  status: string;
  source: string;
  consent_signed: boolean;
  n: ColumnType<number, never, never>;
}

export type ConsentState = 'UNSIGNED' | 'PARTICIPANT_SIGNED' | 'PI_AND_PARTICIPANT_SIGNED';

/** Tasks per site, activity, status and opening day (kept by triggers; decision G-analytics-data). */
export interface ActivityTaskCountsTable {
  study_id: string;
  environment: string;
  site_id: string;
  target_id: string;
  status: string;
  day: ColumnType<string, never, never>;
  n: ColumnType<number, never, never>;
}

/** Each participant's tasks that count (all but withdrawn) and the completed ones (kept from participant_tasks). */
export interface ParticipantTaskTotalsTable {
  participant_id: string;
  total: ColumnType<number, never, never>;
  completed: ColumnType<number, never, never>;
}

/** A label staff create in a study and attach to participants (E-087). */
export interface ParticipantLabelsTable {
  id: Generated<string>;
  study_id: string;
  name: string;
  color: string;
  created_at: Generated<Date>;
  created_by: string | null;
}

export interface ParticipantLabelLinksTable {
  participant_id: string;
  label_id: string;
  attached_at: Generated<Date>;
}

/** A status change staff made (decision E-046). */
export interface ParticipantStatusChangesTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  environment: Environment;
  from_status: string;
  to_status: string;
  reason_code: string | null;
  reason: string;
  changed_by: string;
  changed_at: Generated<Date>;
}

/** A saved report (issue 13; migration 202612090300_reports.sql; decision G-reports). */
export interface ReportsTable {
  id: Generated<string>;
  study_id: string;
  environment: string;
  name: string;
  /** The ReportDefinition of packages/contract/src/reports.ts, as saved. */
  definition: ColumnType<unknown, string, string>;
  created_by: string;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
