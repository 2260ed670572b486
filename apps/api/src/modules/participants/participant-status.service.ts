/**
 * Participant status changes by staff (E-031…E-049; decision E-046): only to a status allowed from the current one
 * (STAFF_STATUS_CHANGES), from the status the person saw (a change made meanwhile is refused, not overwritten),
 * with a reason — and a reason code for a screen failure or a way out. A participant who leaves is offered no
 * activities and sent no reminders. Each change is kept in participant_status_changes and audited with its reason.
 */
import type { StatusChange } from '@trialpath/contract';
import {
  FINAL_STATUSES,
  mayChangeStatus,
  messageRef,
  type ParticipantStatus,
  reasonCodesFor,
  type StatusReasonCode,
} from '@trialpath/domain';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { requireStudy } from '../access/access.service';
import { requireParticipantManager, visibleParticipant } from './participant-access.service';
import {
  insertStatusChange,
  lockParticipantStatus,
  setParticipantStatus,
  statusChangesOf,
} from './participant-status.repository';

export interface StatusChangeInput {
  studyId: string;
  participantId: string;
  status: ParticipantStatus;
  expectedStatus: ParticipantStatus;
  reason: string;
  reasonCode?: StatusReasonCode;
}

type ChangeRow = Awaited<ReturnType<typeof statusChangesOf>>[number];

function changeView(row: ChangeRow, by: string): StatusChange {
  return {
    id: row.id,
    fromStatus: row.from_status as ParticipantStatus,
    toStatus: row.to_status as ParticipantStatus,
    reasonCode: row.reason_code as StatusReasonCode | null,
    reason: row.reason,
    changedBy: by,
    changedAt: row.changed_at.toISOString(),
  };
}

const nameOf = (u: { first_name: string; last_name: string; username: string | null }) =>
  `${u.first_name} ${u.last_name}`.trim() || u.username || '';

export async function changeStatus(ctx: ServiceCtx, input: StatusChangeInput) {
  const access = await requireParticipantManager(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const { status: current } = await lockParticipantStatus(ctx.db, p.id);
  if (current !== input.expectedStatus)
    throw fail('CONFLICT', undefined, {
      message: messageRef('participants.statusChangedMeanwhile'),
      details: { status: current },
    });
  const from = current as ParticipantStatus;
  if (!mayChangeStatus(from, input.status)) throw fieldProblem('CONFLICT', 'status', 'participants.statusNotAllowed');
  const codes = reasonCodesFor(input.status);
  if (codes.length > 0 && !input.reasonCode)
    throw fieldProblem('VALIDATION_FAILED', 'reasonCode', 'participants.reasonCodeRequired');
  if (input.reasonCode && !codes.includes(input.reasonCode))
    throw fieldProblem('VALIDATION_FAILED', 'reasonCode', 'participants.reasonCodeNotForStatus');
  const leaving = FINAL_STATUSES.includes(input.status);
  await setParticipantStatus(ctx.db, p.id, input.status, leaving);
  const staff = ctx.staff();
  const made = await insertStatusChange(ctx.db, {
    participantId: p.id,
    studyId: input.studyId,
    environment: ctx.env,
    from,
    to: input.status,
    reasonCode: input.reasonCode ?? null,
    reason: input.reason,
    by: staff.userId,
  });
  ctx.audit({
    action: 'participant.status.change',
    entityType: 'participant',
    entityId: p.id,
    before: { status: from },
    after: {
      status: input.status,
      reasonCode: input.reasonCode ?? null,
      ...(leaving ? { activitiesDisabled: true, notificationsDisabled: true } : {}),
    },
    reason: input.reason,
  });
  const row = (await statusChangesOf(ctx.db, p.id)).find((r) => r.id === made.id)!;
  return { status: input.status, change: changeView(row, nameOf(row)) };
}

/** The calls of 000 §4 (E-047…E-049): a change to one status. */
export const changeTo = (status: ParticipantStatus) => (ctx: ServiceCtx, input: Omit<StatusChangeInput, 'status'>) =>
  changeStatus(ctx, { ...input, status });

export async function statusChanges(ctx: ServiceCtx, input: { studyId: string; participantId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const p = await visibleParticipant(ctx, access, input.participantId);
  const rows = await statusChangesOf(ctx.db, p.id);
  return { status: p.status as ParticipantStatus, items: rows.map((r) => changeView(r, nameOf(r))) };
}
