/** The audit trail's writer (given to the kernel by app.ts) and the chain verification. */
import type { Db } from '../../db/database';
import type { AuditWriter } from '../../kernel/audit';
import { auditHash, GENESIS_HASH } from './audit.hash';
import { appendAuditEntries, readAuditBatch, readChainHead } from './audit.repository';

/** Appends a transaction's records to the hash chain (kernel/context.ts calls it for every write). */
export const writeAuditRecords: AuditWriter = appendAuditEntries;

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
