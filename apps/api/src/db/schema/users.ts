/** The users area: staff accounts, profile images, and their study and site assignments. */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp } from './columns';

export type UserStatus = 'ACTIVE' | 'INVITED' | 'DEACTIVATED';

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

export interface StudyAssignmentsTable {
  user_id: string;
  study_id: string;
  role: string;
  read_only: Generated<boolean>;
  created_at: Generated<Date>;
  /** false: a deactivated member (decision 0032), no access through this assignment. */
  active: Generated<boolean>;
}

export interface SiteAssignmentsTable {
  user_id: string;
  site_id: string;
  /** The site team member's id (siteTeamMemberId, C-147; decision 0032). */
  id: Generated<string>;
  active: Generated<boolean>;
  blinded: Generated<boolean>;
  created_at: Generated<Date>;
}
