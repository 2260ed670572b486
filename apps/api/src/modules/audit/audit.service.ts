/** Audit trail rules: what an entry holds, and the chain verification. */
import type { Db } from '../../db/database';
import { auditHash, GENESIS_HASH } from './audit.hash';
import { readAuditBatch, readChainHead } from './audit.repository';

/** What a handler records; who/when/where are stamped by the request plumbing. */
export interface AuditInput {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** Defaults to the request's actor; sign-in records the account that signed in. */
  actor?: { type: string; id: string | null };
}

/** Keys never written to before/after, whatever a caller passes. */
const SECRET_KEYS = /password|token|secret|^code$|hash$/i;

export function redactSecrets(value: unknown): unknown {
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

export type VerifyResult = { ok: true; count: number } | { ok: false; count: number; brokenId: number; reason: string };

/** Recompute the whole chain; the first entry whose link or hash does not match is reported. */
export async function verifyAuditChain(db: Db, batchSize = 1000): Promise<VerifyResult> {
  let prev = GENESIS_HASH;
  let lastId = 0;
  let count = 0;
  for (;;) {
    const rows = await readAuditBatch(db, lastId, batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (row.prevHash !== prev) return { ok: false, count, brokenId: row.id, reason: 'link to previous entry broken' };
      const { prevHash: _p, hash, ...content } = row;
      if (auditHash(content, prev) !== hash) return { ok: false, count, brokenId: row.id, reason: 'content changed' };
      prev = hash;
      lastId = row.id;
      count++;
    }
  }
  const head = await readChainHead(db);
  if (head.lastHash !== prev) {
    return { ok: false, count, brokenId: head.lastId ?? lastId, reason: 'entries missing at the end of the chain' };
  }
  return { ok: true, count };
}
