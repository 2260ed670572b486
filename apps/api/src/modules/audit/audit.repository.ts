/** All SQL of the audit trail: chained appends under the head lock, and reads for verification. */
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AuditLogTable } from '../../db/schema/audit';
import type { AuditRecord } from '../../kernel/audit';
import { type AuditContent, auditHash, asStoredJson } from './audit.hash';

/** Rows per INSERT: 16 and 7 parameters a row, well under PostgreSQL's 65,535 parameters a statement. */
const ENTRIES_PER_STATEMENT = 2_000;
const ITEMS_PER_STATEMENT = 4_000;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(asStoredJson(v)));

/**
 * Append entries (and their item-level rows) to the chain inside the caller's transaction, in two statements:
 * the head row locked (`for update`, until that transaction ends, so two writers can never both extend the same
 * tip), then the new entries' ids taken; then the entries, their items and the new head written at once.
 */
export async function appendAuditEntries(trx: Db, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  // The ids are taken only once the head is locked (the CTE runs first): taken before, a writer that waited for the
  // lock would hold ids lower than those of the writer it waited for, and the chain would not follow the ids.
  const { rows: heads } = await sql<{ last_hash: string; ids: (string | number)[] }>`
    with head as materialized (select last_hash from audit_chain_head where id = 1 for update)
    select head.last_hash, array(select nextval('audit_log_id_seq') from generate_series(1, ${records.length})) as ids
    from head`.execute(trx);
  const locked = heads[0];
  if (!locked) throw new Error('audit chain head missing');
  const ids = locked.ids.map(Number).sort((a, b) => a - b);
  let prev = locked.last_hash;
  const at = new Date();
  const rows = records.map((d, i) => {
    const { items, ...rest } = d;
    const entry: AuditContent = { ...rest, id: ids[i]!, at, items };
    const hash = auditHash(entry, prev);
    const row = {
      id: entry.id,
      at,
      actor_type: d.actorType,
      actor_id: d.actorId,
      action: d.action,
      entity_type: d.entityType,
      entity_id: d.entityId,
      before: json(d.before),
      after: json(d.after),
      reason: d.reason,
      ip: d.ip,
      user_agent: d.userAgent,
      environment: d.environment,
      prev_hash: prev,
      hash,
    };
    prev = hash;
    return row;
  });
  const itemRows = records.flatMap((d, i) =>
    d.items.map((it, position) => ({
      audit_id: rows[i]!.id,
      position,
      entity_type: d.entityType,
      entity_id: d.entityId,
      item: it.item,
      old_value: json(it.oldValue),
      new_value: json(it.newValue),
    })),
  );
  const head = { last_id: rows[rows.length - 1]!.id, last_hash: prev };
  if (rows.length > ENTRIES_PER_STATEMENT || itemRows.length > ITEMS_PER_STATEMENT) {
    // a large request (an import of thousands): in chunks, as one statement takes at most 65,535 parameters
    for (let i = 0; i < rows.length; i += ENTRIES_PER_STATEMENT)
      await trx
        .insertInto('audit_log')
        .values(rows.slice(i, i + ENTRIES_PER_STATEMENT))
        .execute();
    for (let i = 0; i < itemRows.length; i += ITEMS_PER_STATEMENT)
      await trx
        .insertInto('audit_items')
        .values(itemRows.slice(i, i + ITEMS_PER_STATEMENT))
        .execute();
    await trx.updateTable('audit_chain_head').set(head).where('id', '=', 1).execute();
    return;
  }
  const entries = trx.with('entries', (db) => db.insertInto('audit_log').values(rows));
  if (itemRows.length === 0) {
    await entries.updateTable('audit_chain_head').set(head).where('id', '=', 1).execute();
    return;
  }
  await entries
    .with('items', (db) => db.insertInto('audit_items').values(itemRows))
    .updateTable('audit_chain_head')
    .set(head)
    .where('id', '=', 1)
    .execute();
}

export interface StoredAuditRow extends AuditContent {
  prevHash: string;
  hash: string;
}

type AuditLogRow = Selectable<AuditLogTable>;
type ItemRow = { audit_id: number | string; item: string; old_value: unknown; new_value: unknown };
type EntryItems = { item: string; oldValue: unknown; newValue: unknown }[];

/** Item rows grouped by their entry's id, in the order read. */
function itemsByEntry(items: readonly ItemRow[]): Map<number, EntryItems> {
  const byEntry = new Map<number, EntryItems>();
  for (const it of items) {
    const list = byEntry.get(Number(it.audit_id)) ?? [];
    list.push({ item: it.item, oldValue: it.old_value, newValue: it.new_value });
    byEntry.set(Number(it.audit_id), list);
  }
  return byEntry;
}

/** An entry row as stored, with its items (without the chain's hashes). */
function storedEntry<I extends EntryItems | undefined>(r: AuditLogRow, items: I) {
  return {
    id: Number(r.id),
    at: r.at,
    actorType: r.actor_type,
    actorId: r.actor_id,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    before: r.before,
    after: r.after,
    reason: r.reason,
    ip: r.ip,
    userAgent: r.user_agent,
    environment: r.environment,
    items,
  };
}

/** Entries after `afterId`, oldest first, with their items (keyset paging for the verifier). */
export async function readAuditBatch(db: Db, afterId: number, limit: number): Promise<StoredAuditRow[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('audit_items')
    .selectAll()
    .where('audit_id', '>', afterId)
    .where('audit_id', '<=', Number(rows[rows.length - 1]!.id))
    .orderBy('audit_id')
    .orderBy('position')
    .execute();
  const byEntry = itemsByEntry(items);
  return rows.map((r) => ({ ...storedEntry(r, byEntry.get(Number(r.id))), prevHash: r.prev_hash, hash: r.hash }));
}

export async function readChainHead(db: Db): Promise<{ lastId: number | null; lastHash: string }> {
  const h = await db.selectFrom('audit_chain_head').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { lastId: h.last_id === null ? null : Number(h.last_id), lastHash: h.last_hash };
}

/** One record's entries, newest first, a page of them with their items, and how many there are. */
export async function readRecordEntries(
  db: Db,
  q: { entityType: string; entityId: string; offset: number; limit: number },
): Promise<{ total: number; rows: Omit<StoredAuditRow, 'prevHash' | 'hash'>[] }> {
  const base = db.selectFrom('audit_log').where('entity_type', '=', q.entityType).where('entity_id', '=', q.entityId);
  const totalRow = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base.selectAll().orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute();
  const ids = rows.map((r) => Number(r.id));
  const items =
    ids.length === 0
      ? []
      : await db
          .selectFrom('audit_items')
          .selectAll()
          .where('audit_id', 'in', ids)
          .orderBy('audit_id')
          .orderBy('position')
          .execute();
  const byEntry = itemsByEntry(items);
  return { total: Number(totalRow.n), rows: rows.map((r) => storedEntry(r, byEntry.get(Number(r.id)) ?? [])) };
}
