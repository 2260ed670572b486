/** Participants' identity tokens for record linkage (decision D-138): keyed hashes only, never the identity. */
import type { IdentityTokenKind } from '@trialpath/domain';
import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

export interface ParticipantIdentityTokensTable {
  participant_id: string;
  kind: IdentityTokenKind;
  /** HMAC-SHA256 in hex under the server's identity-token key (identity-tokens.service.ts). */
  token: string;
  created_at: Generated<Date>;
}

/** A participant's decision on record linkage: identity tokens are made only while it is an agreement. */
export interface ParticipantRecordLinkageTable {
  participant_id: string;
  agreed: boolean;
  version_id: string;
  decided_at: Timestamp;
}
