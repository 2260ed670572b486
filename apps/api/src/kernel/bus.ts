/**
 * What the API processes of one deployment share (decision F-calls, "Several processes"): a message bus and,
 * with Redis, a store. One process alone (no REDIS_URL) delivers its messages to itself at once; with REDIS_URL
 * every message goes through Redis pub/sub, so a process hears its own messages and the others' in one order,
 * the order in which each process published them. One per server, keyed by its configuration object (which the
 * app, its jobs and its tests share), closed with the app.
 */
import { Redis } from 'ioredis';
import type { AppConfig } from '../config';

type Handler = (message: unknown) => void;

export interface Bus {
  /** Sends to every process's subscribers of the channel (this one's included); never throws. */
  publish(channel: string, message: unknown): void;
  /** Answers once the subscription is in place (messages published after that reach the handler). */
  subscribe(channel: string, handler: Handler): Promise<void>;
}

export interface Shared {
  bus: Bus;
  /** Redis for what the processes keep together, or null when one process holds everything itself. */
  redis: Redis | null;
  /** Keys and channels of this deployment start with it. */
  prefix: string;
  /** Run on close before the connections go (a store's last writes). */
  onClose(task: () => Promise<void>): void;
  close(): Promise<void>;
}

class LocalBus implements Bus {
  private readonly handlers = new Map<string, Handler[]>();

  publish(channel: string, message: unknown) {
    for (const h of this.handlers.get(channel) ?? []) h(message);
  }

  async subscribe(channel: string, handler: Handler) {
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
  }
}

class RedisBus implements Bus {
  private readonly handlers = new Map<string, Handler[]>();

  constructor(
    private readonly commands: Redis,
    private readonly subscriber: Redis,
    private readonly onError: (err: unknown) => void,
  ) {
    subscriber.on('message', (channel: string, text: string) => {
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch (err) {
        return onError(err);
      }
      for (const h of this.handlers.get(channel) ?? []) h(message);
    });
  }

  publish(channel: string, message: unknown) {
    this.commands.publish(channel, JSON.stringify(message)).catch(this.onError);
  }

  async subscribe(channel: string, handler: Handler) {
    const first = !this.handlers.has(channel);
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
    if (first) await this.subscriber.subscribe(channel);
  }
}

const registry = new WeakMap<object, Shared>();

// A failure of the bus cannot undo what was committed; it is said where an operator looks.
const report = (err: unknown) => console.error('trialpath bus:', err instanceof Error ? err.message : err);

function makeShared(config: AppConfig): Shared {
  const closing: (() => Promise<void>)[] = [];
  const { url, prefix } = config.redis;
  if (!url) {
    return {
      bus: new LocalBus(),
      redis: null,
      prefix,
      onClose: (task) => closing.push(task),
      close: async () => {
        for (const task of closing.splice(0)) await task();
      },
    };
  }
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  const subscriber = redis.duplicate();
  redis.on('error', report);
  subscriber.on('error', report);
  return {
    bus: new RedisBus(redis, subscriber, report),
    redis,
    prefix,
    onClose: (task) => closing.push(task),
    close: async () => {
      for (const task of closing.splice(0)) await task().catch(report);
      await Promise.all([subscriber.quit(), redis.quit()]).catch(report);
    },
  };
}

/** The shared part of the server whose configuration this is (made on first use). */
export function sharedOf(config: AppConfig): Shared {
  let shared = registry.get(config);
  if (!shared) {
    shared = makeShared(config);
    registry.set(config, shared);
  }
  return shared;
}

/** Closes it if it was made (the app's close). */
export async function closeShared(config: AppConfig): Promise<void> {
  const shared = registry.get(config);
  if (!shared) return;
  registry.delete(config);
  await shared.close();
}
