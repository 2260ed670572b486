/**
 * The portal's own IndexedDB (spec 001 "nothing is lost"): the answers in progress of each task
 * (`drafts`, keyed by participant and task) and the finished submissions waiting to reach the server
 * (`outbox`, keyed by their uuidFromMobile). Every write resolves once its transaction has committed,
 * so a caller that awaited it knows the data survives a closed tab.
 */

export const DB_NAME = 'trialpath-participant';
const DB_VERSION = 1;
export const DRAFTS = 'drafts';
export const OUTBOX = 'outbox';
export type StoreName = typeof DRAFTS | typeof OUTBOX;
export type StoreKey = string | string[];

/** The few operations the tasks code needs, each one transaction. */
export interface TasksDb {
  get<T>(store: StoreName, key: StoreKey): Promise<T | undefined>;
  all<T>(store: StoreName): Promise<T[]>;
  put<T>(store: StoreName, value: T): Promise<void>;
  delete(store: StoreName, key: StoreKey): Promise<void>;
  /**
   * Read and write one record in a single transaction: `change` gets the stored record (undefined when
   * there is none) and returns the record to store, `null` to delete it, or `undefined` to leave it.
   */
  update<T>(store: StoreName, key: StoreKey, change: (current: T | undefined) => T | null | undefined): Promise<void>;
}

const promised = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
  });

function wrap(db: IDBDatabase): TasksDb {
  const tx = (store: StoreName, mode: IDBTransactionMode) => db.transaction(store, mode);
  return {
    get: <T>(store: StoreName, key: StoreKey) =>
      promised(tx(store, 'readonly').objectStore(store).get(key)) as Promise<T | undefined>,
    all: <T>(store: StoreName) => promised(tx(store, 'readonly').objectStore(store).getAll()) as Promise<T[]>,
    put(store, value) {
      const t = tx(store, 'readwrite');
      t.objectStore(store).put(value);
      return committed(t);
    },
    delete(store, key) {
      const t = tx(store, 'readwrite');
      t.objectStore(store).delete(key);
      return committed(t);
    },
    update<T>(store: StoreName, key: StoreKey, change: (current: T | undefined) => T | null | undefined) {
      const t = tx(store, 'readwrite');
      const os = t.objectStore(store);
      const req = os.get(key);
      req.onsuccess = () => {
        const next = change(req.result as T | undefined);
        if (next === null) os.delete(key);
        else if (next !== undefined) os.put(next);
      };
      return committed(t);
    },
  };
}

/** Open (and on first use create) the database. */
export function openTasksDb(factory: IDBFactory = indexedDB, name: string = DB_NAME): Promise<TasksDb> {
  return new Promise((resolve, reject) => {
    const req = factory.open(name, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(DRAFTS)) db.createObjectStore(DRAFTS, { keyPath: ['pid', 'taskId'] });
      if (!db.objectStoreNames.contains(OUTBOX)) db.createObjectStore(OUTBOX, { keyPath: 'uuid' });
    };
    req.onsuccess = () => {
      const db = req.result;
      // Another tab upgrading later must not be blocked by this one.
      db.onversionchange = () => db.close();
      resolve(wrap(db));
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

/**
 * The same operations in memory, for a browser where IndexedDB cannot be opened (some private modes):
 * the portal still works online, and an unsent submission lasts as long as the tab.
 */
export function memoryTasksDb(): TasksDb {
  const stores: Record<StoreName, Map<string, unknown>> = { drafts: new Map(), outbox: new Map() };
  const keyOf = (store: StoreName, v: unknown) => {
    const r = v as Record<string, string>;
    return store === DRAFTS ? JSON.stringify([r.pid, r.taskId]) : String(r.uuid);
  };
  const k = (key: StoreKey) => (Array.isArray(key) ? JSON.stringify(key) : key);
  const copy = <T>(v: T): T => structuredClone(v);
  return {
    get: async (store, key) => {
      const v = stores[store].get(k(key));
      return v === undefined ? undefined : copy(v as never);
    },
    all: async (store) => [...stores[store].values()].map((v) => copy(v as never)),
    put: async (store, value) => void stores[store].set(keyOf(store, value), copy(value)),
    delete: async (store, key) => void stores[store].delete(k(key)),
    update: async (store, key, change) => {
      const next = change(stores[store].get(k(key)) as never);
      if (next === null) stores[store].delete(k(key));
      else if (next !== undefined) stores[store].set(keyOf(store, next), copy(next));
    },
  };
}
