/**
 * Records keyed by identifier (answers, per-question results, scores, scoring variables). An
 * identifier may be any text, `__proto__` and `constructor` included (issue 7), so these records have
 * no prototype: every identifier is an ordinary own key, and reading one never finds a member of
 * Object.prototype. They serialise as JSON like any object.
 */

/** An empty record without a prototype. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The value a record holds for a key of its own (never one inherited from Object.prototype). */
export function ownValue<T>(record: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}

const templates = new WeakMap<readonly string[], Readonly<Record<string, undefined>>>();

/**
 * A record without prototype holding `keys` (in order), each undefined, to fill. Filled key by key from
 * nothing, V8 turns an object into a slow dictionary past about twenty keys; a copy of a template that
 * already holds the keys keeps the fast shape, and each store then only overwrites. `keys` should be
 * one array kept for the same keys (a plan's), so its template is made once.
 */
export function keyedRecord<T>(keys: readonly string[]): Record<string, T> {
  let template = templates.get(keys);
  if (template === undefined) {
    // fromEntries and spread define own keys (`__proto__` included) rather than assign them
    template = Object.fromEntries(keys.map((k) => [k, undefined]));
    templates.set(keys, template);
  }
  const record = { ...template };
  Object.setPrototypeOf(record, null);
  return record as Record<string, T>;
}
