/** Participant records seen by staff, behind the full guard (000 §2.7, §6; DESIGN.md §3). */
import type { Updateable } from 'kysely';
import type { ParticipantsTable } from '../../db/schema';
import type { DbCtx, ServiceCtx } from '../../kernel/context';
import { fail } from '../../kernel/errors';
import { hideUnblinded, participantsVisibleTo, requireStudy } from '../access/access.service';
import {
  countParticipantsOnVersion,
  findParticipantById,
  findParticipantIdentity,
  findParticipantFacts,
  findParticipantSchedule,
  participantBatchOnVersion,
  visibleParticipantIds,
  type VersionBatch,
  findParticipantByUsername,
  findParticipantForUpdate,
  findVisibleParticipant,
  listParticipantsByEmail,
  type ParticipantRow,
  updateParticipant,
} from './participants.repository';

/**
 * The participant row check for other modules (schedules, forms, consent signing), as a summary. Row checks after the route permission: study assignment → assigned sites → data access type →
 * environment → blinding, as one predicate. A non-admin gets the same 403 for a record that is
 * missing, in the other environment, or at a site they may not see — nothing tells them it exists.
 */
export async function participantSummary(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const p = await findVisibleParticipant(ctx.db, input.participantId, visible);
  if (!p) throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  return hideUnblinded(access, 'participant', {
    id: p.id,
    participantId: p.participant_code,
    siteId: p.site_id,
    status: p.status,
    environment: p.environment,
  });
}

/** What authenticating a participant's token needs: the participant's study, site and environment. */
export async function participantForSession(ctx: Pick<ServiceCtx, 'db'>, participantId: string) {
  const p = await findParticipantIdentity(ctx.db, participantId);
  return p ? { id: p.id, studyId: p.study_id, siteId: p.site_id, environment: p.environment } : null;
}

// ── participant rows, for participant sign-in and password recovery (auth module) ─────────────

export type { ParticipantRow };
export const participantById = (ctx: DbCtx, id: string) => findParticipantById(ctx.db, id);
/** What answering activities and deciding consents need of these participants, by id (one read for many). */
export const participantFacts = (ctx: DbCtx, ids: readonly string[]) => findParticipantFacts(ctx.db, ids);
export type ParticipantFacts = Awaited<ReturnType<typeof findParticipantFacts>>[number];
/** The row, locked for the rest of the transaction (sign-in counters must not race). */
export const lockParticipant = (ctx: DbCtx, id: string) => findParticipantForUpdate(ctx.db, id);
export const changeParticipant = (ctx: DbCtx, id: string, values: Updateable<ParticipantsTable>) =>
  updateParticipant(ctx.db, id, values);
/** A participant of a study by username, in the context's environment. */
export const participantByUsername = (ctx: Pick<ServiceCtx, 'db' | 'env'>, studyId: string, username: string) =>
  findParticipantByUsername(ctx.db, studyId, username, ctx.env);
/** Participants of a study with this e-mail address, in the context's environment. */
export const participantsByEmail = (ctx: Pick<ServiceCtx, 'db' | 'env'>, studyId: string, email: string) =>
  listParticipantsByEmail(ctx.db, studyId, email, ctx.env);

// ── schedule facts, for the schedules module (decision 0044) ─────────────────────────────────────

export const participantSchedule = (ctx: DbCtx, id: string) => findParticipantSchedule(ctx.db, id);
export const participantsOnVersion = (ctx: DbCtx, batch: VersionBatch) => participantBatchOnVersion(ctx.db, batch);
export const participantCountOnVersion = (ctx: DbCtx, batch: Omit<VersionBatch, 'after' | 'limit'>) =>
  countParticipantsOnVersion(ctx.db, batch);

/** Of these participants (or of one site's), the ids the caller may see — row checks as one predicate. */
export async function visibleParticipantsOf(
  ctx: ServiceCtx,
  studyId: string,
  filter: { ids?: readonly string[]; siteId?: string; activitiesEnabled?: boolean },
) {
  const access = await requireStudy(ctx, studyId);
  return visibleParticipantIds(ctx.db, participantsVisibleTo(ctx, access, { participant: 'p', site: 's' }), filter);
}

/** The caller's visibility predicate over a study's participants, for a query joining them as `p` and sites as `s`. */
export async function participantVisibility(ctx: ServiceCtx, studyId: string, participant: 'p', site: 's') {
  const access = await requireStudy(ctx, studyId);
  return participantsVisibleTo(ctx, access, { participant, site });
}
