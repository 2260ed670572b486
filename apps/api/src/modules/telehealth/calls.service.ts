/**
 * Video calls of telehealth visits (F-029…F-033, F-043, F-063…F-067; decision F-calls): started by a telehealth
 * member of the participant's site for a video appointment or unscheduled (an appointment is made for now), with
 * colleagues invited; the participant answers or declines; anyone in it ends it for all. Every change is audited.
 */
import { createHmac } from 'node:crypto';
import type { Call, CallSession } from '@trialpath/contract';
import {
  appointmentStateAfterCall,
  type CallEndReason,
  isFinalAppointmentState,
  membersToAdd,
  messageRef,
  type ParticipantStatus,
  translate,
  visitModeOf,
} from '@trialpath/domain';
import type { CallsConfig } from '../../config';
import type { ServiceCtx } from '../../kernel/context';
import { fail, fieldProblem } from '../../kernel/errors';
import { participantsVisibleTo, requireStudy, type StudyAccess } from '../access/access.service';
import { visibleParticipant } from '../participants/participant-access.service';
import { queueCallPush } from '../push/push.service';
import { roomsOf } from './call-rooms';
import { janusOf } from './janus-bridge';
import { closeRecordingsOfCall } from './recording-news';
import {
  addMembers,
  type CallRow,
  callMembers,
  findCall,
  insertCall,
  runningCallOf,
  runningCallsOfMember,
  updateCall,
} from './calls.repository';
import { findAppointment, insertAppointment, updateAppointment, userNames } from './telehealth.repository';
import { fullName, INACTIVE_STATUSES, requireMember } from './telehealth-team.service';
import { signVideoToken } from './video-token';

/** An unscheduled call's appointment lasts this long on the calendar. */
const UNSCHEDULED_MINUTES = 30;
const TURN_CREDENTIAL_SECONDS = 3600;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const callOver = () => fail('CONFLICT', undefined, { message: messageRef('telehealth.callOver') });
const notInvited = () => fail('FORBIDDEN', undefined, { message: messageRef('telehealth.notInvited') });
const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/** STUN and TURN for a browser; TURN with coturn's time-limited credential (its REST API scheme). */
export function iceServersFor(config: CallsConfig, peerId: string, now = Date.now()) {
  const servers: CallSession['iceServers'] = [];
  if (config.stunUrls.length) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length && config.turnSecret) {
    const username = `${Math.floor(now / 1000) + TURN_CREDENTIAL_SECONDS}:${peerId}`;
    const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
    servers.push({ urls: config.turnUrls, username, credential });
  }
  return servers;
}

/** The calls as the API shows them, with their members. */
export async function callViews(ctx: ServiceCtx, rows: readonly CallRow[]): Promise<Call[]> {
  const members = await callMembers(
    ctx.db,
    rows.map((r) => r.id),
  );
  const starters = await userNames(ctx.db, [...new Set(rows.map((r) => r.started_by))]);
  return rows.map((r) => {
    const starter = starters.find((u) => u.id === r.started_by);
    return {
      id: r.id,
      studyId: r.study_id,
      siteId: r.site_id,
      participantId: r.participant_id,
      participantCode: r.participant_code,
      appointmentId: r.appointment_id,
      type: r.kind,
      state: r.state,
      startedAt: r.started_at.toISOString(),
      startedBy: { id: r.started_by, name: fullName(starter?.first_name, starter?.last_name) },
      connectedAt: iso(r.participant_joined_at),
      endedAt: iso(r.ended_at),
      endReason: r.end_reason,
      members: [
        {
          peerId: r.participant_id,
          kind: 'participant' as const,
          name: r.participant_code,
          role: null,
          invited: true,
          joinedAt: iso(r.participant_joined_at),
          leftAt: null,
        },
        ...members
          .filter((m) => m.call_id === r.id)
          .map((m) => ({
            peerId: m.user_id,
            kind: 'staff' as const,
            name: fullName(m.first_name, m.last_name),
            role: m.platform_role,
            invited: true,
            joinedAt: iso(m.joined_at),
            leftAt: iso(m.left_at),
          })),
      ],
    };
  });
}

const callView = async (ctx: ServiceCtx, row: CallRow) => (await callViews(ctx, [row]))[0]!;

async function sessionFor(
  ctx: ServiceCtx,
  row: CallRow,
  peer: { id: string; kind: 'staff' | 'participant'; name: string },
) {
  const videoToken = await signVideoToken(
    { callId: row.id, peerId: peer.id, kind: peer.kind, name: peer.name },
    ctx.config.jwtSecret,
  );
  return { call: await callView(ctx, row), videoToken, iceServers: iceServersFor(ctx.config.calls, peer.id) };
}

/** A call of the study the caller may see (and, for a write, may change). */
export async function visibleCall(ctx: ServiceCtx, studyId: string, callId: string, write = false) {
  const access = await requireStudy(ctx, studyId);
  if (write && access.assignment?.readOnly) throw fail('FORBIDDEN');
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const row = await findCall(ctx.db, studyId, callId, visible, write);
  if (!row) throw access.global ? fail('NOT_FOUND') : fail('FORBIDDEN');
  return { access, row };
}

