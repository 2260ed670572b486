/**
 * The messages of a call's signalling WebSocket (`CALL_SIGNAL_PATH`; decision F-calls). The browser's first
 * message is `hello` with its video-auth token; the server answers `welcome` with who is there, then relays
 * WebRTC offers, answers and ICE candidates (`signal`, opaque to the server) between the people of the call, and
 * tells everyone who comes, who goes and when the call ends ('This meeting has been ended').
 */
import type { CALL_END_REASONS } from '@trialpath/domain';
import { z } from 'zod';

const Peer = z.object({ peerId: z.string(), kind: z.enum(['staff', 'participant']), name: z.string() });

/** What a browser sends. */
export const ClientSignalSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().min(1).max(4000) }),
  /** An SDP offer or answer, or an ICE candidate, for one other person of the call. */
  z.object({ type: z.literal('signal'), to: z.string().min(1).max(64), data: z.unknown() }),
  /** The sender's camera and microphone as the others should show them. */
  z.object({ type: z.literal('media'), camera: z.boolean(), microphone: z.boolean() }),
]);
export type ClientSignal = z.infer<typeof ClientSignalSchema>;

/** What the server sends. */
export type ServerSignal =
  | { type: 'welcome'; me: z.infer<typeof Peer>; peers: z.infer<typeof Peer>[]; callId: string }
  | { type: 'peer-joined'; peer: z.infer<typeof Peer> }
  | { type: 'peer-left'; peerId: string }
  | { type: 'signal'; from: string; data: unknown }
  | { type: 'media'; from: string; camera: boolean; microphone: boolean }
  | { type: 'ended'; reason: (typeof CALL_END_REASONS)[number]; message: string }
  /** The connection is refused or closed by the server (a bad token, a full call, a bad message); `message` says why. */
  | { type: 'refused'; message: string };

/** Close codes of the signalling connection (4000–4999 are the application's). */
export const SIGNAL_CLOSE = { refused: 4001, ended: 4002, replaced: 4003 } as const;
