/**
 * Signed addresses (decisions H-study-videos, F-recording, after D-069's portal links): a <video> element loads its
 * source without the Authorization header, so the address itself carries the right to one thing until a time,
 * signed with a key derived for its purpose from a secret only the server has. The expiry is rounded to the hour so
 * an address stays the same while a page asks for it again (a player does not reload).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const HOUR_MS = 60 * 60_000;

function linkKey(secret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, purpose, 'video play addresses', 32));
}

const mac = (purpose: string, id: string, expiresSeconds: number, secret: Uint8Array) =>
  createHmac('sha256', linkKey(secret, purpose))
    .update(`${id.toLowerCase()}.${expiresSeconds}`)
    .digest()
    .subarray(0, 16);

/** A token for `id` valid for one to two hours from `now` (the end of the next full hour). */
export function signLink(purpose: string, id: string, secret: Uint8Array, now: number): string {
  const expiresSeconds = Math.floor((Math.floor(now / HOUR_MS) + 2) * (HOUR_MS / 1000));
  const head = Buffer.alloc(4);
  head.writeUInt32BE(expiresSeconds, 0);
  return Buffer.concat([head, mac(purpose, id, expiresSeconds, secret)]).toString('base64url');
}

/** Whether the token opens `id` for this purpose now (not altered, ours, not expired). */
export function linkOpens(purpose: string, id: string, token: string, secret: Uint8Array, now: number): boolean {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 20 || bytes.toString('base64url') !== token) return false;
  const expiresSeconds = bytes.readUInt32BE(0);
  if (expiresSeconds * 1000 <= now) return false;
  return timingSafeEqual(bytes.subarray(4), mac(purpose, id, expiresSeconds, secret));
}
