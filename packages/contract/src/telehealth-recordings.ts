/**
 * Recording a video call with the participant's consent, and playing or downloading it (issue 15; 002 §2, §3
 * recording record, §4 recording button, §5, §7, §9; decision F-recording). A staff member in the call asks; the
 * participant is asked once they are in the call and answers; the holder's browser sends the recording in numbered
 * pieces while it records; the server puts them together and converts them to MP4. Each step is told to everyone in
 * the call as one of the spec's signals over the call's signalling connection (call-signals.ts).
 */
import { RECORDING_CHUNK_MAX_BYTES, RECORDING_SIGNALS, RECORDING_STATES } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const RECORDING_CONTENT_TYPES = ['video/webm', 'video/mp4'] as const;
export const RECORDING_MEDIA_STATES = ['NONE', 'RECEIVING', 'PROCESSING', 'READY', 'FAILED'] as const;

/** F-035 the recording record. */
export const RecordingSchema = z.object({
  id: z.string(),
  /** telehealthSessionId: the call. */
  callId: z.string(),
  appointmentId: z.string(),
  participantId: z.string(),
  participantCode: z.string(),
  /** archiveName */
  name: z.string(),
  state: z.enum(RECORDING_STATES),
  /** createdBy: the holder, who asked for it and alone stops it. */
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  recordingPermissionRequestedTime: z.string().nullable(),
  recordingPermissionRespondedTime: z.string().nullable(),
  isRecordingPermissionGranted: z.boolean().nullable(),
  /** startTime, endTime: while it recorded. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** cancelledBy: who stopped it (null: the call's end or nobody). */
  stoppedBy: z.string().nullable(),
  /** isCaptured: something was recorded and kept. */
  isCaptured: z.boolean(),
  mediaState: z.enum(RECORDING_MEDIA_STATES),
  /** archiveDuration, in seconds, once the recording is ready. */
  archiveDuration: z.number().nullable(),
  byteSize: z.number().int(),
});
export type Recording = z.infer<typeof RecordingSchema>;

/** What the call's signalling says of a recording (every person of the call gets it). */
export const RecordingNewsSchema = z.object({
  signal: z.enum(RECORDING_SIGNALS),
  recording: RecordingSchema,
});
export type RecordingNews = z.infer<typeof RecordingNewsSchema>;

const CallParams = z.object({ studyId: z.string().uuid(), callId: z.string().uuid() }).strict();
const RecordingParams = z.object({ studyId: z.string().uuid(), recordingId: z.string().uuid() }).strict();

export const getCallRecordingOptions = defineEndpoint({
  id: 'getCallRecordingOptions',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/calls/:callId/recording',
  audience: 'staff',
  permission: 'telehealth.call',
  noLoader: true,
  summary:
    'Whether this call may be recorded (the study and the participant’s country, F-036) and its open recording, if any',
  params: CallParams,
  response: z.object({ allowed: z.boolean(), open: RecordingSchema.nullable() }),
});

export const requestCallRecording = defineEndpoint({
  id: 'requestCallRecording',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/calls/:callId/recordings',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'Ask to record the call: the participant is asked for consent now, or when they join (F-074, F-079, F-080)',
  params: CallParams,
  response: RecordingSchema,
});

export const stopCallRecording = defineEndpoint({
  id: 'stopCallRecording',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/recordings/:recordingId/stop',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'Stop a recording (its holder; F-078); what was sent is put together and converted to MP4',
  params: RecordingParams,
  response: RecordingSchema,
});

export const uploadRecordingChunk = defineEndpoint({
  id: 'uploadRecordingChunk',
  method: 'PUT',
  path: '/api/v1/studies/:studyId/telehealth/recordings/:recordingId/chunks/:seq',
  audience: 'staff',
  permission: 'telehealth.call',
  noLoader: true,
  upload: { contentTypes: RECORDING_CONTENT_TYPES, maxBytes: RECORDING_CHUNK_MAX_BYTES },
  // the pieces are the bytes of one recording on their way; its request, consent, stop and stored file are audited
  audit: false,
  summary:
    'One piece of a recording, numbered from 0 in order (its holder’s browser sends one every two seconds; a piece sent again is taken once); `last` closes it',
  params: z
    .object({
      studyId: z.string().uuid(),
      recordingId: z.string().uuid(),
      seq: z.coerce.number().int().min(0).max(1_000_000),
    })
    .strict(),
  query: z.object({ last: z.enum(['1']).optional() }).strict(),
  response: z.object({ chunkCount: z.number().int(), byteSize: z.number().int() }),
});

export const listTelehealthRecordings = defineEndpoint({
  id: 'listTelehealthRecordings',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/recordings',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'Recordings by participant and appointment (F-115), oldest first',
  params: z.object({ studyId: z.string().uuid() }).strict(),
  query: z
    .object({ participantId: z.string().uuid().optional(), appointmentId: z.string().uuid().optional() })
    .strict(),
  response: z.object({ items: z.array(RecordingSchema) }),
});

export const getTelehealthRecording = defineEndpoint({
  id: 'getTelehealthRecording',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/recordings/:recordingId',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'One recording, by its id (F-005: the page that opens it)',
  params: z.object({ studyId: z.string().uuid(), recordingId: z.string().uuid() }).strict(),
  response: RecordingSchema,
});

export const openTelehealthRecording = defineEndpoint({
  id: 'openTelehealthRecording',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/recordings/:recordingId/open',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    'The address of a ready recording’s MP4 to play or to download (F-120; valid for an hour), the playback or download audited',
  params: RecordingParams,
  body: z.object({ purpose: z.enum(['play', 'download']) }).strict(),
  response: z.object({ url: z.string(), fileName: z.string() }),
});

export const getTelehealthRecordingMedia = defineEndpoint({
  id: 'getTelehealthRecordingMedia',
  method: 'GET',
  path: '/api/v1/telehealth-recordings/:recordingId/media/:token',
  audience: 'public',
  env: 'neutral',
  noLoader: true,
  summary: 'A ready recording’s MP4 by its signed address (from “open”; valid for an hour)',
  params: z.object({ recordingId: z.string().uuid(), token: z.string().min(16).max(64) }).strict(),
  query: z.object({ download: z.enum(['1']).optional() }).strict(),
  /** video/mp4 */
  response: z.any(),
});

export const answerMyRecordingRequest = defineEndpoint({
  id: 'answerMyRecordingRequest',
  method: 'POST',
  path: '/api/v1/participant/telehealth/recordings/:recordingId/answer',
  audience: 'participant',
  summary: 'The participant accepts or denies recording their call (F-075, F-076); their answer is audited',
  params: z.object({ recordingId: z.string().uuid() }).strict(),
  body: z.object({ granted: z.boolean() }).strict(),
  response: z.object({ state: z.enum(RECORDING_STATES) }),
});
