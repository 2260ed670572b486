/**
 * The video call of a telehealth visit (issue 15; 001 §7 start video call; 002 §3 call object, session data,
 * call-start payload, §4 call, §7 staff telehealth; decision F-calls). Staff with the telehealth permission start
 * a call with a participant (for an appointment, or unscheduled: one is made for now), invite colleagues of the
 * site's telehealth team, and end it; the participant sees the incoming call and joins or declines. Each joiner is
 * handed a video-auth token for the signalling WebSocket (`CALL_SIGNAL_PATH`, messages in call-signals.ts)
 * and the ICE servers to use.
 */
import { CALL_END_REASONS, CALL_STATES } from '@trialpath/domain';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';

const CallParams = z.object({ studyId: z.string().uuid(), callId: z.string().uuid() }).strict();
const MemberIds = z.array(z.string().uuid()).max(20);

export const CallMemberSchema = z.object({
  /** A staff member's user id, or the participant's id. */
  peerId: z.string(),
  kind: z.enum(['staff', 'participant']),
  name: z.string(),
  role: z.string().nullable(),
  /** F-030 invitedInTelehealthVisit: invited (or started it) and not only added by the participant's coming. */
  invited: z.boolean(),
  joinedAt: z.string().nullable(),
  leftAt: z.string().nullable(),
});
export type CallMember = z.infer<typeof CallMemberSchema>;

/** F-031 the call object: the participant, the appointment (`appointmentId`), scheduled or not, its times. */
export const CallSchema = z.object({
  id: z.string(),
  studyId: z.string(),
  siteId: z.string(),
  participantId: z.string(),
  participantCode: z.string(),
  appointmentId: z.string(),
  type: z.enum(['SCHEDULED', 'UNSCHEDULED']),
  state: z.enum(CALL_STATES),
  startedAt: z.string(),
  startedBy: z.object({ id: z.string(), name: z.string() }),
  /** F-064: when the participant's stream arrived (the call-start time). */
  connectedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.enum(CALL_END_REASONS).nullable(),
  members: z.array(CallMemberSchema),
});
export type Call = z.infer<typeof CallSchema>;

export const IceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/** F-032 session data: what a joiner needs to open the call's signalling connection. */
export const CallSessionSchema = z.object({
  call: CallSchema,
  /** The video-auth token: a few minutes, this call and this person only. */
  videoToken: z.string(),
  iceServers: z.array(IceServerSchema),
});
export type CallSession = z.infer<typeof CallSessionSchema>;

/** The signalling WebSocket's address (the video-auth token is its first message, never in the address). */
export const CALL_SIGNAL_PATH = '/api/v1/telehealth/signal';

export const startTelehealthCall = defineEndpoint({
  id: 'startTelehealthCall',
  method: 'POST',
  path: '/api/v1/studies/:studyId/participants/:participantId/telehealth/calls',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'Call the participant by video, for a video appointment or unscheduled; invite colleagues (F-033)',
  params: z.object({ studyId: z.string().uuid(), participantId: z.string().uuid() }).strict(),
  body: z.object({ appointmentId: z.string().uuid().nullable(), memberIds: MemberIds }).strict(),
  response: CallSessionSchema,
});

export const getTelehealthCall = defineEndpoint({
  id: 'getTelehealthCall',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/calls/:callId',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'A call: its state and who is in it',
  params: CallParams,
  response: CallSchema,
});

export const listMyTelehealthCalls = defineEndpoint({
  id: 'listMyTelehealthCalls',
  method: 'GET',
  path: '/api/v1/studies/:studyId/telehealth/calls',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'The running calls the caller started or is invited to',
  params: z.object({ studyId: z.string().uuid() }).strict(),
  response: z.object({ items: z.array(CallSchema) }),
});

export const addTelehealthCallMembers = defineEndpoint({
  id: 'addTelehealthCallMembers',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/calls/:callId/members',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'Invite colleagues into a running call (F-043)',
  params: CallParams,
  body: z.object({ memberIds: MemberIds }).strict(),
  response: CallSchema,
});

export const joinTelehealthCall = defineEndpoint({
  id: 'joinTelehealthCall',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/calls/:callId/join',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'Join a running call: its session',
  params: CallParams,
  response: CallSessionSchema,
});

export const endTelehealthCall = defineEndpoint({
  id: 'endTelehealthCall',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/calls/:callId/end',
  audience: 'staff',
  permission: 'telehealth.call',
  summary: 'End a call for everyone in it (F-065)',
  params: CallParams,
  response: CallSchema,
});

/** F-108: the participant is notified of the call again (their phone or browser rings once more). */
export const notifyTelehealthCallParticipant = defineEndpoint({
  id: 'notifyTelehealthCallParticipant',
  method: 'POST',
  path: '/api/v1/studies/:studyId/telehealth/calls/:callId/notify',
  audience: 'staff',
  permission: 'telehealth.call',
  summary:
    "Notify the participant of the waiting call again, on each device they registered ('Your study team is video calling you. Tap to join call.' unless another message is given); 406 when they have none",
  params: CallParams,
  body: z
    .object({
      /** The call's appointment, when the caller names it (checked against the call). */
      appointmentId: z.string().uuid().optional(),
      message: z.string().trim().min(1).max(200).optional(),
    })
    .strict(),
  response: z.object({ devices: z.number().int() }),
});

/** The participant's side of a call. */
export const MyCallSchema = z.object({
  id: z.string(),
  appointmentId: z.string(),
  state: z.enum(CALL_STATES),
  startedAt: z.string(),
  /** Who is calling (the staff member who started it). */
  caller: z.string(),
  /** 'Your study team is video calling you. Tap to join call.' in the participant's language. */
  message: z.string(),
});

export const getMyTelehealthCall = defineEndpoint({
  id: 'getMyTelehealthCall',
  method: 'GET',
  path: '/api/v1/participant/telehealth/call',
  audience: 'participant',
  summary: 'The incoming call, if any',
  response: z.object({ call: MyCallSchema.nullable() }),
});

export const joinMyTelehealthCall = defineEndpoint({
  id: 'joinMyTelehealthCall',
  method: 'POST',
  path: '/api/v1/participant/telehealth/calls/:callId/join',
  audience: 'participant',
  summary: 'Join the incoming call with the device’s offset (001 §7)',
  params: z.object({ callId: z.string().uuid() }).strict(),
  body: z.object({ offset: z.number().int().min(-840).max(840) }).strict(),
  response: z.object({ data: CallSessionSchema }),
});

export const declineMyTelehealthCall = defineEndpoint({
  id: 'declineMyTelehealthCall',
  method: 'POST',
  path: '/api/v1/participant/telehealth/calls/:callId/decline',
  audience: 'participant',
  summary: 'Decline the incoming call',
  params: z.object({ callId: z.string().uuid() }).strict(),
  response: z.object({ ok: z.literal(true) }),
});
