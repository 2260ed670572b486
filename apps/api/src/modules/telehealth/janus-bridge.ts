/**
 * The Janus WebRTC server as the calls' SFU (JANUS_URL; decision F-sfu), through janode over Janus's WebSocket API.
 * Each API process keeps one Janus session: a control handle for the rooms (one VideoRoom per call, created when
 * someone is seated, destroyed when the call ends; its recording switched on and off by the recording protocol) and
 * one handle per person publishing or receiving through this process. Browsers reach Janus only for their media.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Janode, { type JanodeConnection, type JanodeSession, type Jsep } from 'janode';
import VideoRoomPlugin, { type Publisher, type VideoRoomHandle } from 'janode/plugins/videoroom';
import { CALL_MESH_LIMIT } from '@trialpath/domain';
import type { AppConfig } from '../../config';
import { sharedOf } from '../../kernel/bus';

Janode.Logger.setLevel('none');

/** Janus's room number of a call: the UUID's first 52 bits (a JSON number Janus and JavaScript both keep exact). */
export function roomNumberOf(callId: string): number {
  return Number.parseInt(callId.replace(/-/g, '').slice(0, 13), 16);
}

/** The folder Janus writes one recording into (under JANUS_RECORDINGS_DIR), read back by the recordings job. */
export function sfuRecordingDir(config: AppConfig, recordingId: string): string {
  return path.join(config.janus.recordingsDir, recordingId);
}

/**
 * A request whose Janus error of this code means it is already so ("no such room" 426 for a room to go, "already
 * exists" 427 for one to make): that answer is the request's outcome, not a failure.
 */
async function unlessAlready(code: 426 | 427, request: Promise<unknown>): Promise<void> {
  try {
    await request;
  } catch (e) {
    if ((e as { _code?: number } | null)?._code !== code) throw e;
  }
}

export interface SfuPublisher {
  /** Janus's answer to the browser's offer. */
  answer: string;
  close(): Promise<void>;
}

export interface SfuSubscriber {
  offer: string;
  start(answer: string): Promise<void>;
  close(): Promise<void>;
}

