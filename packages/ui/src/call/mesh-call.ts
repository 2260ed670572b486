/**
 * One person's side of a video call (decision F-calls): the signalling WebSocket (the video-auth token its first
 * message), a WebRTC connection to each other person (a mesh of four at most), the local camera and microphone.
 * Whoever arrives makes the offers to those already there; ICE candidates that come before their description wait.
 * When the server says the call's media go through the SFU (decision F-sfu), SfuLinks does the connections instead.
 * Framework-free: the staff and participant portals show it with their own screens (CallView).
 */
import type { CallMedia, CallSession, Recording, RecordingNews, ServerSignal } from '@trialpath/contract';
import type { CallPeer } from '@trialpath/domain';
import { SfuLinks } from './sfu-links';

export interface RemotePerson {
  peer: CallPeer;
  stream: MediaStream | null;
  camera: boolean;
  microphone: boolean;
}

export interface MeshCallState {
  phase: 'connecting' | 'in-call' | 'ended' | 'refused' | 'failed';
  me: CallPeer | null;
  people: RemotePerson[];
  local: MediaStream | null;
  camera: boolean;
  microphone: boolean;
  /** Why it ended or was refused, as the server said it. */
  message: string | null;
  endReason: string | null;
  /** The call's open recording as last told (the welcome's, then each step of the protocol). */
  recording: Recording | null;
  /** The last step of the recording protocol told, with a number that grows with each (a step may repeat). */
  recordingNews: (RecordingNews & { seq: number }) | null;
  /** Who shares their screen (a peer id, maybe one's own), if anyone (F-069: one at a time). */
  screen: string | null;
  /** One's own screen is what the others see instead of one's camera. */
  sharing: boolean;
  /** Browser to browser, or through the SFU (as the welcome said). */
  media: CallMedia;
}

/** Why sharing one's screen did not start (F-134, F-142, F-143). */
export class ScreenShareRefusal extends Error {
  constructor(readonly reason: 'declined' | 'unsupported' | 'busy') {
    super(reason);
  }
}

type Listener = (state: MeshCallState) => void;

