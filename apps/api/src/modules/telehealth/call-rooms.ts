/**
 * Who is connected to which call, in this process (decision F-calls): each call a room of seats, one per person,
 * each holding that person's signalling WebSocket. Messages for a person go to their seat; a room's end closes
 * every seat. One registry per server (keyed by its configuration object, which the app, its jobs and its tests
 * share); several processes would share rooms through a bus (Redis pub/sub) — not built yet.
 */
import { SIGNAL_CLOSE, type ServerSignal } from '@trialpath/contract';
import type { CallPeer } from '@trialpath/domain';
import type { WebSocket } from 'ws';

interface Seat {
  peer: CallPeer;
  socket: WebSocket;
}

const OPEN = 1;

export class CallRooms {
  private readonly rooms = new Map<string, Map<string, Seat>>();
  /** Who shares their screen in each call (one at a time, F-069). */
  private readonly screens = new Map<string, string>();

  /** The people connected to the call, but `except`. */
  peers(callId: string, except?: string): CallPeer[] {
    return [...(this.rooms.get(callId)?.values() ?? [])].map((s) => s.peer).filter((p) => p.peerId !== except);
  }

  size(callId: string): number {
    return this.rooms.get(callId)?.size ?? 0;
  }

  has(callId: string, peerId: string): boolean {
    return this.rooms.get(callId)?.has(peerId) ?? false;
  }

  /** Seats the person; a connection of theirs still open (another tab, a reload) is closed as replaced. */
  seat(callId: string, peer: CallPeer, socket: WebSocket): void {
    let room = this.rooms.get(callId);
    if (!room) {
      room = new Map();
      this.rooms.set(callId, room);
    }
    const before = room.get(peer.peerId);
    room.set(peer.peerId, { peer, socket });
    if (before && before.socket !== socket) before.socket.close(SIGNAL_CLOSE.replaced, 'replaced');
  }

  /** Frees the person's seat (and the screen they shared) if this socket still holds it; answers whether it did. */
  unseat(callId: string, peerId: string, socket: WebSocket): boolean {
    const room = this.rooms.get(callId);
    if (room?.get(peerId)?.socket !== socket) return false;
    room.delete(peerId);
    if (room.size === 0) this.rooms.delete(callId);
    if (this.releaseScreen(callId, peerId)) this.broadcast(callId, { type: 'screen', peerId: null });
    return true;
  }

  screenOf(callId: string): string | null {
    return this.screens.get(callId) ?? null;
  }

  /** Gives the person the screen unless another one holds it: answers who holds it then. */
  claimScreen(callId: string, peerId: string): string {
    const holder = this.screens.get(callId);
    if (holder) return holder;
    this.screens.set(callId, peerId);
    return peerId;
  }

  /** Frees the screen if this person holds it; answers whether they did. */
  releaseScreen(callId: string, peerId: string): boolean {
    if (this.screens.get(callId) !== peerId) return false;
    this.screens.delete(callId);
    return true;
  }

  send(callId: string, peerId: string, message: ServerSignal): boolean {
    const seat = this.rooms.get(callId)?.get(peerId);
    if (!seat || seat.socket.readyState !== OPEN) return false;
    seat.socket.send(JSON.stringify(message));
    return true;
  }

  broadcast(callId: string, message: ServerSignal, except?: string): void {
    for (const peer of this.peers(callId, except)) this.send(callId, peer.peerId, message);
  }

  /** Tells everyone in the call that it ended and closes their connections. */
  end(callId: string, message: ServerSignal): void {
    const room = this.rooms.get(callId);
    this.screens.delete(callId);
    if (!room) return;
    this.rooms.delete(callId);
    for (const seat of room.values()) {
      if (seat.socket.readyState === OPEN) seat.socket.send(JSON.stringify(message));
      seat.socket.close(SIGNAL_CLOSE.ended, 'ended');
    }
  }
}

const registries = new WeakMap<object, CallRooms>();

/** The rooms of the server whose configuration this is. */
export function roomsOf(config: object): CallRooms {
  let rooms = registries.get(config);
  if (!rooms) {
    rooms = new CallRooms();
    registries.set(config, rooms);
  }
  return rooms;
}
