/** The studies area: reference countries and languages, studies with their languages and countries, sites. */
import type { StudyStatus } from '@trialpath/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Json, NullableTimestamp, Timestamp } from './columns';

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
  status: ColumnType<StudyStatus, StudyStatus | undefined>;
  color: string | null;
  description: string | null;
  therapeutic_area: string | null;
  revision: Generated<number>;
  /** The version the test data space runs (the draft being built), and the one live runs. */
  test_version_id: string | null;
  live_version_id: string | null;
  is_new_study_configurator: Generated<boolean>;
  features: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
  // migration 202611270100_study_lifecycle.sql (decision 0031)
  created_by: string | null;
  duplicated_from: string | null;
  is_internal_organizational_approved: Generated<boolean>;
  internal_approved_by: string | null;
  internal_approved_at: NullableTimestamp;
  is_irb_ec_approved: Generated<boolean>;
  irb_ec_approved_by: string | null;
  irb_ec_approved_at: NullableTimestamp;
  launched_by: string | null;
  launched_at: NullableTimestamp;
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
  // decision 0032: details, and the status in each data space (C-148)
  address: Generated<string>;
  city: Generated<string>;
  /** State or province (migration 202612030100_site_state.sql; D-047). */
  state: Generated<string>;
  postal_code: Generated<string>;
  contact_name: Generated<string>;
  contact_email: Generated<string>;
  contact_phone: Generated<string>;
  test_status: Generated<string>;
  live_status: Generated<string>;
  /** The first day the site was ACTIVE in each data space (kept by the database; migration 202612090200). */
  live_active_date: ColumnType<string | null, never, never>;
  test_active_date: ColumnType<string | null, never, never>;
  updated_at: Generated<Date>;
}
