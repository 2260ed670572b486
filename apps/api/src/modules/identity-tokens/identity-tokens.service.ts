/**
 * Identity tokens for record linkage (001 §3, §9; decision D-138). The signed-in participant, having accepted
 * linkage, sends their identity meta; the server makes each token kind the meta allows as HMAC-SHA256 under a
 * key of its own (derived from the server secret: a dump of the table cannot be brute-forced from guessed
 * identities without it), replaces the participant's tokens with them and forgets the meta. The answer and the
 * audit trail name the kinds made, never a value or a token.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { type IdentityTokenMeta, identityTokens, messageRef } from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { participantById } from '../participants/participants.service';
import { versionForPortal } from '../versions/versions.service';
import { findLinkageDecision, replaceTokens, saveLinkageDecision, tokenKindsOf } from './identity-tokens.repository';

/** The tokens' key: HKDF-SHA256 of the server secret, for this use only (as the push keys' sealing key). */
export function identityTokenKey(secret: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'trialpath-identity-tokens', 'identity token HMAC key', 32));
}

/** The keyed hash of one token input, in hex. */
export function identityTokenHmac(key: Uint8Array): (input: string) => Promise<string> {
  return async (input) => createHmac('sha256', key).update(input, 'utf8').digest('hex');
}

/** Whether the participant's version asks for record linkage, and its statement. */
async function linkageAsked(ctx: ServiceCtx) {
  const me = ctx.participant();
  const p = await participantById(ctx, me.participantId);
  const version = p?.version_id ? await versionForPortal(ctx, me.studyId, p.version_id) : undefined;
  const registration = version?.content.registration;
  return {
    versionId: version?.id ?? null,
    asked: registration?.recordLinkage === true,
    statement: registration?.recordLinkage ? registration.recordLinkageStatement : {},
  };
}

/** getMyRecordLinkage: whether the study asks, its statement, the participant's decision and the kinds held. */
export async function myRecordLinkage(ctx: ServiceCtx) {
  const me = ctx.participant();
  const { asked, statement } = await linkageAsked(ctx);
  const decision = await findLinkageDecision(ctx.db, me.participantId);
  return {
    asked,
    statement,
    decision: decision ? (decision.agreed ? ('AGREED' as const) : ('DECLINED' as const)) : null,
    decidedAt: decision?.decided_at.toISOString() ?? null,
    kinds: await tokenKindsOf(ctx.db, me.participantId),
  };
}

/**
 * decideMyRecordLinkage: the participant agrees, or declines (also after agreeing: their agreement is withdrawn and
 * every identity token of theirs removed). Refused when their version asks for no linkage. Audited.
 */
export async function decideMyRecordLinkage(ctx: ServiceCtx, input: { agree: boolean }) {
  const me = ctx.participant();
  const { asked, versionId } = await linkageAsked(ctx);
  if (!asked || !versionId) throw fail('CONFLICT', undefined, { message: messageRef('recordLinkage.notAsked') });
  const before = await findLinkageDecision(ctx.db, me.participantId);
  await saveLinkageDecision(ctx.db, me.participantId, input.agree, versionId);
  const removed = input.agree ? [] : await tokenKindsOf(ctx.db, me.participantId);
  if (!input.agree) await replaceTokens(ctx.db, me.participantId, []);
  ctx.audit({
    action: input.agree ? 'participant.record-linkage.agree' : 'participant.record-linkage.decline',
    entityType: 'participant',
    entityId: me.participantId,
    before: before ? { agreed: before.agreed, versionId: before.version_id } : null,
    after: { agreed: input.agree, versionId, ...(input.agree ? {} : { removedKinds: removed }) },
  });
  return myRecordLinkage(ctx);
}

/** 001 §3: the participant's identity meta in, their tokens replaced; the kinds made out. Only with their agreement. */
export async function putMyIdentityTokens(ctx: ServiceCtx, meta: IdentityTokenMeta) {
  const me = ctx.participant();
  const { asked } = await linkageAsked(ctx);
  if (!asked) throw fail('CONFLICT', undefined, { message: messageRef('recordLinkage.notAsked') });
  if (!(await findLinkageDecision(ctx.db, me.participantId))?.agreed)
    throw fail('CONFLICT', undefined, { message: messageRef('recordLinkage.notAgreed') });
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
