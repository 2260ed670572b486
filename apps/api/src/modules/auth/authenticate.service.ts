/**
 * Who is calling (the first step of the guard): nobody on a public endpoint, else the holder of a
 * valid access token of the endpoint's audience — a staff user read afresh with their assignments,
 * or a participant of the token's study.
 */
import type { Endpoint } from '@trialpath/contract';
import { messageRef } from '@trialpath/domain';
import type { Actor } from '../../kernel/actor';
import type { DbCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { participantForSession } from '../participants/participants.service';
import { userWithAssignments } from '../users/users.service';
import { sessionStands } from './session-tokens';
import { verifyAccessToken } from './tokens';

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

export async function authenticate(
  ctx: DbCtx & { config: { jwtSecret: Uint8Array } },
  endpoint: Endpoint,
  authorization: string | undefined,
): Promise<Actor | null> {
  if (endpoint.audience === 'public') return null;
  const token = bearerToken(authorization);
  if (!token) throw fail('UNAUTHENTICATED');
  const v = await verifyAccessToken(token, ctx.config.jwtSecret);
  if (!v.ok) {
    if (v.reason === 'expired') {
      // Spec 000 §8.1: staff refresh on 401 TOKENEXPIRED, participants on 419.
      if (endpoint.audience === 'participant') throw fail('PARTICIPANT_SESSION_EXPIRED');
      throw fail('TOKEN_EXPIRED', undefined, { type: 'TOKENEXPIRED' });
    }
    throw fail('UNAUTHENTICATED');
  }
  const c = v.claims;
  if (c.typ !== endpoint.audience) throw fail('UNAUTHENTICATED');

  if (c.typ === 'participant') {
    // both read at once (two connections, one round trip of waiting)
    const [p, stands] = await Promise.all([
      participantForSession(ctx, c.sub),
      sessionStands(ctx, c.sid, { participantId: c.sub }),
    ]);
    if (!p || p.studyId !== c.studyId) throw fail('UNAUTHENTICATED');
    // Signed out, signed out by a password change or reset, or past 12 hours: the portal signs out on 401.
    if (!stands) throw fail('UNAUTHENTICATED');
    return {
      type: 'participant',
      participantId: p.id,
      studyId: p.studyId,
      siteId: p.siteId,
      environment: p.environment,
      sessionId: c.sid,
    };
  }

  const user = await userWithAssignments(ctx, c.sub);
  if (user?.status !== 'ACTIVE') throw fail('UNAUTHENTICATED');
  // "Log out everywhere" bumped the version: the portal signs out on 403 globalSignout (000 §8.1).
  if ((c.tv ?? 0) !== user.token_version) {
    throw fail('FORBIDDEN', undefined, { globalSignout: true, message: messageRef('session.ended') });
  }
  // The session ended (sign-out, refresh-token reuse, an administrator, a password change or reset, its
  // 12 hours): the same answer, so the portal signs out and says so (decision 0021).
  if (!(await sessionStands(ctx, c.sid, { userId: user.id }))) {
    throw fail('FORBIDDEN', undefined, { globalSignout: true, message: messageRef('session.ended') });
  }
  return {
    type: 'staff',
    userId: user.id,
    username: user.username ?? '',
    clientId: user.client_id,
    platformRole: user.platform_role,
    realm: user.realm,
    dataAccessType: user.data_access_type,
    tokenStudyId: c.studyId ?? null,
    authorities: Array.isArray(c.authorities) ? c.authorities : [],
    sessionId: c.sid,
    tokenExp: c.exp,
    assignments: user.assignments,
  };
}
