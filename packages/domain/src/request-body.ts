// Its own module, apart from the sanitiser: every portal request uses it, and the participant portal's
// first load must not carry the sanitiser's patterns with it.
import { isPlainObject } from './plain-object';

/** No value to send: `undefined`, or a number JSON cannot carry (NaN from an empty number field, ±Infinity). */
function isMissing(v: unknown): boolean {
  return v === undefined || (typeof v === 'number' && !Number.isFinite(v));
}

/**
 * The client's body-cleaning step before PUT/POST (000 §7.1; decision A-164), deeply, in plain objects:
 * a property with no value (`undefined`, NaN, ±Infinity) is dropped — JSON would send a NaN as `null`,
 * which tells the server to clear the field; in arrays such an item becomes `null`, keeping positions.
 * Everything else — null, '', 0, false, dates, files — is kept. The result is a new value; the input is
 * not changed.
 */
export function cleanRequestBody<T>(body: T): T {
  if (Array.isArray(body)) return body.map((v) => (isMissing(v) ? null : cleanRequestBody(v))) as T;
  if (isPlainObject(body)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) if (!isMissing(v)) out[k] = cleanRequestBody(v);
    return out as T;
  }
  return body;
}
