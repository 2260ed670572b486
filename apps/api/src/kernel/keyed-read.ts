/**
 * Reads by key that many requests make at the same moment, as one statement (decision B-group-commit). The
 * guard reads a participant and a session on every request; under load, ten requests asking at once cost ten
 * statements, ten round trips and ten wake-ups of the event loop. A keyed read runs at most one statement at a
 * time per database: the keys asked for while it runs wait and are read together by the next one. A key is never
 * answered by a statement that started before it was asked, so a read sees every write committed before it.
 */
import { isUuid } from '@trialpath/domain';
import type { Db } from '../db/database';

export interface KeyedRead<K, V> {
  /** The rows of these keys (a key without a row is absent from the map). */
  load(db: Db, keys: readonly K[]): Promise<ReadonlyMap<K, V>>;
}

/** The keys that can be uuids: one malformed key must not fail the statement of the others. */
export const uuidsOnly = (keys: readonly string[]) => keys.filter(isUuid);

interface Waiter<V> {
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

class KeyedReader<K, V> {
  private waiting = new Map<K, Waiter<V>[]>();
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly read: KeyedRead<K, V>,
  ) {}

  get(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (!this.running) {
        this.running = true;
        // the keys asked for in this turn of the event loop go in the same statement
        queueMicrotask(() => void this.run());
      }
    });
  }

  private async run(): Promise<void> {
    while (this.waiting.size > 0) {
      const batch = this.waiting;
      this.waiting = new Map();
      try {
        const rows = await this.read.load(this.db, [...batch.keys()]);
        for (const [key, waiters] of batch) for (const w of waiters) w.resolve(rows.get(key));
      } catch (error) {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      }
    }
    this.running = false;
  }
}

// one reader per database handle (a transaction has its own) and per kind of read
const readers = new WeakMap<Db, Map<KeyedRead<unknown, unknown>, KeyedReader<unknown, unknown>>>();

/** The row of one key, read together with the keys other requests ask for at the same moment. */
export function readByKey<K, V>(db: Db, read: KeyedRead<K, V>, key: K): Promise<V | undefined> {
  let ofDb = readers.get(db);
  if (!ofDb) {
    ofDb = new Map();
    readers.set(db, ofDb);
  }
  let reader = ofDb.get(read as KeyedRead<unknown, unknown>) as KeyedReader<K, V> | undefined;
  if (!reader) {
    reader = new KeyedReader(db, read);
    ofDb.set(read as KeyedRead<unknown, unknown>, reader as KeyedReader<unknown, unknown>);
  }
  return reader.get(key);
}