export class MeshCall {
  private socket: WebSocket | null = null;
  private readonly links = new Map<string, { pc: RTCPeerConnection; pending: RTCIceCandidateInit[] }>();
  private state: MeshCallState = {
    phase: 'connecting',
    me: null,
    people: [],
    local: null,
    camera: true,
    microphone: true,
    message: null,
    endReason: null,
    recording: null,
    recordingNews: null,
    screen: null,
    sharing: false,
    media: 'mesh',
  };
  private sfu: SfuLinks | null = null;
  private screenTrack: MediaStreamTrack | null = null;
  private screenAnswer: { granted: () => void; refused: () => void } | null = null;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly session: CallSession,
    private readonly signalUrl: string,
  ) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  get snapshot(): MeshCallState {
    return this.state;
  }

  private set(patch: Partial<MeshCallState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
  }

  /**
   * Opens the camera and microphone (throws the browser's error when refused) unless they are given already open,
   * then the signalling connection.
   */
  async start(opened?: MediaStream): Promise<void> {
    // given ones already stopped (a remount in development) are opened again
    const live = opened?.getTracks().every((t) => t.readyState === 'live');
    const local = opened && live ? opened : await openCallMedia();
    this.set({ local });
    const socket = new WebSocket(this.signalUrl);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'hello', token: this.session.videoToken }));
    socket.onmessage = (e) => {
      void this.receive(JSON.parse(String(e.data)) as ServerSignal);
    };
    socket.onclose = () => {
      this.screenAnswer?.refused();
      if (this.state.phase === 'connecting' || this.state.phase === 'in-call') this.set({ phase: 'failed' });
      this.closeLinks();
    };
  }

  private send(message: unknown) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private async receive(m: ServerSignal) {
    switch (m.type) {
      case 'welcome':
        this.set({
          phase: 'in-call',
          me: m.me,
          people: m.peers.map((peer) => this.person(peer)),
          recording: m.recording,
          screen: m.screen,
          media: m.media,
        });
        if (m.media === 'sfu') await this.publishToSfu();
        else for (const peer of m.peers) await this.offerTo(peer.peerId);
        break;
      case 'sfu':
        await this.sfu?.receive(m.data);
        break;
      case 'peer-joined':
        this.upsert(this.person(m.peer));
        break;
      case 'peer-left':
        this.sfu?.drop(m.peerId);
        this.links.get(m.peerId)?.pc.close();
        this.links.delete(m.peerId);
        this.set({ people: this.state.people.filter((p) => p.peer.peerId !== m.peerId) });
        break;
      case 'signal':
        await this.onSignal(
          m.from,
          m.data as { description?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit },
        );
        break;
      case 'media':
        this.set({
          people: this.state.people.map((p) =>
            p.peer.peerId === m.from ? { ...p, camera: m.camera, microphone: m.microphone } : p,
          ),
        });
        break;
      case 'recording':
        this.set({
          recording: m.recording,
          recordingNews: {
            signal: m.signal,
            recording: m.recording,
            seq: (this.state.recordingNews?.seq ?? 0) + 1,
          },
        });
        break;
      case 'screen':
        this.set({ screen: m.peerId });
        if (m.peerId === this.state.me?.peerId) this.screenAnswer?.granted();
        break;
      case 'screen-busy':
        this.set({ screen: m.peerId });
        this.screenAnswer?.refused();
        break;
      case 'ended':
        this.set({ phase: 'ended', message: m.message, endReason: m.reason });
        this.stopLocal();
        break;
      case 'refused':
        this.set({ phase: 'refused', message: m.message });
        this.stopLocal();
        break;
    }
  }

  private async publishToSfu() {
    this.sfu?.close();
    const sfu = new SfuLinks(
      this.session.iceServers,
      (data) => this.send({ type: 'sfu', data }),
      (peerId, stream) =>
        this.set({ people: this.state.people.map((p) => (p.peer.peerId === peerId ? { ...p, stream } : p)) }),
      (message) => {
        this.set({ phase: 'failed', message });
        this.close();
      },
    );
    this.sfu = sfu;
    if (this.state.local) await sfu.publish(this.state.local, this.screenTrack);
  }

  private person(peer: CallPeer): RemotePerson {
    const known = this.state.people.find((p) => p.peer.peerId === peer.peerId);
    return known ?? { peer, stream: null, camera: true, microphone: true };
  }

  private upsert(person: RemotePerson) {
    const others = this.state.people.filter((p) => p.peer.peerId !== person.peer.peerId);
    this.set({ people: [...others, person] });
  }

  private link(peerId: string) {
    const known = this.links.get(peerId);
    if (known) return known;
    const pc = new RTCPeerConnection({ iceServers: this.session.iceServers });
    const link = { pc, pending: [] as RTCIceCandidateInit[] };
    this.links.set(peerId, link);
    // what the others see: the shared screen in place of the camera while one shares
    for (const track of this.state.local?.getTracks() ?? [])
      pc.addTrack(track.kind === 'video' && this.screenTrack ? this.screenTrack : track, this.state.local!);
    pc.onicecandidate = (e) => {
      if (e.candidate) this.send({ type: 'signal', to: peerId, data: { candidate: e.candidate.toJSON() } });
    };
    pc.ontrack = (e) => {
      const stream = e.streams[0] ?? new MediaStream([e.track]);
      this.set({ people: this.state.people.map((p) => (p.peer.peerId === peerId ? { ...p, stream } : p)) });
    };
    return link;
  }

  private async offerTo(peerId: string) {
    const { pc } = this.link(peerId);
    await pc.setLocalDescription(await pc.createOffer());
    this.send({ type: 'signal', to: peerId, data: { description: pc.localDescription?.toJSON() } });
  }

  private async onSignal(
    from: string,
    data: { description?: RTCSessionDescriptionInit; candidate?: RTCIceCandidateInit },
  ) {
    const link = this.link(from);
    if (data.description) {
      await link.pc.setRemoteDescription(data.description);
      for (const c of link.pending.splice(0)) await link.pc.addIceCandidate(c);
      if (data.description.type === 'offer') {
        await link.pc.setLocalDescription(await link.pc.createAnswer());
        this.send({ type: 'signal', to: from, data: { description: link.pc.localDescription?.toJSON() } });
      }
    } else if (data.candidate) {
      if (link.pc.remoteDescription) await link.pc.addIceCandidate(data.candidate);
      else link.pending.push(data.candidate);
    }
  }

  /** Camera on or off for everyone (the track stays, muted). */
  setCamera(on: boolean) {
    for (const t of this.state.local?.getVideoTracks() ?? []) t.enabled = on;
    this.set({ camera: on });
    this.send({ type: 'media', camera: on, microphone: this.state.microphone });
  }

  setMicrophone(on: boolean) {
    for (const t of this.state.local?.getAudioTracks() ?? []) t.enabled = on;
    this.set({ microphone: on });
    this.send({ type: 'media', camera: this.state.camera, microphone: on });
  }

  /**
   * Shows one's screen to the others instead of one's camera (F-058): the browser asks which screen, then the server
   * grants it unless someone else shares (F-069). Throws a ScreenShareRefusal saying why it did not start.
   */
  async shareScreen(): Promise<void> {
    const me = this.state.me?.peerId;
    if (this.state.sharing) return;
    if (this.state.screen && this.state.screen !== me) throw new ScreenShareRefusal('busy');
    if (typeof navigator.mediaDevices?.getDisplayMedia !== 'function') throw new ScreenShareRefusal('unsupported');
    let display: MediaStream;
    try {
      display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    } catch (e) {
      throw new ScreenShareRefusal((e as Error).name === 'NotSupportedError' ? 'unsupported' : 'declined');
    }
    const [track] = display.getVideoTracks();
    if (!track) throw new ScreenShareRefusal('declined');
    const granted = await new Promise<boolean>((resolve) => {
      this.screenAnswer = { granted: () => resolve(true), refused: () => resolve(false) };
      this.send({ type: 'screen', sharing: true });
    });
    this.screenAnswer = null;
    if (!granted) {
      track.stop();
      throw new ScreenShareRefusal('busy');
    }
    this.screenTrack = track;
    // the browser's own "Stop sharing" ends the track: back to the camera
    track.onended = () => void this.stopScreen();
    await this.sendVideo(track);
    this.set({ sharing: true });
  }

  /** Back to the camera; the screen is free for another. */
  async stopScreen(): Promise<void> {
    const track = this.screenTrack;
    if (!track) return;
    this.screenTrack = null;
    track.onended = null;
    track.stop();
    await this.sendVideo(this.state.local?.getVideoTracks()[0] ?? null);
    this.send({ type: 'screen', sharing: false });
    this.set({ sharing: false });
  }

  private async sendVideo(track: MediaStreamTrack | null) {
    await this.sfu?.sendVideo(track);
    for (const { pc } of this.links.values()) {
      const sender = pc.getSenders().find((x) => x.track?.kind === 'video');
      await sender?.replaceTrack(track);
    }
  }

  private closeLinks() {
    this.sfu?.close();
    this.sfu = null;
    for (const { pc } of this.links.values()) pc.close();
    this.links.clear();
  }

  private stopLocal() {
    for (const t of this.state.local?.getTracks() ?? []) t.stop();
    this.screenTrack?.stop();
    this.screenTrack = null;
  }

  /** Leaves without ending the call for the others (the server ends it when the last stream is gone). */
  close() {
    this.stopLocal();
    this.closeLinks();
    this.socket?.close();
    this.socket = null;
  }
}

/** The camera and microphone of a call (the browser asks the person, or throws why not: see mediaProblemOf). */
export function openCallMedia(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: true, audio: true });
}

/** The signalling address on the page's own origin (ws: or wss: as the page). */
export function signalAddress(path: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}`;
}
