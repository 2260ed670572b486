/**
 * Signed play addresses of ready videos (decision H-study-videos, after D-069's portal links): a <video> element
 * loads its source without the Authorization header, so the address itself carries the right to play one video
 * until a time, signed with a key only the server has. The expiry is rounded to the hour so the address stays the
 * same while a page polls the conversion check (the player does not reload).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const HOUR_MS = 60 * 60_000;

function linkKey(secret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'trialpath-study-videos', 'video play addresses', 32));
}

const mac = (videoId: string, expiresSeconds: number, secret: Uint8Array) =>
  createHmac('sha256', linkKey(secret)).update(`${videoId.toLowerCase()}.${expiresSeconds}`).digest().subarray(0, 16);

/** A token valid for one to two hours from `now`: the end of the next full hour. */
export function signVideoToken(videoId: string, secret: Uint8Array, now: number): string {
  const expiresSeconds = Math.floor((Math.floor(now / HOUR_MS) + 2) * (HOUR_MS / 1000));
  const head = Buffer.alloc(4);
  head.writeUInt32BE(expiresSeconds, 0);
  return Buffer.concat([head, mac(videoId, expiresSeconds, secret)]).toString('base64url');
}

/** Whether the token opens this video now (not altered, ours, not expired). */
export function videoTokenOpens(videoId: string, token: string, secret: Uint8Array, now: number): boolean {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 20 || bytes.toString('base64url') !== token) return false;
  const expiresSeconds = bytes.readUInt32BE(0);
  if (expiresSeconds * 1000 <= now) return false;
  return timingSafeEqual(bytes.subarray(4), mac(videoId, expiresSeconds, secret));
}
