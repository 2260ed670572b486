/** All SQL of identity tokens (decision D-138): a participant's tokens, one row per kind. */
import type { IdentityToken, IdentityTokenKind } from '@trialpath/domain';
import type { Db } from '../../db/database';

/** The kinds a participant has tokens of, in kind order. */
export async function tokenKindsOf(db: Db, participantId: string): Promise<IdentityTokenKind[]> {
  const rows = await db
    .selectFrom('participant_identity_tokens')
    .select('kind')
    .where('participant_id', '=', participantId)
    .orderBy('kind')
    .execute();
  return rows.map((r) => r.kind);
}

/**
 * The participant's tokens become exactly these: the kinds not made any more are deleted, the others written
 * (insert, or update of the kind's row). An upsert rather than delete-then-insert, so two sends at once cannot
 * collide on a row the other just inserted.
 */
export async function replaceTokens(db: Db, participantId: string, tokens: readonly IdentityToken[]): Promise<void> {
  const kinds = tokens.map((t) => t.kind);
  let stale = db.deleteFrom('participant_identity_tokens').where('participant_id', '=', participantId);
  if (kinds.length > 0) stale = stale.where('kind', 'not in', kinds);
  await stale.execute();
  if (tokens.length === 0) return;
  const now = new Date();
  await db
    .insertInto('participant_identity_tokens')
    .values(tokens.map((t) => ({ participant_id: participantId, kind: t.kind, token: t.token, created_at: now })))
    .onConflict((oc) =>
      oc.columns(['participant_id', 'kind']).doUpdateSet((eb) => ({
        token: eb.ref('excluded.token'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .execute();
}

/** The participant's decision on record linkage, if they made one. */
export function findLinkageDecision(db: Db, participantId: string) {
  return db
    .selectFrom('participant_record_linkage')
    .selectAll()
    .where('participant_id', '=', participantId)
    .executeTakeFirst();
}

/** The participant's decision, replacing an earlier one. */
export function saveLinkageDecision(db: Db, participantId: string, agreed: boolean, versionId: string) {
  const now = new Date();
  return db
    .insertInto('participant_record_linkage')
    .values({ participant_id: participantId, agreed, version_id: versionId, decided_at: now })
    .onConflict((oc) => oc.column('participant_id').doUpdateSet({ agreed, version_id: versionId, decided_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
