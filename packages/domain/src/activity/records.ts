/**
 * Records keyed by question identifier (answers, per-question results, scores) are built on every
 * server validation. Filled key by key from `{}`, V8 turns such an object into a slow dictionary
 * past about twenty keys; a copy of a template that already holds the keys, in the same order, keeps
 * the fast shape, and each store then only overwrites. Same keys, same order, same values: only the
 * speed differs.
 */
const templates = new WeakMap<readonly string[], Readonly<Record<string, undefined>> | null>();

/** An object with `keys` (in order) holding undefined, to fill; `{}` when a key cannot be templated. */
export function keyedRecord<T>(keys: readonly string[]): Record<string, T> {
  let template = templates.get(keys);
  if (template === undefined) {
    // `__proto__` assigned on a plain object sets its prototype rather than a key: keep that path
    template = keys.includes('__proto__') ? null : Object.fromEntries(keys.map((k) => [k, undefined]));
    templates.set(keys, template);
  }
  return template ? ({ ...template } as Record<string, T>) : {};
}
