/** Participant site transfers (migration 202612060200_site_transfers.sql; decision E-site-transfers). */
import type { ColumnType, Generated } from 'kysely';
import type { Environment, NullableTimestamp } from './columns';

export type SiteTransferStatus = 'PENDING' | 'APPROVED' | 'REFUSED' | 'CANCELLED';

export interface SiteTransfersTable {
  id: Generated<string>;
  participant_id: string;
  study_id: string;
  environment: Environment;
  from_site_id: string;
  to_site_id: string;
  status: ColumnType<SiteTransferStatus, SiteTransferStatus | undefined, SiteTransferStatus>;
  reason: string;
  requested_by: string;
  requested_at: Generated<Date>;
  /** Who closed the request: the reviewer (approved or refused) or the person who cancelled it; null while pending. */
  reviewed_by: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: NullableTimestamp;
  review_reason: ColumnType<string | null, string | null | undefined, string | null>;
}
