/** The versions area: study versions and their content (docs/decisions/0020-study-versions-and-content.md). */
import type { StudyContent, VersionSite, VersionStatus } from '@trialpath/domain';
import type { ColumnType, Generated } from 'kysely';
import type { Environment, Json, NullableTimestamp, Timestamp } from './columns';

export interface StudyVersionsTable {
  id: Generated<string>;
  study_id: string;
  number: number;
  name: string;
  name_key: string;
  status: ColumnType<VersionStatus, VersionStatus | undefined, VersionStatus>;
  content: Json<StudyContent>;
  /** The content as published (frozen); null while a draft. */
  snapshot: Json<StudyContent | null>;
  /** The study's sites when the version was published (the diff compares them); null while a draft or before they were recorded. */
  sites_snapshot: Json<VersionSite[] | null>;
  revision: Generated<number>;
  /** Per-section revision counters, `{ welcomeScreens: 3 }`; a section not listed is at 0. */
  section_revisions: Json<Record<string, number>>;
  notes: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_by: string | null;
  updated_at: Timestamp;
  published_by: string | null;
  published_at: NullableTimestamp;
}

/** The last studyVersionNumber each study gave out (numbers are never given twice, C-167). */
export interface StudyVersionCountersTable {
  study_id: string;
  last_number: number;
}

/** A site or a country of a study running another version than its data space's (C-076, decision 0030). */
export interface VersionAssignmentsTable {
  id: Generated<string>;
  study_id: string;
  environment: Environment;
  version_id: string;
  site_id: string | null;
  country_id: string | null;
  assigned_by: string | null;
  assigned_at: Timestamp;
}

/** A frozen copy of a draft the participant portal shows through a secret link (decision 0043). */
export interface StudyPrototypesTable {
  id: Generated<string>;
  study_id: string;
  version_id: string;
  version_number: number;
  content: Json<StudyContent>;
  purpose: 'PREVIEW' | 'SHARE';
  /** SHA-256 (hex) of the link's token; the token itself is never stored. */
  token_hash: string;
  note: string | null;
  created_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_by: string | null;
}
