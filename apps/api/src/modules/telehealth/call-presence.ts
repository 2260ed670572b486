/**
 * Who is seated in which call, and who shares its screen, as every API process sees it (decision F-calls). A seat
 * is one person's connection, named by a seat id that says which process holds it. In one process a map; with
 * Redis a hash per call, changed by scripts so that taking, freeing and claiming are each one step however many
 * processes race. A process that dies leaves its seats behind: each process keeps a heartbeat key alive, and a
 * seat whose process has no heartbeat is not counted (no ghost in a call).
 */
import type { CallPeer } from '@trialpath/domain';
import type { Redis } from 'ioredis';

export interface Seated {
  peer: CallPeer;
  seatId: string;
}

export interface CallPresence {
  seats(callId: string): Promise<Seated[]>;
  /** Seats the person; answers the seat id they held before (another connection), if any. */
  take(callId: string, peer: CallPeer, seatId: string): Promise<string | null>;
  /** Frees the person's seat if it is still this one; answers whether it was. */
  free(callId: string, peerId: string, seatId: string): Promise<boolean>;
  screenOf(callId: string): Promise<string | null>;
  /** Gives the person the screen unless another one holds it; answers who holds it then. */
  claimScreen(callId: string, peerId: string): Promise<string>;
  /** Frees the screen if this person holds it; answers whether they did. */
  releaseScreen(callId: string, peerId: string): Promise<boolean>;
  /** Forgets the call (it ended). */
  clear(callId: string): Promise<void>;
  /** Stops the heartbeat and frees this process's seats. */
  close(): Promise<void>;
}

export class MemoryPresence implements CallPresence {
  private readonly rooms = new Map<string, Map<string, Seated>>();
  private readonly screens = new Map<string, string>();

  async seats(callId: string) {
    return [...(this.rooms.get(callId)?.values() ?? [])];
  }

  async take(callId: string, peer: CallPeer, seatId: string) {
    let room = this.rooms.get(callId);
    if (!room) {
      room = new Map();
      this.rooms.set(callId, room);
    }
    const before = room.get(peer.peerId)?.seatId ?? null;
    room.set(peer.peerId, { peer, seatId });
    return before;
  }

  async free(callId: string, peerId: string, seatId: string) {
    const room = this.rooms.get(callId);
    if (room?.get(peerId)?.seatId !== seatId) return false;
    room.delete(peerId);
    if (room.size === 0) this.rooms.delete(callId);
    return true;
  }

  async screenOf(callId: string) {
    return this.screens.get(callId) ?? null;
  }

  async claimScreen(callId: string, peerId: string) {
    const holder = this.screens.get(callId);
    if (holder) return holder;
    this.screens.set(callId, peerId);
    return peerId;
  }

  async releaseScreen(callId: string, peerId: string) {
    if (this.screens.get(callId) !== peerId) return false;
    this.screens.delete(callId);
    return true;
  }

  async clear(callId: string) {
    this.rooms.delete(callId);
    this.screens.delete(callId);
  }

  async close() {}
}

const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TTL_MS = 15_000;
/** A call's keys outlive any call; a forgotten one goes by itself. */
const CALL_KEY_TTL_MS = 24 * 3600_000;

const TAKE = `local before = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return before`;
const FREE = `local v = redis.call('HGET', KEYS[1], ARGV[1])
if v and cjson.decode(v).seatId == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) return 1 end
return 0`;
const CLAIM = `local holder = redis.call('GET', KEYS[1])
if holder then return holder end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) return 1 end
return 0`;

/** The process a seat id belongs to: `process:serial`. */
export const processOfSeat = (seatId: string) => seatId.slice(0, seatId.lastIndexOf(':'));

export class RedisPresence implements CallPresence {
  private readonly heartbeat: NodeJS.Timeout;
  private readonly mine = new Map<string, Map<string, string>>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly processId: string,
  ) {
    const beat = () => redis.set(this.processKey(processId), '1', 'PX', HEARTBEAT_TTL_MS).catch(() => {});
    void beat();
    this.heartbeat = setInterval(beat, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private processKey = (id: string) => `${this.prefix}:calls:process:${id}`;
  private seatsKey = (callId: string) => `${this.prefix}:call:${callId}:seats`;
  private screenKey = (callId: string) => `${this.prefix}:call:${callId}:screen`;

  async seats(callId: string) {
    const all = Object.values(await this.redis.hgetall(this.seatsKey(callId))).map((v) => JSON.parse(v) as Seated);
    const processes = [...new Set(all.map((s) => processOfSeat(s.seatId)))];
    if (processes.length === 0) return [];
    const alive = await this.redis.mget(...processes.map(this.processKey));
    const living = new Set(processes.filter((p, i) => p === this.processId || alive[i] !== null));
    return all.filter((s) => living.has(processOfSeat(s.seatId)));
  }

  async take(callId: string, peer: CallPeer, seatId: string) {
    const seated: Seated = { peer, seatId };
    const before = (await this.redis.eval(
      TAKE,
      1,
      this.seatsKey(callId),
      peer.peerId,
      JSON.stringify(seated),
      CALL_KEY_TTL_MS,
    )) as string | null;
    if (processOfSeat(seatId) === this.processId) {
      const room = this.mine.get(callId) ?? new Map<string, string>();
      room.set(peer.peerId, seatId);
      this.mine.set(callId, room);
    }
    return before ? (JSON.parse(before) as Seated).seatId : null;
  }

  async free(callId: string, peerId: string, seatId: string) {
    const room = this.mine.get(callId);
    if (room?.get(peerId) === seatId) room.delete(peerId);
    if (room?.size === 0) this.mine.delete(callId);
    return (await this.redis.eval(FREE, 1, this.seatsKey(callId), peerId, seatId)) === 1;
  }

  screenOf(callId: string) {
    return this.redis.get(this.screenKey(callId));
  }

  async claimScreen(callId: string, peerId: string) {
    return (await this.redis.eval(CLAIM, 1, this.screenKey(callId), peerId, CALL_KEY_TTL_MS)) as string;
  }

  async releaseScreen(callId: string, peerId: string) {
    return (await this.redis.eval(RELEASE, 1, this.screenKey(callId), peerId)) === 1;
  }

  async clear(callId: string) {
    this.mine.delete(callId);
    await this.redis.del(this.seatsKey(callId), this.screenKey(callId));
  }

  async close() {
    clearInterval(this.heartbeat);
    for (const [callId, room] of this.mine)
      for (const [peerId, seatId] of room) await this.free(callId, peerId, seatId).catch(() => false);
    await this.redis.del(this.processKey(this.processId)).catch(() => 0);
  }
}