async function memberIdsOf(ctx: ServiceCtx, callId: string) {
  return (await callMembers(ctx.db, [callId])).map((m) => m.user_id);
}

/** The caller must be in the call (started it or invited). */
export async function requireInCall(ctx: ServiceCtx, row: CallRow) {
  const members = await memberIdsOf(ctx, row.id);
  if (!members.includes(ctx.staff().userId)) throw notInvited();
  return members;
}

/** Colleagues to invite: each a telehealth member of the call's site (never a rater, F-041). */
async function requireTeam(ctx: ServiceCtx, studyId: string, siteId: string, ids: readonly string[]) {
  for (const id of ids) await requireMember(ctx, studyId, siteId, id, 'memberIds');
}

export async function startCall(
  ctx: ServiceCtx,
  input: { studyId: string; participantId: string; appointmentId: string | null; memberIds: string[] },
): Promise<CallSession> {
  const me = ctx.staff();
  const access: StudyAccess = await requireStudy(ctx, input.studyId);
  if (access.assignment?.readOnly) throw fail('FORBIDDEN');
  const p = await visibleParticipant(ctx, access, input.participantId);
  // F-039: only the site's telehealth team holds calls
  const caller = await requireMember(ctx, input.studyId, p.site_id, me.userId, 'participantId').catch(() => {
    throw fail('FORBIDDEN', undefined, { message: messageRef('telehealth.notTelehealthMember') });
  });
  if (INACTIVE_STATUSES.includes(p.status as ParticipantStatus))
    throw fail('CONFLICT', undefined, { message: messageRef('telehealth.participantLeftApp') });
  if (await runningCallOf(ctx.db, p.id))
    throw fail('CONFLICT', undefined, { message: messageRef('telehealth.callRunning') });
  const invited = membersToAdd(input.memberIds, [me.userId]);
  await requireTeam(ctx, input.studyId, p.site_id, invited);

  const now = new Date();
  let appointmentId: string;
  let kind: 'SCHEDULED' | 'UNSCHEDULED';
  if (input.appointmentId) {
    const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
    const a = await findAppointment(ctx.db, input.studyId, input.appointmentId, visible, true);
    if (!a || a.participant_id !== p.id)
      throw fieldProblem('VALIDATION_FAILED', 'appointmentId', 'telehealth.callOver');
    if (isFinalAppointmentState(a.state))
      throw fail('CONFLICT', undefined, { message: messageRef('telehealth.appointmentOver') });
    if (visitModeOf(a.visit_type) !== 'video')
      throw fail('CONFLICT', undefined, { message: messageRef('telehealth.notVideoVisit') });
    appointmentId = a.id;
    kind = a.kind;
    await updateAppointment(ctx.db, a.id, { state: 'RINGING', updated_at: now });
  } else {
    kind = 'UNSCHEDULED';
    appointmentId = (
      await insertAppointment(ctx.db, {
        study_id: input.studyId,
        site_id: p.site_id,
        participant_id: p.id,
        environment: p.environment,
        host_id: me.userId,
        visit_type: 'videocall',
        kind,
        task_id: null,
        starts_at: now,
        ends_at: new Date(now.getTime() + UNSCHEDULED_MINUTES * 60_000),
        state: 'RINGING',
        note: null,
        created_by: me.userId,
        updated_at: now,
      })
    ).id;
  }
  let id: string;
  try {
    id = (
      await insertCall(ctx.db, {
        study_id: input.studyId,
        site_id: p.site_id,
        participant_id: p.id,
        appointment_id: appointmentId,
        environment: p.environment,
        kind,
        started_by: me.userId,
        started_at: now,
      })
    ).id;
  } catch (e) {
    // another call with this participant started first (one running call per participant)
    if (isUniqueViolation(e)) throw fail('CONFLICT', undefined, { message: messageRef('telehealth.callRunning') });
    throw e;
  }
  await addMembers(ctx.db, id, [me.userId], null);
  await addMembers(ctx.db, id, invited, me.userId);
  // F-106: the participant's phone or browser rings too (a push), not only the open portal
  const pushed = await queueCallPush(ctx, { studyId: input.studyId, participantId: p.id, callId: id });
  ctx.audit({
    action: 'telehealth.call.start',
    entityType: 'telehealth_call',
    entityId: id,
    after: { participantId: p.id, appointmentId, kind, invited, pushed },
  });
  const row = (await findCall(
    ctx.db,
    input.studyId,
    id,
    participantsVisibleTo(ctx, access, { participant: 'p', site: 's' }),
  ))!;
  return sessionFor(ctx, row, { id: me.userId, kind: 'staff', name: fullName(caller.firstName, caller.lastName) });
}

export async function getCall(ctx: ServiceCtx, input: { studyId: string; callId: string }): Promise<Call> {
  return callView(ctx, (await visibleCall(ctx, input.studyId, input.callId)).row);
}

