/**
 * Token pairs: a 15-minute JWT access token and an opaque rotating refresh token (stored as its
 * sha256). A session is one sign-in; per-study tokens get their own family inside the session.
 */
import { randomUUID } from 'node:crypto';
import type { ServiceCtx } from '../../kernel/context';
import { fail, keepChanges } from '../../kernel/errors';
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  markRefreshReplaced,
  type RefreshTokenRow,
  revokeFamily,
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

export async function createRefreshToken(
  ctx: Pick<ServiceCtx, 'db' | 'config'>,
  owner: Owner,
  familyId: string = randomUUID(),
  sessionId: string = randomUUID(),
): Promise<IssuedRefresh> {
  const token = newOpaqueToken();
  const row = await insertRefreshToken(ctx.db, {
    token_hash: sha256(token),
    family_id: familyId,
    session_id: sessionId,
    user_id: owner.userId ?? null,
    participant_id: owner.participantId ?? null,
    study_id: owner.studyId,
    device_id: owner.deviceId ?? null,
    expires_at: new Date(Date.now() + ctx.config.refreshTokenTtlDays * 86_400_000),
  });
  return { token, row };
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
    await revokeFamily(db, old.family_id);
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
  const next = await createRefreshToken(
    ctx,
    {
      userId: old.user_id ?? undefined,
      participantId: old.participant_id ?? undefined,
      studyId: old.study_id,
      deviceId: old.device_id,
    },
    old.family_id,
    old.session_id,
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
