/**
 * The keyed hash of linkage tokens (decision H-linkage-tokens): token = base64url(HMAC-SHA256(key, message)), the
 * key being the study's 32 bytes (64 hex characters), the message the domain's normalised fields
 * (`T1|GARCIA|L|F|1984-07-09`, linkageMessage). What every participant's tokens should be, from their identifiers.
 */
import { createHmac, randomBytes } from 'node:crypto';
import {
  type LinkageField,
  type LinkageTokenType,
  linkageMessage,
  type LinkageIdentifiers,
  normaliseIdentifiers,
} from '@trialpath/domain';

export function linkageToken(keyHex: string, message: string): string {
  return createHmac('sha256', Buffer.from(keyHex, 'hex')).update(message, 'utf8').digest('base64url');
}

/** A new study key: 32 random bytes as hex. */
export function newLinkageKey(): string {
  return randomBytes(32).toString('hex');
}

export type TokenOutcome =
  | { type: LinkageTokenType; token: string }
  | { type: LinkageTokenType; missing: LinkageField[] };

/** Each chosen kind's token, or the fields it lacks. */
export function tokensFor(keyHex: string, types: readonly LinkageTokenType[], who: LinkageIdentifiers): TokenOutcome[] {
  const fields = normaliseIdentifiers(who);
  return types.map((type) => {
    const m = linkageMessage(type, fields);
    return 'message' in m ? { type, token: linkageToken(keyHex, m.message) } : m;
  });
}
