/**
 * Text that no field may hold: the NUL character (PostgreSQL cannot store it in text) and lone UTF-16
 * surrogates (not valid Unicode; they cannot be encoded as UTF-8). Both are refused at the contract
 * layer for every string of every request, keys included, so no endpoint can pass them to the database.
 */

// One linear pass: a high surrogate not followed by a low one, a low one not preceded by a high one, or NUL.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(text: string): boolean {
  return !UNSAFE.test(text);
}

/** Whether any string or key in `value` is not safe text: one pass that builds nothing (every request's body). */
function holdsUnsafeText(v: unknown, depth: number): boolean {
  if (typeof v === 'string') return UNSAFE.test(v);
  // Bodies are parsed JSON; the depth bound only guards against a cycle in a value built in code.
  if (v === null || typeof v !== 'object' || depth > 200) return false;
  if (Array.isArray(v)) {
    for (const item of v) if (holdsUnsafeText(item, depth + 1)) return true;
    return false;
  }
  for (const key in v) {
    if (!Object.hasOwn(v, key)) continue;
    if (UNSAFE.test(key) || holdsUnsafeText((v as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Dotted paths of every string (or object key) in `value` that is not safe text; `''` is the value
 * itself. Arrays are walked by index. Stops after `limit` findings (a hostile body may hold many).
 */
export function unsafeTextPaths(value: unknown, limit = 20): string[] {
  // the paths are worked out only for a value that holds such text
  if (!holdsUnsafeText(value, 0)) return [];
  const found: string[] = [];
  const walk = (v: unknown, path: string, depth: number): void => {
    if (found.length >= limit) return;
    if (typeof v === 'string') {
      if (!isSafeText(v)) found.push(path);
      return;
    }
    // Bodies are parsed JSON; the depth bound only guards against a cycle in a value built in code.
    if (v === null || typeof v !== 'object' || depth > 200) return;
    const entries: [string, unknown][] = Array.isArray(v)
      ? v.map((item, i): [string, unknown] => [String(i), item])
      : Object.entries(v as Record<string, unknown>);
    for (const [key, item] of entries) {
      const child = path ? `${path}.${key}` : key;
      if (!Array.isArray(v) && !isSafeText(key)) {
        const shown = key.replace(UNSAFE_GLOBAL, '\uFFFD');
        found.push(path ? `${path}.${shown}` : shown);
        continue;
      }
      walk(item, child, depth + 1);
    }
  };
  walk(value, '', 0);
  return found;
}

const UNSAFE_GLOBAL = new RegExp(UNSAFE.source, 'g');
