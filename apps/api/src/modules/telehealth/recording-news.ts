/**
 * The recording protocol's steps that others than the endpoints take (decision F-recording): the view of a
 * recording, telling everyone in the call a step (once committed), sending a waiting request when the participant
 * arrives, closing what is open when the call ends, and the five minutes of a request running out.
 */
import type { Recording } from '@trialpath/contract';
import { isOpenRecording, RECORDING_CONSENT_WAIT_MS, type RecordingSignal } from '@trialpath/domain';
import { type Platform, type ServiceCtx, withSystemContext } from '../../kernel/context';
import { roomsOf } from './call-rooms';
import { janusOf } from './janus-bridge';
import {
  byteSizeOf,
  openRecordingOf,
  overdueRequests,
  type RecordingRow,
  recordingById,
  updateRecording,
} from './recordings.repository';
import { fullName } from './telehealth-team.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** F-035: the recording record as the API and the signalling show it. */
export function recordingView(r: RecordingRow): Recording {
  return {
    id: r.id,
    callId: r.call_id,
    appointmentId: r.appointment_id,
    participantId: r.participant_id,
    participantCode: r.participant_code,
    name: r.name,
    state: r.state,
    createdBy: { id: r.created_by, name: fullName(r.holder_first_name, r.holder_last_name) },
    createdAt: r.created_at.toISOString(),
    recordingPermissionRequestedTime: iso(r.permission_requested_at),
    recordingPermissionRespondedTime: iso(r.permission_responded_at),
    isRecordingPermissionGranted: r.permission_granted,
    startTime: iso(r.started_at),
    endTime: iso(r.ended_at),
    stoppedBy: r.stopped_by,
    isCaptured: r.chunk_count > 0 || (r.media_source === 'sfu' && r.started_at !== null),
    mediaState: r.media_state,
    archiveDuration: r.duration_seconds,
    byteSize: byteSizeOf(r),
  };
}

/** Tells everyone in the call the step, with the recording as it is after it, once the change is committed. */
export async function tellRecording(ctx: ServiceCtx, id: string, ...signals: RecordingSignal[]) {
  const row = (await recordingById(ctx.db, id))!;
  const recording = recordingView(row);
  ctx.afterCommit(() => {
    const rooms = roomsOf(ctx.config);
    for (const signal of signals) rooms.broadcast(row.call_id, { type: 'recording', signal, recording });
  });
  return recording;
}

/** The participant is in the call: a request that waited for them is sent now (F-074). */
export async function sendWaitingRequest(ctx: ServiceCtx, callId: string) {
  const open = await openRecordingOf(ctx.db, callId, true);
  if (open?.state !== 'PENDING') return;
  await updateRecording(ctx.db, open.id, { state: 'REQUESTED', permission_requested_at: new Date() });
  ctx.audit({
    action: 'telehealth.recording.request',
    entityType: 'telehealth_recording',
    entityId: open.id,
    before: { state: 'PENDING' },
    after: { state: 'REQUESTED', sent: 'participant joined' },
  });
  await tellRecording(ctx, open.id, 'recording_requested');
}

/**
 * The SFU stops writing the call's recording (decision F-sfu). A failure (Janus gone) does not keep the recording
 * open: what Janus wrote is put together, and the problem is kept with the audit entry.
 */
export async function stopSfuCapture(ctx: ServiceCtx, callId: string): Promise<string | null> {
  try {
    await janusOf(ctx.config)?.stopRecording(callId);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/**
 * The call ends: a recording running stops (what its holder's browser still sends is taken until it says it was
 * the last piece; the SFU's is put together at once), a request not yet answered is cancelled.
 */
export async function closeRecordingsOfCall(ctx: ServiceCtx, callId: string, now: Date) {
  const open = await openRecordingOf(ctx.db, callId, true);
  if (!open || !isOpenRecording(open.state)) return;
  const state = open.state === 'RECORDING' ? 'STOPPED' : 'CANCELLED';
  const bySfu = state === 'STOPPED' && open.media_source === 'sfu';
  const sfuProblem = bySfu ? await stopSfuCapture(ctx, callId) : null;
  await updateRecording(ctx.db, open.id, {
    state,
    ended_at: now,
    ...(bySfu ? { media_state: 'PROCESSING' as const, lease_until: null } : {}),
  });
  ctx.audit({
    action: 'telehealth.recording.stop',
    entityType: 'telehealth_recording',
    entityId: open.id,
    before: { state: open.state },
    after: { state, by: 'the call ended', ...(bySfu ? { mediaState: 'PROCESSING', sfuStopProblem: sfuProblem } : {}) },
  });
  if (bySfu) await tellRecording(ctx, open.id, 'recording_stop_requested', 'recording_stopped');
  else await tellRecording(ctx, open.id, state === 'STOPPED' ? 'recording_stop_requested' : 'recording_stopped');
}

/** Requests unanswered for five minutes at `now` time out (F-077); answers how many. */
export async function expireRecordingRequests(platform: Platform, now = new Date()): Promise<number> {
  const due = await overdueRequests(platform.db, new Date(now.getTime() - RECORDING_CONSENT_WAIT_MS));
  let expired = 0;
  for (const { id } of due)
    await withSystemContext(platform, 'telehealth', async (ctx) => {
      const row = await recordingById(ctx.db, id, true);
      if (row?.state !== 'REQUESTED') return;
      await updateRecording(ctx.db, id, { state: 'TIMED_OUT', ended_at: now });
      ctx.audit({
        action: 'telehealth.recording.timeout',
        entityType: 'telehealth_recording',
        entityId: id,
        before: { state: 'REQUESTED' },
        after: { state: 'TIMED_OUT' },
      });
      await tellRecording(ctx, id, 'recording_timeout');
      expired++;
    });
  return expired;
}
