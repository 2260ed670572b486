/** The audit trail's writer (given to the kernel by app.ts) and the chain verification. */
import type { AuditEntityType } from '@trialpath/domain';
import type { Db } from '../../db/database';
import type { DbCtx } from '../../kernel/context';
import type { AuditWriter } from '../../kernel/audit';
import { auditHash, GENESIS_HASH } from './audit.hash';
import { appendAuditEntries, readAuditBatch, readChainHead, readRecordEntries } from './audit.repository';

/** Appends a transaction's records to the hash chain (kernel/context.ts calls it for every write). */
export const writeAuditRecords: AuditWriter = appendAuditEntries;

export interface AuditBreak {
  id: number;
  reason: string;
}

/**
 * `count`: entries read. A broken chain lists every break (`breaks`, in chain order); `brokenId` and
 * `reason` name the first.
 */
export type VerifyResult =
  | { ok: true; count: number }
  | { ok: false; count: number; brokenId: number; reason: string; breaks: AuditBreak[] };

/**
 * Recompute the whole chain and report every entry whose link or hash does not match, not only the
 * first: after a break the entry's stored hash is taken as the link for the next one, so one changed
 * entry is one finding and the entries after it are still checked.
 */
export async function verifyAuditChain(db: Db, batchSize = 1000): Promise<VerifyResult> {
  let prev = GENESIS_HASH;
  let lastId = 0;
  let count = 0;
  const breaks: AuditBreak[] = [];
  for (;;) {
    const rows = await readAuditBatch(db, lastId, batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      const { prevHash, hash, ...content } = row;
      if (prevHash !== prev) breaks.push({ id: row.id, reason: 'link to previous entry broken' });
      else if (auditHash(content, prev) !== hash) breaks.push({ id: row.id, reason: 'content changed' });
      prev = hash;
      lastId = row.id;
      count++;
    }
  }
  const head = await readChainHead(db);
  if (head.lastHash !== prev) {
    breaks.push({ id: head.lastId ?? lastId, reason: 'entries missing at the end of the chain' });
  }
  if (breaks.length === 0) return { ok: true, count };
  return { ok: false, count, brokenId: breaks[0]!.id, reason: breaks[0]!.reason, breaks };
}

/**
 * The audit trail of one record (a study version's audit log, C-170), newest first, one page. The
 * caller has checked that the actor may see the record.
 */
export async function recordAuditTrail(
  ctx: DbCtx,
  q: { entityType: AuditEntityType; entityId: string; page: number; pageSize: number },
) {
  const { total, rows } = await readRecordEntries(ctx.db, {
    entityType: q.entityType,
    entityId: q.entityId,
    offset: (q.page - 1) * q.pageSize,
    limit: q.pageSize,
  });
  return { total, page: q.page, pageSize: q.pageSize, entries: rows };
}
