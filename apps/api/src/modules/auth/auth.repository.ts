/** All SQL on auth_sessions, refresh_tokens, password_tokens, password_history, reset_requests and mfa_challenges. */
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { type KeyedRead, readByKey, uuidsOnly } from '../../kernel/keyed-read';
import type {
  AuthSessionsTable,
  ChallengePurpose,
  PasswordTokenPurpose,
  PasswordTokensTable,
  RefreshTokensTable,
  SessionEndReason,
} from '../../db/schema';

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

// ── auth_sessions (decision 0021) ───────────────────────────────────────────────────────────────

export type AuthSessionRow = Selectable<AuthSessionsTable>;

export function insertSession(
  db: Db,
  values: { userId: string | null; participantId: string | null; expiresAt: Date },
): Promise<AuthSessionRow> {
  return db
    .insertInto('auth_sessions')
    .values({ user_id: values.userId, participant_id: values.participantId, expires_at: values.expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The devices a session's refresh tokens were issued to (a participant's sign-in names its device). */
export async function deviceIdsOfSession(db: Db, sessionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('refresh_tokens')
    .select('device_id')
    .distinct()
    .where('session_id', '=', sessionId)
    .where('device_id', 'is not', null)
    .execute();
  return rows.map((r) => r.device_id!);
}

type SessionStanding = Pick<AuthSessionRow, 'id' | 'user_id' | 'participant_id' | 'expires_at' | 'revoked_at'>;

const SESSION_STANDING: KeyedRead<string, SessionStanding> = {
  async load(db, ids) {
    const rows = await db
      .selectFrom('auth_sessions')
      .select(['id', 'user_id', 'participant_id', 'expires_at', 'revoked_at'])
      .where('id', '=', sql<string>`any(${uuidsOnly(ids)}::uuid[])`)
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  },
};

/**
 * What the guard asks of a session on every request: whose it is and whether it stands (read together with the
 * sessions other requests ask for at the same moment).
 */
export function findSessionStanding(db: Db, id: string) {
  return readByKey(db, SESSION_STANDING, id);
}

export function findSession(db: Db, id: string): Promise<AuthSessionRow | undefined> {
  return db.selectFrom('auth_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface SessionSelection {
  sessionId?: string;
  userId?: string;
  participantId?: string;
  /** Keep this one open (a password change ends the other sessions). */
  exceptSessionId?: string;
}

/**
 * Ends the open sessions selected and revokes every refresh token of them; returns how many
 * sessions it ended.
 */
export async function revokeSessions(db: Db, which: SessionSelection, reason: SessionEndReason): Promise<number> {
  const now = new Date();
  let q = db
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('revoked_at', 'is', null);
  if (which.sessionId) q = q.where('id', '=', which.sessionId);
  if (which.userId) q = q.where('user_id', '=', which.userId);
  if (which.participantId) q = q.where('participant_id', '=', which.participantId);
  if (which.exceptSessionId) q = q.where('id', '<>', which.exceptSessionId);
  if (!which.sessionId && !which.userId && !which.participantId) throw new Error('revokeSessions: nothing selected');
  const ended = (await q.returning('id').execute()).map((r) => r.id);
  if (ended.length) {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('session_id', 'in', ended)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return ended.length;
}

// ── password_history (decision 0024) ─────────────────────────────────────────────────────────────

export type PasswordOwner = { userId: string } | { participantId: string };

function historyOf(db: Db, owner: PasswordOwner) {
  const q = db.selectFrom('password_history');
  return 'userId' in owner
    ? q.where('user_id', '=', owner.userId)
    : q.where('participant_id', '=', owner.participantId);
}

/** The account's earlier password hashes, newest first. */
export async function earlierPasswordHashes(db: Db, owner: PasswordOwner, limit: number): Promise<string[]> {
  const rows = await historyOf(db, owner).select('password_hash').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => r.password_hash);
}

/** Keeps the outgoing hash and drops what is older than the newest `keep`. */
export async function rememberPasswordHash(db: Db, owner: PasswordOwner, hash: string, keep: number): Promise<void> {
  await db
    .insertInto('password_history')
    .values({
      user_id: 'userId' in owner ? owner.userId : null,
      participant_id: 'participantId' in owner ? owner.participantId : null,
      password_hash: hash,
    })
    .execute();
  const kept = historyOf(db, owner).select('id').orderBy('id', 'desc').limit(keep);
  let del = db.deleteFrom('password_history').where('id', 'not in', kept);
  del =
    'userId' in owner ? del.where('user_id', '=', owner.userId) : del.where('participant_id', '=', owner.participantId);
  await del.execute();
}

// ── reset_requests (decision 0022) ───────────────────────────────────────────────────────────────

/**
 * Counts the key's requests inside the window and, when under the cap, records this one; the key is
 * locked for the transaction so parallel requests cannot all slip under it. True when recorded.
 */
export async function takeResetRequest(db: Db, key: string, cap: number, windowMs: number): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`reset:${key}`}, 0))`.execute(db);
  const since = new Date(Date.now() - windowMs);
  await db.deleteFrom('reset_requests').where('key', '=', key).where('created_at', '<', since).execute();
  const row = await db
    .selectFrom('reset_requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= cap) return false;
  await db.insertInto('reset_requests').values({ key }).execute();
  return true;
}
