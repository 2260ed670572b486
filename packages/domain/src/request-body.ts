// Its own module, apart from the sanitiser: every portal request uses it, and the participant portal's
// first load must not carry the sanitiser's patterns with it.
import { isPlainObject } from './plain-object';

/**
 * The client's body-cleaning step before PUT/POST (000 §7.1; decision A-164): drops properties whose
 * value is `undefined`, deeply, in plain objects; `undefined` array items become `null` (as JSON
 * would send them, keeping positions). Everything else — null, '', 0, false, dates, files — is kept.
 * The result is a new value; the input is not changed.
 */
export function cleanRequestBody<T>(body: T): T {
  if (Array.isArray(body)) return body.map((v) => (v === undefined ? null : cleanRequestBody(v))) as T;
  if (isPlainObject(body)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) if (v !== undefined) out[k] = cleanRequestBody(v);
    return out as T;
  }
  return body;
}
