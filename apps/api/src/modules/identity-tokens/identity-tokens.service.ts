/**
 * Identity tokens for record linkage (001 §3, §9; decision D-138). The signed-in participant, having accepted
 * linkage, sends their identity meta; the server makes each token kind the meta allows as HMAC-SHA256 under a
 * key of its own (derived from the server secret: a dump of the table cannot be brute-forced from guessed
 * identities without it), replaces the participant's tokens with them and forgets the meta. The answer and the
 * audit trail name the kinds made, never a value or a token.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { type IdentityTokenMeta, identityTokens } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { replaceTokens, tokenKindsOf } from './identity-tokens.repository';

/** The tokens' key: HKDF-SHA256 of the server secret, for this use only (as the push keys' sealing key). */
export function identityTokenKey(secret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'trialpath-identity-tokens', 'identity token HMAC key', 32));
}

/** The keyed hash of one token input, in hex. */
export function identityTokenHmac(key: Uint8Array): (input: string) => Promise<string> {
  return async (input) => createHmac('sha256', key).update(input, 'utf8').digest('hex');
}

/** 001 §3: the participant's identity meta in, their tokens replaced; the kinds made out. */
export async function putMyIdentityTokens(ctx: ServiceCtx, meta: IdentityTokenMeta) {
  const me = ctx.participant();
  const tokens = await identityTokens(meta, identityTokenHmac(identityTokenKey(ctx.config.jwtSecret)));
  const before = await tokenKindsOf(ctx.db, me.participantId);
  await replaceTokens(ctx.db, me.participantId, tokens);
  const kinds = tokens.map((t) => t.kind);
  ctx.audit({
    action: 'participant.identity-tokens.replace',
    entityType: 'participant',
    entityId: me.participantId,
    before: { kinds: before },
    after: { kinds },
  });
  return { kinds };
}
