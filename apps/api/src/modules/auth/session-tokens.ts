/**
 * Token pairs: a 15-minute JWT access token and an opaque rotating refresh token (stored as its
 * sha256). A session is one sign-in, kept server-side (auth_sessions, decision 0021): the access
 * token carries its id, per-study tokens get their own refresh family inside it, and it ends at
 * sign-out, on refresh-token reuse, when an administrator signs the user out, on a password change
 * (the other sessions) or reset (all), and at the latest 12 hours after sign-in.
 */
import { randomUUID } from 'node:crypto';
import type { ServiceCtx } from '../../kernel/context';
import { fail, keepChanges } from '../../kernel/errors';
import type { SessionEndReason } from '../../db/schema';
import {
  type AuthSessionRow,
  findRefreshTokenForUpdate,
  deviceIdsOfSession,
  findSession,
  findSessionStanding,
  insertRefreshToken,
  insertSession,
  markRefreshReplaced,
  type RefreshTokenRow,
  revokeSessions,
  type SessionSelection,
} from './auth.repository';
import { newOpaqueToken, sha256, signAccessToken } from './tokens';

export interface Owner {
  userId?: string;
  participantId?: string;
  studyId: string | null;
  deviceId?: string | null;
}

export interface IssuedRefresh {
  token: string;
  row: RefreshTokenRow;
}

/** A session's absolute lifetime from sign-in; no refresh moves it (decision 0021). */
export const SESSION_LIFETIME_MS = 12 * 3_600_000;

/** A new server-side session: one sign-in. */
export function openSession(
  ctx: Pick<ServiceCtx, 'db'>,
  owner: { userId: string } | { participantId: string },
): Promise<AuthSessionRow> {
  return insertSession(ctx.db, {
    userId: 'userId' in owner ? owner.userId : null,
    participantId: 'participantId' in owner ? owner.participantId : null,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  });
}

/** Open and within its absolute lifetime. */
export function isSessionLive<S extends Pick<AuthSessionRow, 'revoked_at' | 'expires_at'>>(
  s: S | undefined,
  now = Date.now(),
): s is S {
  return !!s && s.revoked_at === null && s.expires_at.getTime() > now;
}

/**
 * Whether an access token's session still stands (the guard asks on every request): it exists,
 * belongs to the token's holder, is not revoked and has not reached its absolute expiry.
 */
