/**
 * Recording a video call only with the participant's consent (issue 15; 002 §4 "Recording button", §5, §9; decision
 * F-recording). A staff member asks; the request goes to the participant once they are in the call; they accept
 * (the recording starts), deny, or say nothing for five minutes (the request times out). One recording of a call is
 * open at a time, in the hands of whoever asked for it; they stop it. The server keeps the state; the browsers show
 * it and send what they capture.
 */

/** 002 §4: the signals of the protocol, as the call's signalling carries them (F-081 … F-087). */
export const RECORDING_SIGNALS = [
  'recording_requested',
  'recording_accepted',
  'recording_denied',
  'recording_start',
  'recording_stop_requested',
  'recording_stopped',
  'recording_timeout',
] as const;
export type RecordingSignal = (typeof RECORDING_SIGNALS)[number];

/**
 * A recording's states: PENDING (asked before the participant joined: the request waits for them), REQUESTED (the
 * participant was asked), RECORDING (they accepted), and the ends: STOPPED (stopped by its holder or by the call's
 * end), DENIED, TIMED_OUT (no answer in five minutes), CANCELLED (the call ended before the participant answered).
 */
export const RECORDING_STATES = [
  'PENDING',
  'REQUESTED',
  'RECORDING',
  'STOPPED',
  'DENIED',
  'TIMED_OUT',
  'CANCELLED',
] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];

/** The states in which a recording is open: no second one of the call may start (F-079). */
export const OPEN_RECORDING_STATES = ['PENDING', 'REQUESTED', 'RECORDING'] as const satisfies readonly RecordingState[];

export function isOpenRecording(state: RecordingState): boolean {
  return (OPEN_RECORDING_STATES as readonly RecordingState[]).includes(state);
}

/** 002 §9: the participant has five minutes to answer a recording request. */
export const RECORDING_CONSENT_WAIT_MS = 300_000;
/** 002 §9: recordings are composed at 1280×720. */
export const RECORDING_RESOLUTION = { width: 1280, height: 720 } as const;
/** The browser hands the recording over in pieces this long, so a crash loses at most the last one. */
export const RECORDING_CHUNK_MS = 2_000;
/** The largest piece the server takes (a 2-second piece at 1280×720 is far below). */
export const RECORDING_CHUNK_MAX_BYTES = 8 * 1024 * 1024;

/** Where a request stands when the participant answers, or when the clock runs out. */
export function recordingAnswerState(granted: boolean): RecordingState {
  return granted ? 'RECORDING' : 'DENIED';
}

/** Whether a request has waited past the participant's five minutes (F-077). */
export function isConsentOverdue(requestedAt: Date | null, now: Date): boolean {
  return requestedAt !== null && now.getTime() - requestedAt.getTime() >= RECORDING_CONSENT_WAIT_MS;
}

/**
 * F-079, F-080: why a new recording may not start — another one of this call still open. Its holder is told it is
 * already being recorded; anyone else who holds it.
 */
export function recordingRefusal(
  open: { createdBy: string; holderName: string } | null,
  askedBy: string,
): { key: 'telehealth.alreadyRecording' } | { key: 'telehealth.recordingInControl'; name: string } | null {
  if (!open) return null;
  return open.createdBy === askedBy
    ? { key: 'telehealth.alreadyRecording' }
    : { key: 'telehealth.recordingInControl', name: open.holderName };
}

/**
 * The recording button of 002 §2/§4 (F-071 … F-078): hidden until the options are known, 'Recording not allowed'
 * when they say no, Rec, Pending while the request waits, the running timer while recording.
 */
export type RecordButtonState = 'hidden' | 'not-allowed' | 'rec' | 'pending' | 'timer';

export function recordButtonState(allowed: boolean | null, mine: { state: RecordingState } | null): RecordButtonState {
  if (allowed === null) return 'hidden';
  if (!allowed) return 'not-allowed';
  if (mine?.state === 'RECORDING') return 'timer';
  if (mine && (mine.state === 'PENDING' || mine.state === 'REQUESTED')) return 'pending';
  return 'rec';
}

/**
 * 002 §9 (F-117): the composed layout's grid for a number of tiles — 1 full; 2 halves; 3 to 4 quarters; 5 to 9
 * thirds (3×3). Columns and rows of equal cells.
 */
export function recordingGrid(tiles: number): { columns: number; rows: number } {
  if (tiles <= 1) return { columns: 1, rows: 1 };
  if (tiles === 2) return { columns: 2, rows: 1 };
  if (tiles <= 4) return { columns: 2, rows: 2 };
  return { columns: 3, rows: 3 };
}

/**
 * Whether the study records video visits in this country (F-036): the study's `telehealthRecording` feature, and
 * no `telehealthRecording:{countryId}` switched off (a country whose law or ethics committee forbids it).
 */
export function recordingAllowed(
  features: Readonly<Record<string, unknown>> | null,
  countryId: string | null,
): boolean {
  if (features?.telehealthRecording !== true) return false;
  return !(countryId && features[`telehealthRecording:${countryId}`] === false);
}

/**
 * 002 §3's country features of telehealth (F-112): whether the study records video visits at all, and whether a
 * visit in this country may be recorded (the visit's own F-037 switch aside).
 */
export function countryTelehealthFeatures(
  features: Readonly<Record<string, unknown>> | null,
  countryId: string | null,
) {
  return {
    countryId,
    studyTelehealthRecordingEnabled: features?.telehealthRecording === true,
    visitTelehealthRecordingEnabled: recordingAllowed(features, countryId),
  };
}
