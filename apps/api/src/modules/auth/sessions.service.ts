/** Staff sessions after sign-in: token refresh, sign-out, per-study tokens (000 §8.1; decision 0004). */
import { randomUUID } from 'node:crypto';
import type { StaffActor } from '../../kernel/actor';
import { asActor, type DbCtx, type ServiceCtx } from '../../kernel/context';
import { fail, HttpError } from '../../kernel/errors';
import { requireStudy } from '../access/access.service';
import { generalAuthorities, userById, userWithAssignments, type UserWithAssignments } from '../users/users.service';
import { createRefreshToken, endSessions, liveSession, rotateRefreshToken, staffAccessToken } from './session-tokens';

export async function refresh(ctx: ServiceCtx, body: { refreshToken: string; studyId?: string }) {
  const { config } = ctx;
  const { next } = await rotateRefreshToken(
    ctx,
    body.refreshToken,
    (row) => row.user_id !== null && (body.studyId === undefined || body.studyId === row.study_id),
  );
  const user = await userWithAssignments(ctx, next.row.user_id!);
  if (user?.status !== 'ACTIVE') throw fail('UNAUTHENTICATED');
  let authorities: string[];
  if (next.row.study_id) {
    const studyId = next.row.study_id;
    authorities = [await studyRoleOrWithdrawn(asActor(ctx, actorOf(user, next.row.session_id)), studyId)];
  } else {
    authorities = await generalAuthorities(ctx, user);
  }
  const accessToken = await staffAccessToken(config, {
    userId: user.id,
    studyId: next.row.study_id,
    authorities,
    tokenVersion: user.token_version,
    sessionId: next.row.session_id,
  });
  return { accessToken, refreshToken: next.token, expiresIn: config.accessTokenTtlSeconds };
}

/**
 * The role in a study a per-study token is refreshed for. Only the access refusal means the access
 * was withdrawn (000 §8.1: 403 studiesChanged, the portal drops that study's tokens); anything else —
 * a database failure included — is the error it is.
 */
async function studyRoleOrWithdrawn(ctx: ServiceCtx, studyId: string): Promise<string> {
  try {
    return (await requireStudy(ctx, studyId)).role;
  } catch (e) {
    if (e instanceof HttpError && (e.body.code === 'FORBIDDEN' || e.body.code === 'NOT_FOUND')) {
      throw fail('FORBIDDEN', undefined, { studiesChanged: [studyId] });
    }
    throw e;
  }
}

function actorOf(user: UserWithAssignments, sessionId: string): StaffActor {
  return {
    type: 'staff',
    userId: user.id,
    username: user.username ?? '',
    clientId: user.client_id,
    platformRole: user.platform_role,
    realm: user.realm,
    dataAccessType: user.data_access_type,
    tokenStudyId: null,
    authorities: [],
    sessionId,
    tokenExp: 0,
    assignments: user.assignments,
  };
}

/** Ends the session: its access tokens stop working at once, its refresh tokens (general and per-study) too. */
export async function logout(ctx: ServiceCtx) {
  const actor = ctx.staff();
  const ended = await endSessions(ctx, { sessionId: actor.sessionId }, 'sign-out');
  ctx.audit({
    action: 'auth.logout',
    entityType: 'user',
    entityId: actor.userId,
    after: { sessionId: actor.sessionId, endedSessions: ended },
  });
  return { ok: true as const };
}

export async function studyToken(ctx: ServiceCtx, input: { studyId: string }) {
  const { config } = ctx;
  const actor = ctx.staff();
  const { studyId } = input;
  const access = await requireStudy(ctx, studyId);
  const user = await userById(ctx, actor.userId);
  if (!user) throw fail('UNAUTHENTICATED');
  const authorities = [access.role];
  const session = await liveSession(ctx, actor.sessionId);
  const refresh = await createRefreshToken(ctx, { userId: user.id, studyId }, randomUUID(), session);
  const accessToken = await staffAccessToken(config, {
    userId: user.id,
    studyId,
    authorities,
    tokenVersion: user.token_version,
    sessionId: actor.sessionId,
  });
  ctx.audit({ action: 'auth.study-token', entityType: 'study', entityId: studyId, after: { role: access.role } });
  return { accessToken, refreshToken: refresh.token, expiresIn: config.accessTokenTtlSeconds, studyId, authorities };
}

export function jwtClaims(ctx: ServiceCtx) {
  const actor = ctx.staff();
  return {
    id: actor.userId,
    pId: null,
    studyId: actor.tokenStudyId,
    authorities: actor.authorities,
    exp: actor.tokenExp,
  };
}

/** An administrator signed the user out: every session of the user ends. */
export async function endSessionsOfUser(ctx: DbCtx, userId: string): Promise<number> {
  return endSessions(ctx, { userId }, 'admin-sign-out');
}
