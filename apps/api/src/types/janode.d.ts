/**
 * The part of janode (Meetecho's Node.js client of the Janus WebRTC server, plain JavaScript) that the SFU bridge
 * uses (modules/telehealth/janus-bridge.ts), typed here.
 */
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface JanodeHandle extends EventEmitter {
    id: number;
    message(body: Record<string, unknown>, jsep?: Jsep): Promise<unknown>;
    detach(): Promise<void>;
  }
  export interface Jsep {
    type: 'offer' | 'answer';
    sdp: string;
  }
  export interface JanodeSession extends EventEmitter {
    id: number;
    attach<H extends JanodeHandle>(plugin: { id: string; Handle: new (...args: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }
  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }
  const Janode: {
    connect(config: {
      address: { url: string; apisecret?: string };
      retry_time_secs?: number;
      max_retries?: number;
    }): Promise<JanodeConnection>;
    Logger: { setLevel(level: 'none' | 'error' | 'warning' | 'info' | 'verbose' | 'debug'): void };
    EVENT: Record<'CONNECTION_CLOSED' | 'CONNECTION_ERROR' | 'SESSION_DESTROYED' | 'HANDLE_DETACHED', string>;
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle, Jsep } from 'janode';

  export interface Publisher {
    feed: number;
    display?: string;
  }
  export interface VideoRoomHandle extends JanodeHandle {
    joinConfigurePublisher(p: {
      room: number;
      display: string;
      audio?: boolean;
      video?: boolean;
      jsep: Jsep;
    }): Promise<{
      feed: number;
      publishers: Publisher[];
      jsep?: Jsep;
    }>;
    joinSubscriber(p: { room: number; feed: number }): Promise<{ feed: number; jsep?: Jsep }>;
    start(p: { jsep: Jsep }): Promise<unknown>;
    leave(): Promise<unknown>;
    listParticipants(p: {
      room: number;
    }): Promise<{ participants: { feed: number; display?: string; publisher: boolean }[] }>;
    exists(p: { room: number }): Promise<{ exists: boolean }>;
    list(): Promise<{ list: { room: number; record: boolean; rec_dir?: string }[] }>;
    create(p: {
      room: number;
      description?: string;
      max_publishers?: number;
      permanent?: boolean;
      audiocodec?: string;
      videocodec?: string;
      record?: boolean;
      rec_dir?: string;
      notify_joining?: boolean;
    }): Promise<unknown>;
    destroy(p: { room: number; permanent?: boolean }): Promise<unknown>;
    enable_recording(p: { room: number; record: boolean }): Promise<unknown>;
  }
  const VideoRoomPlugin: {
    id: string;
    Handle: new (...args: never[]) => VideoRoomHandle;
    EVENT: Record<
      'VIDEOROOM_PUB_LIST' | 'VIDEOROOM_UNPUBLISHED' | 'VIDEOROOM_LEAVING' | 'VIDEOROOM_DESTROYED' | 'VIDEOROOM_KICKED',
      string
    >;
  };
  export default VideoRoomPlugin;
}
