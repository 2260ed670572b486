/** The audit trail (append-only, hash-chained; decision 0003) and the migrations' own record. */
import type { Generated } from 'kysely';
import type { Timestamp, Json } from './columns';

export interface AuditLogTable {
  /** bigserial: read as a number (the pg parser for int8 is set in db/database.ts). */
  id: Generated<number>;
  at: Timestamp;
  actor_type: string;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  reason: string | null;
  ip: string | null;
  user_agent: string | null;
  environment: string;
  prev_hash: string;
  hash: string;
}

export interface AuditItemsTable {
  audit_id: number;
  position: number;
  entity_type: string;
  entity_id: string | null;
  item: string;
  old_value: Json;
  new_value: Json;
}

export interface AuditChainHeadTable {
  id: number;
  last_id: number | null;
  last_hash: string;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}
