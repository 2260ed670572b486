/** The auth area: refresh tokens, single-use link tokens, one-time-code challenges. */
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTimestamp } from './columns';

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
