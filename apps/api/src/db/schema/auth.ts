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

export type SessionEndReason =
  | 'sign-out'
  | 'refresh-reuse'
  | 'stolen-token'
  | 'admin-sign-out'
  | 'password-change'
  | 'password-reset';

/** One sign-in (decision 0021): its refresh-token families point here; the access token carries its id. */
export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string | null;
  participant_id: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoked_reason: SessionEndReason | null;
}

export type PasswordTokenPurpose = 'reset' | 'invite' | 'participant_reset' | 'register' | 'participant_invite';

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

/** A password an account used before its current one (decision 0024). */
export interface PasswordHistoryTable {
  /** bigint identity: the order passwords were replaced in. */
  id: Generated<string>;
  user_id: string | null;
  participant_id: string | null;
  password_hash: string;
  replaced_at: Generated<Date>;
}

/** One request for a reset link or code, for the per-account cap (decision 0022). */
export interface ResetRequestsTable {
  id: Generated<string>;
  key: string;
  created_at: Generated<Date>;
}
