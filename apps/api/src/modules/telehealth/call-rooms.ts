/**
 * Who is connected to which call (decision F-calls): each call a room of seats, one per person, each holding that
 * person's signalling WebSocket in the process the browser is connected to. Who is seated where is kept by the
 * presence store (call-presence.ts: in the process, or in Redis for several processes), and every message to a
 * person, to a call or a call's end travels over the bus (kernel/bus.ts), whose every process delivers it to the
 * seats it holds. So two browsers of one call may be connected to different processes. One registry per server
 * (keyed by its configuration object, which the app, its jobs and its tests share).
 */
import { randomUUID } from 'node:crypto';
import { SIGNAL_CLOSE, type ServerSignal } from '@trialpath/contract';
import type { CallPeer } from '@trialpath/domain';
import type { WebSocket } from 'ws';
import type { AppConfig } from '../../config';
import { sharedOf, type Bus } from '../../kernel/bus';
import { type CallPresence, MemoryPresence, RedisPresence } from './call-presence';

interface Seat {
  seatId: string;
  socket: WebSocket;
}

/** What travels on the bus: a message for one person, for all but one, the call's end, or a seat replaced. */
type Envelope =
  | { callId: string; kind: 'to'; peerId: string; message: ServerSignal }
  | { callId: string; kind: 'all'; except: string | null; message: ServerSignal }
  | { callId: string; kind: 'end'; message: ServerSignal }
  | { callId: string; kind: 'replaced'; peerId: string; keep: string };

const OPEN = 1;

export class CallRooms {
  /** The seats this process holds, by call and person. */
  private readonly local = new Map<string, Map<string, Seat>>();
  private serial = 0;
  private readonly ready: Promise<void>;

  constructor(
    private readonly presence: CallPresence,
    private readonly bus: Bus,
    private readonly channel: string,
    private readonly processId: string,
  ) {
    this.ready = bus.subscribe(channel, (m) => this.deliver(m as Envelope));
  }

  static of(config: AppConfig): CallRooms {
    const shared = sharedOf(config);
    const processId = randomUUID();
    const presence = shared.redis ? new RedisPresence(shared.redis, shared.prefix, processId) : new MemoryPresence();
    shared.onClose(() => presence.close());
    return new CallRooms(presence, shared.bus, `${shared.prefix}:calls`, processId);
  }

  /** The people connected to the call, but `except`. */
  async peers(callId: string, except?: string): Promise<CallPeer[]> {
    return (await this.presence.seats(callId)).map((s) => s.peer).filter((p) => p.peerId !== except);
  }

  async size(callId: string): Promise<number> {
    return (await this.presence.seats(callId)).length;
  }

  async has(callId: string, peerId: string): Promise<boolean> {
    return (await this.presence.seats(callId)).some((s) => s.peer.peerId === peerId);
  }

  /** Seats the person; a connection of theirs still open (another tab, a reload, another process) is closed. */
  async seat(callId: string, peer: CallPeer, socket: WebSocket): Promise<void> {
    await this.ready;
    const seatId = `${this.processId}:${++this.serial}`;
    let room = this.local.get(callId);
    if (!room) {
      room = new Map();
      this.local.set(callId, room);
    }
    const here = room.get(peer.peerId);
    room.set(peer.peerId, { seatId, socket });
    if (here && here.socket !== socket) here.socket.close(SIGNAL_CLOSE.replaced, 'replaced');
    const before = await this.presence.take(callId, peer, seatId);
    if (before && before !== here?.seatId)
      this.bus.publish(this.channel, { callId, kind: 'replaced', peerId: peer.peerId, keep: seatId });
  }

  /** Frees the person's seat (and the screen they shared) if this socket still holds it; answers whether it did. */
  async unseat(callId: string, peerId: string, socket: WebSocket): Promise<boolean> {
    const room = this.local.get(callId);
    const seat = room?.get(peerId);
    if (!room || seat?.socket !== socket) return false;
    room.delete(peerId);
    if (room.size === 0) this.local.delete(callId);
    if (!(await this.presence.free(callId, peerId, seat.seatId))) return false;
    if (await this.presence.releaseScreen(callId, peerId)) this.broadcast(callId, { type: 'screen', peerId: null });
    return true;
  }

  /** Who shares their screen in the call (one at a time, F-069), if they are still in it. */
  async screenOf(callId: string): Promise<string | null> {
    const holder = await this.presence.screenOf(callId);
    return holder && (await this.has(callId, holder)) ? holder : null;
  }

  /** Gives the person the screen unless another one in the call holds it: answers who holds it then. */
  async claimScreen(callId: string, peerId: string): Promise<string> {
    const holder = await this.presence.claimScreen(callId, peerId);
    if (holder === peerId || (await this.has(callId, holder))) return holder;
    // the holder's process died with the screen: it is free
    await this.presence.releaseScreen(callId, holder);
    return this.presence.claimScreen(callId, peerId);
  }

  /** Frees the screen if this person holds it; answers whether they did. */
  releaseScreen(callId: string, peerId: string): Promise<boolean> {
    return this.presence.releaseScreen(callId, peerId);
  }

  send(callId: string, peerId: string, message: ServerSignal): void {
    this.bus.publish(this.channel, { callId, kind: 'to', peerId, message });
  }

  broadcast(callId: string, message: ServerSignal, except?: string): void {
    this.bus.publish(this.channel, { callId, kind: 'all', except: except ?? null, message });
  }

  /** Tells everyone in the call, in every process, that it ended and closes their connections. */
  async end(callId: string, message: ServerSignal): Promise<void> {
    this.bus.publish(this.channel, { callId, kind: 'end', message });
    // an ended call takes no one (the hello reads its state); keys left by a failure expire by themselves
    await this.presence.clear(callId).catch(() => {});
  }

  /** A message from the bus, for the seats this process holds. */
  private deliver(envelope: Envelope) {
    const room = this.local.get(envelope.callId);
    if (!room) return;
    const sendTo = (seat: Seat, message: ServerSignal) => {
      if (seat.socket.readyState === OPEN) seat.socket.send(JSON.stringify(message));
    };
    switch (envelope.kind) {
      case 'to': {
        const seat = room.get(envelope.peerId);
        if (seat) sendTo(seat, envelope.message);
        return;
      }
      case 'all':
        for (const [peerId, seat] of room) if (peerId !== envelope.except) sendTo(seat, envelope.message);
        return;
      case 'end':
        // the room goes first, so the closing sockets find no seat to free
        this.local.delete(envelope.callId);
        for (const seat of room.values()) {
          sendTo(seat, envelope.message);
          seat.socket.close(SIGNAL_CLOSE.ended, 'ended');
        }
        return;
      case 'replaced': {
        const seat = room.get(envelope.peerId);
        if (!seat || seat.seatId === envelope.keep) return;
        room.delete(envelope.peerId);
        if (room.size === 0) this.local.delete(envelope.callId);
        seat.socket.close(SIGNAL_CLOSE.replaced, 'replaced');
      }
    }
  }
}

const registries = new WeakMap<object, CallRooms>();

/** The rooms of the server whose configuration this is. */
export function roomsOf(config: AppConfig): CallRooms {
  let rooms = registries.get(config);
  if (!rooms) {
    rooms = CallRooms.of(config);
    registries.set(config, rooms);
  }
  return rooms;
}
