/**
 * One person's media through the SFU (decision F-sfu): what their signalling connection asks of Janus. They publish
 * their camera and microphone once (again after a reconnection of their browser's side), hear of each other person
 * publishing, and receive each of them on a connection of its own: Janus offers, the browser answers. Everything
 * is closed with their signalling connection.
 */
import type { SfuClientMessage, SfuServerMessage } from '@trialpath/contract';
import type { JanusBridge, SfuPublisher, SfuSubscriber } from './janus-bridge';

export interface SfuSeat {
  receive(message: SfuClientMessage): Promise<void>;
  close(): Promise<void>;
}

export function sfuSeat(
  bridge: JanusBridge,
  callId: string,
  peerId: string,
  send: (message: SfuServerMessage) => void,
): SfuSeat {
  let publisher: SfuPublisher | null = null;
  const subscribers = new Map<string, SfuSubscriber>();
  let closed = false;

  const publish = async (sdp: string) => {
    const before = publisher;
    publisher = null;
    await before?.close();
    const made = await bridge.publish(callId, peerId, sdp, (other) => send({ op: 'feed', peerId: other }));
    // the connection went while Janus answered: nothing is left in the room for it
    if (closed) return made.close();
    publisher = made;
    send({ op: 'published', sdp: made.answer });
  };

  const subscribe = async (other: string) => {
    const before = subscribers.get(other);
    subscribers.delete(other);
    await before?.close();
    const made = await bridge.subscribe(callId, other);
    // not publishing (any more): they will be told again when they do
    if (!made) return;
    if (closed) return made.close();
    subscribers.set(other, made);
    send({ op: 'offer', peerId: other, sdp: made.offer });
  };

  return {
    async receive(message) {
      if (closed) return;
      if (message.op === 'publish') await publish(message.sdp);
      else if (message.op === 'subscribe') await subscribe(message.peerId);
      else await subscribers.get(message.peerId)?.start(message.sdp);
    },
    async close() {
      closed = true;
      const all = [publisher, ...subscribers.values()];
      publisher = null;
      subscribers.clear();
      await Promise.all(all.map((x) => x?.close()));
    },
  };
}