export async function sessionStands(
  ctx: Pick<ServiceCtx, 'db'>,
  sessionId: unknown,
  holder: { userId: string } | { participantId: string },
): Promise<boolean> {
  if (typeof sessionId !== 'string' || !/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const s = await findSessionStanding(ctx.db, sessionId);
  if (!isSessionLive(s)) return false;
  return 'userId' in holder ? s.user_id === holder.userId : s.participant_id === holder.participantId;
}

/** The devices a session was signed in on (its refresh tokens name them). */
export function devicesOfSession(ctx: Pick<ServiceCtx, 'db'>, sessionId: string): Promise<string[]> {
  return deviceIdsOfSession(ctx.db, sessionId);
}

/** Ends sessions (and their refresh tokens); returns how many were open. */
export function endSessions(
  ctx: Pick<ServiceCtx, 'db'>,
  which: SessionSelection,
  reason: SessionEndReason,
): Promise<number> {
  return revokeSessions(ctx.db, which, reason);
}

/**
 * A refresh token in a session: a new session (sign-in) unless one is given (a per-study token, a
 * rotation). It never outlives its session.
 */
export async function createRefreshToken(
  ctx: Pick<ServiceCtx, 'db' | 'config'>,
  owner: Owner,
  familyId: string = randomUUID(),
  session?: Pick<AuthSessionRow, 'id' | 'expires_at'>,
): Promise<IssuedRefresh> {
  const s =
    session ??
    (await openSession(ctx, owner.userId ? { userId: owner.userId } : { participantId: owner.participantId! }));
  const token = newOpaqueToken();
  const slides = Date.now() + ctx.config.refreshTokenTtlDays * 86_400_000;
  const row = await insertRefreshToken(ctx.db, {
    token_hash: sha256(token),
    family_id: familyId,
    session_id: s.id,
    user_id: owner.userId ?? null,
    participant_id: owner.participantId ?? null,
    study_id: owner.studyId,
    device_id: owner.deviceId ?? null,
    expires_at: new Date(Math.min(slides, s.expires_at.getTime())),
  });
  return { token, row };
}

/** The live session of the caller's token, for issuing a per-study token inside it. */
export async function liveSession(ctx: Pick<ServiceCtx, 'db'>, sessionId: string): Promise<AuthSessionRow> {
  const s = await findSession(ctx.db, sessionId);
  if (!isSessionLive(s)) throw fail('UNAUTHENTICATED');
  return s;
}

/**
 * Rotate a presented refresh token: it is revoked and replaced by a new one of the same family.
 * Presenting a token that was already rotated or revoked means it leaked: the whole family is
 * revoked and audited (kept even though the request fails) and the caller must sign in again.
 */
export async function rotateRefreshToken(
  ctx: ServiceCtx,
  presented: string,
  accept: (row: RefreshTokenRow) => boolean,
): Promise<{ old: RefreshTokenRow; next: IssuedRefresh }> {
  const { db } = ctx;
  const old = await findRefreshTokenForUpdate(db, sha256(presented));
  if (!old) throw fail('UNAUTHENTICATED');
  const stolen = async (why: 'reused' | 'wrong owner or device') => {
    // The access tokens carry the session, not the family: the whole sign-in ends.
    await revokeSessions(db, { sessionId: old.session_id }, why === 'reused' ? 'refresh-reuse' : 'stolen-token');
    const owner = old.user_id
      ? ({ entityType: 'user', entityId: old.user_id } as const)
      : ({ entityType: 'participant', entityId: old.participant_id } as const);
    ctx.audit({ action: 'auth.session.revoked', ...owner, after: { why, sessionId: old.session_id } });
    return keepChanges(fail('UNAUTHENTICATED'));
  };
  if (old.revoked_at) throw await stolen('reused');
  if (old.expires_at.getTime() <= Date.now()) throw fail('UNAUTHENTICATED');
  // Right token, wrong owner or device: treat as stolen.
  if (!accept(old)) throw await stolen('wrong owner or device');
  // Past the session's absolute lifetime (or ended another way): sign in again.
  const session = await findSession(db, old.session_id);
  if (!isSessionLive(session)) throw fail('UNAUTHENTICATED');
  const next = await createRefreshToken(
    ctx,
    {
      userId: old.user_id ?? undefined,
      participantId: old.participant_id ?? undefined,
      studyId: old.study_id,
      deviceId: old.device_id,
    },
    old.family_id,
    session,
  );
  await markRefreshReplaced(db, old.id, next.row.id);
  return { old, next };
}

export function staffAccessToken(
  config: ServiceCtx['config'],
  c: { userId: string; studyId: string | null; authorities: string[]; tokenVersion: number; sessionId: string },
): Promise<string> {
  return signAccessToken(
    {
      sub: c.userId,
      id: c.userId,
      pId: null,
      studyId: c.studyId,
      authorities: c.authorities,
      typ: 'staff',
      tv: c.tokenVersion,
      sid: c.sessionId,
    },
    config.jwtSecret,
    config.accessTokenTtlSeconds,
  );
}

export function participantAccessToken(
  config: ServiceCtx['config'],
  c: { participantId: string; studyId: string; environment: 'LIVE' | 'TEST'; sessionId: string },
): Promise<string> {
  return signAccessToken(
    {
      sub: c.participantId,
      id: c.participantId,
      pId: c.participantId,
      studyId: c.studyId,
      authorities: ['Participant'],
      typ: 'participant',
      env: c.environment,
      sid: c.sessionId,
    },
    config.jwtSecret,
    config.accessTokenTtlSeconds,
  );
}
