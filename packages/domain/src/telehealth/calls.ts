/**
 * The video call of a telehealth visit (issue 15; 002 §4 "Call", §5, §9; decision F-calls). A call belongs to one
 * appointment (an unscheduled call makes one for now). Its states: INITIATED (started: the country and visit
 * feature check passed and the session was made), CONNECTED (the participant's stream arrived), ENDED (hang-up, the
 * last stream gone, or nobody answered an unscheduled call within five minutes).
 */
import type { AppointmentState } from './appointments';

export const CALL_STATES = ['INITIATED', 'CONNECTED', 'ENDED'] as const;
export type CallState = (typeof CALL_STATES)[number];

export const CALL_END_REASONS = ['HANG_UP', 'LAST_STREAM_GONE', 'NO_PARTICIPANT', 'DECLINED'] as const;
export type CallEndReason = (typeof CALL_END_REASONS)[number];

/** 002 §9: an unscheduled call that no participant joined ends after five minutes… */
export const NO_PARTICIPANT_END_MS = 5 * 60_000;
/** …checked every three seconds. */
export const NO_PARTICIPANT_CHECK_MS = 3_000;
/** Video goes between the browsers (a mesh): each sends its stream to each other one, so four at most. */
export const CALL_MESH_LIMIT = 4;
/** The video-auth token of a call lasts this long: enough to open the signalling connection. */
export const VIDEO_TOKEN_SECONDS = 300;

/** Who is in a call: a staff member (their user id) or the participant (their participant id). */
export interface CallPeer {
  peerId: string;
  kind: 'staff' | 'participant';
  name: string;
}

/** An unscheduled call that nobody answered within five minutes of its start ends by itself (F-067). */
export function isUnanswered(
  call: { kind: 'SCHEDULED' | 'UNSCHEDULED'; state: CallState; startedAt: Date; participantJoinedAt: Date | null },
  now: Date,
): boolean {
  return (
    call.kind === 'UNSCHEDULED' &&
    call.state === 'INITIATED' &&
    call.participantJoinedAt === null &&
    now.getTime() - call.startedAt.getTime() >= NO_PARTICIPANT_END_MS
  );
}

/**
 * F-043: the colleagues to invite into a running call: those chosen who are not in it yet. An empty answer is the
 * spec's refusal ('Please select members to add to this call.').
 */
export function membersToAdd(chosen: readonly string[], already: readonly string[]): string[] {
  const inCall = new Set(already);
  return [...new Set(chosen)].filter((id) => !inCall.has(id));
}

/** The appointment's state when its call ends: seen (complete), or not (the participant never came). */
export function appointmentStateAfterCall(participantJoined: boolean, reason: CallEndReason): AppointmentState {
  if (participantJoined) return 'COMPLETE';
  return reason === 'DECLINED' ? 'LWBS' : 'NO_SHOW';
}
