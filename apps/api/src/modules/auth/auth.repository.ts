/** All SQL on refresh_tokens, password_tokens and mfa_challenges. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ChallengePurpose, PasswordTokenPurpose, PasswordTokensTable, RefreshTokensTable } from '../../db/schema';

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type PasswordTokenRow = Selectable<PasswordTokensTable>;

export async function insertRefreshToken(db: Db, values: Insertable<RefreshTokensTable>): Promise<RefreshTokenRow> {
  return db.insertInto('refresh_tokens').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findRefreshTokenForUpdate(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

export async function markRefreshReplaced(db: Db, id: string, replacedBy: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date(), replaced_by: replacedBy })
    .where('id', '=', id)
    .execute();
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSession(db: Db, sessionId: string): Promise<number> {
  const r = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function revokeAllOfUser(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllOfParticipant(db: Db, participantId: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: new Date() })
    .where('participant_id', '=', participantId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertPasswordToken(
  db: Db,
  values: {
    tokenHash: string;
    purpose: PasswordTokenPurpose;
    userId?: string;
    participantId?: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('password_tokens')
    .values({
      token_hash: values.tokenHash,
      purpose: values.purpose,
      user_id: values.userId ?? null,
      participant_id: values.participantId ?? null,
      expires_at: values.expiresAt,
    })
    .execute();
}

export function findPasswordToken(db: Db, tokenHash: string, forUpdate = false): Promise<PasswordTokenRow | undefined> {
  const q = db.selectFrom('password_tokens').selectAll().where('token_hash', '=', tokenHash);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

export async function markPasswordTokenUsed(db: Db, id: string): Promise<void> {
  await db.updateTable('password_tokens').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/** A new link makes the older unused ones of the same account and purpose void. */
export async function voidOpenPasswordTokens(
  db: Db,
  owner: { userId?: string; participantId?: string },
  purpose: PasswordTokenPurpose,
): Promise<void> {
  let q = db
    .updateTable('password_tokens')
    .set({ used_at: new Date() })
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null);
  q = owner.userId ? q.where('user_id', '=', owner.userId) : q.where('participant_id', '=', owner.participantId ?? '');
  await q.execute();
}

export async function insertMfaChallenge(
  db: Db,
  values: {
    /** null: a decoy challenge (unknown account) that can never verify. */
    userId: string | null;
    purpose?: ChallengePurpose;
    codeHash: string;
    channel: 'email' | 'sms';
    destination: string;
    expiresAt: Date;
  },
) {
  return db
    .insertInto('mfa_challenges')
    .values({
      user_id: values.userId,
      purpose: values.purpose ?? 'sign-in',
      code_hash: values.codeHash,
      channel: values.channel,
      destination: values.destination,
      expires_at: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findMfaChallengeForUpdate(db: Db, id: string) {
  return db.selectFrom('mfa_challenges').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateMfaChallenge(
  db: Db,
  id: string,
  values: { attempts?: number; consumedAt?: Date; codeHash?: string; expiresAt?: Date },
): Promise<void> {
  await db
    .updateTable('mfa_challenges')
    .set({
      ...(values.attempts !== undefined ? { attempts: values.attempts } : {}),
      ...(values.consumedAt ? { consumed_at: values.consumedAt } : {}),
      ...(values.codeHash ? { code_hash: values.codeHash } : {}),
      ...(values.expiresAt ? { expires_at: values.expiresAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** A new code of a purpose ends the user's older open challenges of that purpose. */
export async function consumeOpenChallenges(db: Db, userId: string, purpose: ChallengePurpose): Promise<void> {
  await db
    .updateTable('mfa_challenges')
    .set({ consumed_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}
