/**
 * The one guard every route passes (DESIGN.md §3, access is checked twice):
 *   1. audience — public, a staff access token, or a participant access token;
 *   2. the endpoint's permission, through the domain's `can` on the caller's roles;
 *   3. row checks (study assignment → sites → data access type → environment) in the services.
 */
import type { Endpoint } from '@trialpath/contract';
import { can, isAction, messageRef } from '@trialpath/domain';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { verifyAccessToken } from '../modules/auth/tokens';
import { findParticipantById } from '../modules/participants/participants.repository';
import { effectiveRoles } from '../modules/users/users.service';
import { findUserWithAssignments } from '../modules/users/users.repository';
import type { Actor } from './context';
import { fail } from './errors';

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1]! : null;
}

export async function authenticate(
  endpoint: Endpoint,
  authorization: string | undefined,
  db: Db,
  config: AppConfig,
): Promise<Actor | null> {
  if (endpoint.audience === 'public') return null;
  const token = bearerToken(authorization);
  if (!token) throw fail('UNAUTHENTICATED');
  const v = await verifyAccessToken(token, config.jwtSecret);
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
    const p = await findParticipantById(db, c.sub);
    if (!p || p.study_id !== c.studyId) throw fail('UNAUTHENTICATED');
    return {
      type: 'participant',
      participantId: p.id,
      studyId: p.study_id,
      siteId: p.site_id,
      environment: p.environment,
      sessionId: c.sid,
    };
  }

  const user = await findUserWithAssignments(db, c.sub);
  if (user?.status !== 'ACTIVE') throw fail('UNAUTHENTICATED');
  // "Log out everywhere" bumped the version: the portal signs out on 403 globalSignout (000 §8.1).
  if ((c.tv ?? 0) !== user.token_version) {
    throw fail('FORBIDDEN', undefined, {
      globalSignout: true,
      message: messageRef('session.ended'),
    });
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

/** Step 2: the endpoint's permission for the caller's roles (in the route's study when it has one). */
export function authorize(endpoint: Endpoint, actor: Actor | null, params: unknown): void {
  const action = endpoint.permission;
  if (!action) return;
  if (!isAction(action)) throw new Error(`Endpoint ${endpoint.id} names unknown permission ${action}`);
  if (actor?.type !== 'staff') throw fail('FORBIDDEN');
  const studyId =
    params && typeof params === 'object' && 'studyId' in params
      ? String((params as { studyId: unknown }).studyId)
      : null;
  const roles = effectiveRoles(actor, studyId);
  if (!roles.some((r) => can(r, action))) throw fail('FORBIDDEN');
}
