/**
 * The messages of a call's signalling WebSocket (`CALL_SIGNAL_PATH`; decision F-calls). The browser's first
 * message is `hello` with its video-auth token; the server answers `welcome` with who is there, then relays
 * WebRTC offers, answers and ICE candidates (`signal`, opaque to the server) between the people of the call, and
 * tells everyone who comes, who goes and when the call ends ('This meeting has been ended').
 */
import type { CALL_END_REASONS } from '@trialpath/domain';
import type { Recording, RecordingNews } from './telehealth-recordings';

interface Peer {
  peerId: string;
  kind: 'staff' | 'participant';
  name: string;
}

/**
 * What a browser sends: `hello` with its token first; an SDP offer or answer, or an ICE candidate, for one other
 * person of the call; its camera and microphone as the others should show them. (The server checks each message
 * against its own schema: the portals only write them.)
 */
export type ClientSignal =
  | { type: 'hello'; token: string }
  | { type: 'signal'; to: string; data: unknown }
  | { type: 'media'; camera: boolean; microphone: boolean }
  /** Starts or ends sharing one's screen: one person at a time (F-069); the server grants or refuses the start. */
  | { type: 'screen'; sharing: boolean }
  /** With the SFU (welcome's media 'sfu'): one's own stream to publish, a person to receive, an answer to its offer. */
  | { type: 'sfu'; data: SfuClientMessage };

/** The media of a call: browser to browser (the embedded default), or through the Janus SFU (JANUS_URL; decision F-sfu). */
export type CallMedia = 'mesh' | 'sfu';

/** What a browser asks of the SFU through the server; SDP is sent whole (ICE gathered first, no trickle). */
export type SfuClientMessage =
  | { op: 'publish'; sdp: string }
  | { op: 'subscribe'; peerId: string }
  | { op: 'answer'; peerId: string; sdp: string };

/** What the server tells of the SFU: the answer to one's publishing, a person one may receive, their offer. */
export type SfuServerMessage =
  | { op: 'published'; sdp: string }
  | { op: 'feed'; peerId: string }
  | { op: 'offer'; peerId: string; sdp: string }
  | { op: 'failed'; message: string };

/** What the server sends. */
export type ServerSignal =
  | {
      type: 'welcome';
      me: Peer;
      peers: Peer[];
      callId: string;
      recording: Recording | null;
      /** Who is sharing their screen, if anyone. */
      screen: string | null;
      /** How the media go: browser to browser, or through the SFU. */
      media: CallMedia;
    }
  | { type: 'peer-joined'; peer: Peer }
  | { type: 'peer-left'; peerId: string }
  | { type: 'signal'; from: string; data: unknown }
  | { type: 'sfu'; data: SfuServerMessage }
  | { type: 'media'; from: string; camera: boolean; microphone: boolean }
  /** Who shares their screen now (null: nobody), told to everyone, the sharer included (the grant). */
  | { type: 'screen'; peerId: string | null }
  /** A start of sharing refused: `peerId` shares (the portal says telehealth.screenBusy in its language). */
  | { type: 'screen-busy'; peerId: string }
  /** A step of the recording protocol (F-081 … F-087), with the recording as it now is. */
  | ({ type: 'recording' } & RecordingNews)
  | { type: 'ended'; reason: (typeof CALL_END_REASONS)[number]; message: string }
  /** The connection is refused or closed by the server (a bad token, a full call, a bad message); `message` says why. */
  | { type: 'refused'; message: string };

/** Close codes of the signalling connection (4000–4999 are the application's). */
export const SIGNAL_CLOSE = { refused: 4001, ended: 4002, replaced: 4003 } as const;