export async function myCalls(ctx: ServiceCtx, input: { studyId: string }) {
  const access = await requireStudy(ctx, input.studyId);
  const visible = participantsVisibleTo(ctx, access, { participant: 'p', site: 's' });
  const rows = await runningCallsOfMember(ctx.db, input.studyId, ctx.env, ctx.staff().userId, visible);
  return { items: await callViews(ctx, rows) };
}

export async function addCallMembers(ctx: ServiceCtx, input: { studyId: string; callId: string; memberIds: string[] }) {
  const { row } = await visibleCall(ctx, input.studyId, input.callId, true);
  if (row.state === 'ENDED') throw callOver();
  const members = await requireInCall(ctx, row);
  const added = membersToAdd(input.memberIds, members);
  if (added.length === 0) throw fieldProblem('VALIDATION_FAILED', 'memberIds', 'telehealth.addMembersNone');
  await requireTeam(ctx, input.studyId, row.site_id, added);
  await addMembers(ctx.db, row.id, added, ctx.staff().userId);
  ctx.audit({ action: 'telehealth.call.invite', entityType: 'telehealth_call', entityId: row.id, after: { added } });
  return callView(ctx, row);
}

export async function joinCall(ctx: ServiceCtx, input: { studyId: string; callId: string }): Promise<CallSession> {
  const { row } = await visibleCall(ctx, input.studyId, input.callId);
  if (row.state === 'ENDED') throw callOver();
  await requireInCall(ctx, row);
  // a new token for the connection, nothing stored: the arrival itself is recorded when the connection opens
  ctx.unchanged();
  const me = ctx.staff();
  const [named] = await userNames(ctx.db, [me.userId]);
  return sessionFor(ctx, row, { id: me.userId, kind: 'staff', name: fullName(named?.first_name, named?.last_name) });
}

/**
 * Ends a running call (in the caller's transaction) and its appointment: complete once the participant joined,
 * else a no-show (left without being seen when declined); everyone connected is told and disconnected.
 */
export async function finishCall(ctx: ServiceCtx, row: CallRow, reason: CallEndReason, endedBy: string | null) {
  const now = new Date();
  await updateCall(ctx.db, row.id, { state: 'ENDED', ended_at: now, end_reason: reason, ended_by: endedBy });
  const appointment = appointmentStateAfterCall(row.participant_joined_at !== null, reason);
  await updateAppointment(ctx.db, row.appointment_id, { state: appointment, updated_at: now });
  ctx.audit({
    action: 'telehealth.call.end',
    entityType: 'telehealth_call',
    entityId: row.id,
    before: { state: row.state },
    after: { state: 'ENDED', reason, appointment },
  });
  await closeRecordingsOfCall(ctx, row.id, now);
  // told once the end is committed: nobody is sent away from a call that a rollback keeps running
  ctx.afterCommit(() => {
    void roomsOf(ctx.config).end(row.id, {
      type: 'ended',
      reason,
      message: translate('telehealth.meetingEnded', undefined, 'en'),
    });
    // the SFU's room goes with the call (its recording was stopped above); a Janus gone has no room left anyway
    void janusOf(ctx.config)
      ?.destroyRoom(row.id)
      .catch(() => {});
  });
  return { ...row, state: 'ENDED' as const, ended_at: now, end_reason: reason, ended_by: endedBy };
}

/**
 * F-108: the participant's devices ring again while the call waits for them. Nothing to ring is a 406 with the
 * server's words (F-107); a call they are in, or that ended, is refused.
 */
export async function notifyParticipant(
  ctx: ServiceCtx,
  input: { studyId: string; callId: string; appointmentId?: string; message?: string },
) {
  const { row } = await visibleCall(ctx, input.studyId, input.callId, true);
  if (row.state === 'ENDED') throw callOver();
  await requireInCall(ctx, row);
  if (input.appointmentId !== undefined && input.appointmentId !== row.appointment_id)
    throw fieldProblem('VALIDATION_FAILED', 'appointmentId', 'errors.invalidValue');
  if (row.state !== 'INITIATED')
    throw fail('CONFLICT', undefined, { message: messageRef('telehealth.participantAlreadyIn') });
  const devices = await queueCallPush(ctx, {
    studyId: input.studyId,
    participantId: row.participant_id,
    callId: row.id,
    message: input.message,
  });
  if (devices === 0) throw fail('NOT_NOTIFIABLE', undefined, { message: messageRef('telehealth.notNotifiable') });
  ctx.audit({
    action: 'telehealth.call.notify',
    entityType: 'telehealth_call',
    entityId: row.id,
    after: { participantId: row.participant_id, devices, message: input.message ?? null },
  });
  return { devices };
}

export async function endCall(ctx: ServiceCtx, input: { studyId: string; callId: string }): Promise<Call> {
  const { row } = await visibleCall(ctx, input.studyId, input.callId, true);
  if (row.state === 'ENDED') throw callOver();
  await requireInCall(ctx, row);
  return callView(ctx, await finishCall(ctx, row, 'HANG_UP', ctx.staff().userId));
}
