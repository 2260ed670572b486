/** Pure helpers of the tree viewer (002 §2). */

export type TreeValue = unknown;

/** Keys containing "timestamp" (any case) are never shown. */
export function isHiddenKey(key: string): boolean {
  return key.toLowerCase().includes('timestamp');
}

export function isBranch(value: TreeValue): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/** The visible [key, value] pairs of an object or array. */
export function visibleEntries(value: TreeValue): [string, unknown][] {
  if (Array.isArray(value)) return value.map((v, i) => [String(i), v]);
  if (!isBranch(value)) return [];
  return Object.entries(value).filter(([k]) => !isHiddenKey(k));
}

/** Every expandable path under `value` (paths joined with "/"), for Open All. */
export function allBranchPaths(value: TreeValue, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of visibleEntries(value)) {
    if (!isBranch(v)) continue;
    const p = prefix ? `${prefix}/${k}` : k;
    out.push(p, ...allBranchPaths(v, p));
  }
  return out;
}

/** "createdAt" / "created_at" / "CREATED-AT" → "Created At". */
export function readableKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean);
  return words
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
}

/** How a leaf value is displayed. */
export function formatLeaf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return String(value);
}
