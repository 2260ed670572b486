/** Participant records seen by staff, behind the full guard (000 §2.7, §6; DESIGN.md §3). */
import { checkSiteRecordAccess } from '@trialpath/domain';
import type { Db } from '../../db/database';
import type { Environment } from '../../db/schema';
import type { StaffActor } from '../../http/context';
import { fail } from '../../http/errors';
import { requireStudyAccess } from '../studies/studies.service';
import { findParticipantInStudy } from './participants.repository';

/**
 * Row checks after the route permission: study assignment → assigned sites → data access type,
 * in the request's environment. A non-admin gets the same 403 for a record that is missing, in the
 * other environment, or at a site they may not see — nothing tells them it exists.
 */
export async function participantSummary(
  db: Db,
  actor: StaffActor,
  env: Environment,
  studyId: string,
  participantId: string,
) {
  const access = await requireStudyAccess(db, actor, studyId);
  const p = await findParticipantInStudy(db, studyId, participantId, env);
  if (!p) throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  const decision = checkSiteRecordAccess({
    assignment: access.assignment
      ? { studyId, assignedSiteIds: access.assignment.assignedSiteIds, dataAccessType: actor.dataAccessType }
      : null,
    record: { studyId, siteId: p.site_id, siteSubType: p.site_sub_type },
    isGlobalRole: access.global,
  });
  if (!decision.allowed) throw fail('FORBIDDEN');
  return {
    id: p.id,
    participantId: p.participant_code,
    siteId: p.site_id,
    status: p.status,
    environment: p.environment,
  };
}