export class JanusBridge {
  private connection: JanodeConnection | null = null;
  private session: Promise<JanodeSession> | null = null;
  private controlHandle: Promise<VideoRoomHandle> | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly url: string,
  ) {}

  /** The session, made on first use and again after the connection to Janus was lost. */
  private open(): Promise<JanodeSession> {
    if (!this.session) {
      const forget = () => {
        this.session = null;
        this.controlHandle = null;
      };
      this.session = (async () => {
        const connection = await Janode.connect({ address: { url: this.url }, retry_time_secs: 1, max_retries: 2 });
        this.connection = connection;
        connection.once(Janode.EVENT.CONNECTION_CLOSED, forget);
        connection.once(Janode.EVENT.CONNECTION_ERROR, forget);
        const session = await connection.create(25);
        session.once(Janode.EVENT.SESSION_DESTROYED, forget);
        return session;
      })();
      this.session.catch(forget);
    }
    return this.session;
  }

  private async attach(): Promise<VideoRoomHandle> {
    return (await this.open()).attach(VideoRoomPlugin);
  }

  private control(): Promise<VideoRoomHandle> {
    if (!this.controlHandle) {
      this.controlHandle = this.attach();
      this.controlHandle.catch(() => {
        this.controlHandle = null;
      });
    }
    return this.controlHandle;
  }

  /** The call's room, made if it is not there yet (by this process or another). */
  async ensureRoom(callId: string): Promise<void> {
    const handle = await this.control();
    const room = roomNumberOf(callId);
    if ((await handle.exists({ room })).exists) return;
    await unlessAlready(
      427,
      handle.create({
        room,
        description: `call ${callId}`,
        max_publishers: CALL_MESH_LIMIT,
        permanent: false,
        audiocodec: 'opus',
        videocodec: 'vp8',
        record: false,
        rec_dir: this.config.janus.recordingsDir,
      }),
    );
  }

  async destroyRoom(callId: string): Promise<void> {
    const handle = await this.control();
    await unlessAlready(426, handle.destroy({ room: roomNumberOf(callId), permanent: false }));
  }

  /**
   * Janus records everyone publishing in the call, and whoever comes later, into the recording's own folder until
   * stopped: the recording no longer depends on anyone's browser.
   */
  async startRecording(callId: string, recordingId: string): Promise<void> {
    await this.ensureRoom(callId);
    const dir = sfuRecordingDir(this.config, recordingId);
    await mkdir(dir, { recursive: true });
    const handle = await this.control();
    const room = roomNumberOf(callId);
    await handle.message({ request: 'edit', room, new_rec_dir: dir });
    await handle.enable_recording({ room, record: true });
  }

  async stopRecording(callId: string): Promise<void> {
    const handle = await this.control();
    await unlessAlready(426, handle.enable_recording({ room: roomNumberOf(callId), record: false }));
  }

  /**
   * One person publishes their camera and microphone into the call's room (their display is their peer id). Those
   * already publishing, and each who publishes later, are told through `onFeed`.
   */
  async publish(
    callId: string,
    peerId: string,
    offer: string,
    onFeed: (peerId: string) => void,
  ): Promise<SfuPublisher> {
    await this.ensureRoom(callId);
    const handle = await this.attach();
    const tell = (list: Publisher[]) => {
      for (const p of list) if (p.display && p.display !== peerId) onFeed(p.display);
    };
    handle.on(VideoRoomPlugin.EVENT.VIDEOROOM_PUB_LIST, (e: { publishers: Publisher[] }) => tell(e.publishers));
    try {
      const joined = await handle.joinConfigurePublisher({
        room: roomNumberOf(callId),
        display: peerId,
        audio: true,
        video: true,
        jsep: { type: 'offer', sdp: offer },
      });
      if (!joined.jsep) throw new Error('Janus did not answer the offer');
      tell(joined.publishers);
      return { answer: joined.jsep.sdp, close: () => leave(handle) };
    } catch (e) {
      await leave(handle);
      throw e;
    }
  }

  /** Receiving one person's stream: Janus offers, the browser answers. */
  async subscribe(callId: string, peerId: string): Promise<SfuSubscriber | null> {
    const room = roomNumberOf(callId);
    const handle = await this.attach();
    try {
      const { participants } = await handle.listParticipants({ room });
      const feed = participants.find((p) => p.publisher && p.display === peerId)?.feed;
      if (feed === undefined) {
        await leave(handle);
        return null;
      }
      const joined = await handle.joinSubscriber({ room, feed });
      if (!joined.jsep) throw new Error('Janus made no offer');
      return {
        offer: joined.jsep.sdp,
        start: async (answer) => {
          await handle.start({ jsep: { type: 'answer', sdp: answer } satisfies Jsep });
        },
        close: () => leave(handle),
      };
    } catch (e) {
      await leave(handle);
      throw e;
    }
  }

  async close(): Promise<void> {
    const { session, connection } = this;
    this.session = null;
    this.controlHandle = null;
    this.connection = null;
    if (session) await session.then((s) => s.destroy()).catch(() => {});
    await connection?.close().catch(() => {});
  }
}

/** A handle's person leaves the room and the handle goes; already gone is fine. */
async function leave(handle: VideoRoomHandle) {
  await handle.detach().catch(() => {});
}

const bridges = new WeakMap<AppConfig, JanusBridge>();

/** The bridge of the server whose configuration this is, or null when calls go browser to browser. */
export function janusOf(config: AppConfig): JanusBridge | null {
  const url = config.janus.url;
  if (!url) return null;
  let bridge = bridges.get(config);
  if (!bridge) {
    const made = new JanusBridge(config, url);
    bridges.set(config, made);
    // closed with the server, as its other shared connections
    sharedOf(config).onClose(async () => {
      bridges.delete(config);
      await made.close();
    });
    bridge = made;
  }
  return bridge;
}
