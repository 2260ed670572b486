/**
 * Live and test environments (000 §1, §2.5, §7.1; 002 §1). Decision A-003: a hash path segment
 * equal to `test`, or containing `test` as a whole word (words split on `-`, `_`, `.` and other
 * non-alphanumerics), means TEST; anything else means LIVE. Only the hash path counts (the part
 * after `#`, before `?`), so `#/studies/contest` and `?q=test` stay LIVE.
 */

export type AppEnvironment = 'LIVE' | 'TEST';

/** Request header carrying the environment (value `test` on test pages). */
export const ENV_HEADER = 'env';
export const ENV_HEADER_TEST_VALUE = 'test';

function hashPath(hash: string): string {
  let s = String(hash ?? '');
  const h = s.indexOf('#');
  if (h >= 0) s = s.slice(h + 1);
  const q = s.indexOf('?');
  if (q >= 0) s = s.slice(0, q);
  return s;
}

function segmentIsTest(segment: string): boolean {
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    /* keep raw */
  }
  return decoded
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .includes('test');
}

export function detectEnvironment(hash: string): AppEnvironment {
  return hashPath(hash).split('/').some(segmentIsTest) ? 'TEST' : 'LIVE';
}

/** Server side: the Env header value `test` (any case) means TEST, anything else LIVE. */
export function parseEnvHeader(value: unknown): AppEnvironment {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v.trim().toLowerCase() === ENV_HEADER_TEST_VALUE ? 'TEST' : 'LIVE';
}

const STUDY_PATH = /^(#?\/?studies\/[^/?#]+)(\/test(?=$|[/?]))?(.*)$/s;

/**
 * The test twin of a study route: `/studies/{id}/x` → `/studies/{id}/test/x`. Already-test paths
 * and non-study paths are returned unchanged. A leading `#` and a query string are kept.
 */
export function testTwinPath(path: string): string {
  const m = STUDY_PATH.exec(path);
  if (!m || m[2]) return path;
  return `${m[1]}/test${m[3]}`;
}

/** Is this a test twin of a study route? */
export function isTestTwinPath(path: string): boolean {
  const m = STUDY_PATH.exec(path);
  return Boolean(m?.[2]);
}
