/**
 * What a service records (`ctx.audit(entry)`) and what the audit trail stores. An entry names a
 * declared action (packages/domain, AUDIT_ACTIONS) and a record kind that action allows; who, when,
 * where and in which environment are stamped by the context. Item-level changes (field, old, new)
 * are derived from the before/after snapshots of an update, or given explicitly.
 */
import {
  type AuditAction,
  type AuditEntityOf,
  type AuditItemChange,
  type AppEnvironment,
  auditItemChanges,
} from '@trialpath/domain';
import type { Db } from '../db/database';

type EntryOf<A extends AuditAction> = {
  action: A;
  entityType: AuditEntityOf<A>;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** Defaults to the request's reason for change (endpoints with reasonRequired). */
  reason?: string | null;
  /** Defaults to the context's actor; sign-in records the account that signed in. */
  actor?: { type: 'staff' | 'participant'; id: string };
  /** Field-level changes; when absent they are derived from before/after (both plain objects). */
  items?: AuditItemChange[];
};

export type AuditEntry = { [A in AuditAction]: EntryOf<A> }[AuditAction];

/** One stored entry before the chain stamps its id, time and hashes. */
export interface AuditRecord {
  actorType: string;
  actorId: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  environment: AppEnvironment;
  items: AuditItemChange[];
}

/** Appends records to the hash chain inside the caller's transaction (the audit module's writer). */
export type AuditWriter = (trx: Db, records: readonly AuditRecord[]) => Promise<void>;

/** Keys never written to before/after, whatever a caller passes. */
const SECRET_KEYS = /password|token|secret|^code$|hash$/i;

function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEYS.test(k))
        .map(([k, v]) => [k, redactSecrets(v)]),
    );
  }
  return value;
}

export interface AuditStamp {
  actor: { type: string; id: string | null };
  ip: string | null;
  userAgent: string | null;
  environment: AppEnvironment;
  reason: string | null;
}

export function toAuditRecord(entry: AuditEntry, stamp: AuditStamp): AuditRecord {
  const who = entry.actor ?? stamp.actor;
  const before = entry.before === undefined ? null : redactSecrets(entry.before);
  const after = entry.after === undefined ? null : redactSecrets(entry.after);
  const items = (entry.items ?? auditItemChanges(before, after)).filter((i) => !SECRET_KEYS.test(i.item));
  return {
    actorType: who.type,
    actorId: who.id,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before,
    after,
    reason: entry.reason ?? stamp.reason,
    ip: stamp.ip,
    userAgent: stamp.userAgent?.slice(0, 500) ?? null,
    environment: stamp.environment,
    items,
  };
}
