/**
 * The audit chain's hash (docs/decisions/0003-audit-hash-chain.md): sha256 over a canonical JSON
 * (keys sorted, no spaces) of the row's content and the previous entry's hash.
 */
import { createHash } from 'node:crypto';

export const GENESIS_HASH = 'GENESIS';

export interface AuditContent {
  id: number;
  at: Date;
  actorType: string;
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
  environment: string;
  /** Item-level changes; part of the hash only when there are some (older entries hash as before). */
  items?: readonly { item: string; oldValue: unknown; newValue: unknown }[];
}

/** JSON with object keys sorted at every level, so jsonb's own key order never matters. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** What jsonb gives back for a value: dates become strings, undefined disappears. */
export function asStoredJson(value: unknown): unknown {
  return value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));
}

export function auditHash(entry: AuditContent, prevHash: string): string {
  const content = canonicalJson({
    ...entry,
    at: entry.at.toISOString(),
    before: asStoredJson(entry.before),
    after: asStoredJson(entry.after),
    items: entry.items && entry.items.length > 0 ? asStoredJson(entry.items) : undefined,
    prevHash,
  });
  return createHash('sha256').update(content).digest('hex');
}
