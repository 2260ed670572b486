/**
 * The token of a participant's unsubscribe link (E-003): an HMAC of the participant's id under the server's
 * secret, so the link works without signing in, for that participant only, and cannot be made from the id alone.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function unsubscribeToken(secret: Uint8Array, participantId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe-email:${participantId}`).digest('base64url');
}

export function isUnsubscribeToken(secret: Uint8Array, participantId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, participantId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
