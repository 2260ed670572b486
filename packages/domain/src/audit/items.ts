/**
 * Item-level audit: which field of which record changed, from what to what. The EDC, data queries and
 * the CDISC ODM AuditRecords (one per ItemData change) read these rather than diffing snapshots.
 */

export interface AuditItemChange {
  /** The field, as a dotted path inside the record (`email`, `address.city`, a question id). */
  item: string;
  /** null when the item had no value before (first entry) or has none after (cleared). */
  oldValue: unknown;
  newValue: unknown;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** JSON form of a value as it will be stored (dates as ISO text; undefined as null). */
function stored(v: unknown): unknown {
  return v === undefined ? null : JSON.parse(JSON.stringify(v) ?? 'null');
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(stored(a)) === JSON.stringify(stored(b));
}

/**
 * The changed fields between two snapshots of one record, in a stable (sorted) order. Nested plain
 * objects are compared field by field (`address.city`); arrays and other values as a whole.
 * Returns [] when either side is not a plain object (nothing to compare item by item).
 */
export function auditItemChanges(before: unknown, after: unknown, prefix = ''): AuditItemChange[] {
  if (!isPlainObject(before) || !isPlainObject(after)) return [];
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const out: AuditItemChange[] = [];
  for (const key of keys) {
    const item = prefix ? `${prefix}.${key}` : key;
    const a = Object.hasOwn(before, key) ? before[key] : undefined;
    const b = Object.hasOwn(after, key) ? after[key] : undefined;
    if (isPlainObject(a) && isPlainObject(b)) out.push(...auditItemChanges(a, b, item));
    else if (!same(a, b)) out.push({ item, oldValue: stored(a), newValue: stored(b) });
  }
  return out;
}
