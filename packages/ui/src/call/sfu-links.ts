/**
 * A call's media through the SFU (decision F-sfu; welcome's media 'sfu'): one connection that publishes one's camera
 * and microphone (or shared screen) to Janus, and one that receives each other person, which Janus offers when the
 * server says they publish. SDP goes whole through the signalling connection, its ICE candidates gathered first.
 */
import type { SfuClientMessage, SfuServerMessage } from '@trialpath/contract';

/** How long a connection gathers its ICE candidates before its description is sent with those it has. */
const GATHER_WITHIN_MS = 3_000;

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, GATHER_WITHIN_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

export class SfuLinks {
  private publisher: RTCPeerConnection | null = null;
  private readonly receivers = new Map<string, RTCPeerConnection>();

  constructor(
    private readonly iceServers: RTCIceServer[],
    private readonly send: (message: SfuClientMessage) => void,
    private readonly onStream: (peerId: string, stream: MediaStream) => void,
    private readonly onFailed: (message: string) => void,
  ) {}

  /** Publishes the local tracks, the video replaced by `video` (a shared screen) when given. */
  async publish(local: MediaStream, video: MediaStreamTrack | null): Promise<void> {
    this.publisher?.close();
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    this.publisher = pc;
    for (const track of local.getTracks()) {
      const sent = track.kind === 'video' && video ? video : track;
      pc.addTransceiver(sent, { direction: 'sendonly', streams: [local] });
    }
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    if (this.publisher !== pc || !pc.localDescription) return;
    this.send({ op: 'publish', sdp: pc.localDescription.sdp });
  }

  async receive(message: SfuServerMessage): Promise<void> {
    switch (message.op) {
      case 'published':
        await this.publisher?.setRemoteDescription({ type: 'answer', sdp: message.sdp });
        break;
      case 'feed':
        this.send({ op: 'subscribe', peerId: message.peerId });
        break;
      case 'offer':
        await this.answer(message.peerId, message.sdp);
        break;
      case 'failed':
        this.onFailed(message.message);
        break;
    }
  }

  private async answer(peerId: string, sdp: string) {
    this.receivers.get(peerId)?.close();
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    this.receivers.set(peerId, pc);
    let stream = new MediaStream();
    pc.ontrack = (e) => {
      // each track on its own: the stream shown is remade so that the screens see the change
      stream = new MediaStream([...stream.getTracks(), e.track]);
      this.onStream(peerId, stream);
    };
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    if (this.receivers.get(peerId) !== pc || !pc.localDescription) return;
    this.send({ op: 'answer', peerId, sdp: pc.localDescription.sdp });
  }

  /** A person left: their connection goes. */
  drop(peerId: string) {
    this.receivers.get(peerId)?.close();
    this.receivers.delete(peerId);
  }

  /** What the others see: the camera, or the shared screen instead (no new negotiation). */
  async sendVideo(track: MediaStreamTrack | null) {
    // the video line's sender, found by its kind even while it sends nothing
    const line = this.publisher?.getTransceivers().find((t) => t.receiver.track.kind === 'video');
    await line?.sender.replaceTrack(track);
  }

  close() {
    this.publisher?.close();
    this.publisher = null;
    for (const pc of this.receivers.values()) pc.close();
    this.receivers.clear();
  }
}
