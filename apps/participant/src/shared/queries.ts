/**
 * The participant portal's reads and writes on the contract (decisions 0011, 0018): a small cache keyed
 * by the contract's `queryKeyOf`, with invalidation by endpoint and mutations that invalidate what they
 * change. Kept instead of TanStack Query to stay inside the 150 kB first-load budget (decision 0018).
 */
import {
  type ApiClient,
  type CallInput,
  type Endpoint,
  hashQueryKey,
  type QueryInput,
  queryKeyOf,
  type ResponseOf,
} from '@trialpath/contract';
import type { AppEnvironment } from '@trialpath/domain';
import { useEffect, useSyncExternalStore } from 'react';

export type QueryState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

const LOADING = { status: 'loading' } as const;

/**
 * The data space of the participant portal's pages: it has no test pages. A participant's own records
 * are in the space of their session (the server reads it from the token), and the cache of
 * participant reads is emptied whenever the signed-in participant changes.
 */
export const PARTICIPANT_PAGE_ENVIRONMENT: AppEnvironment = 'LIVE';

interface Entry {
  endpointId: string;
  state: QueryState<unknown>;
  run: () => Promise<unknown>;
  inflight?: Promise<void>;
}

export function createQueryCache(client: Pick<ApiClient, 'call'>, env: AppEnvironment = PARTICIPANT_PAGE_ENVIRONMENT) {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };

  /** The entry of a read, made (not loaded) on first use. */
  const entryOf = <E extends Endpoint>(endpoint: E, input: QueryInput<E> = {}): Entry => {
    const key = hashQueryKey(queryKeyOf(endpoint, input, env));
    let entry = entries.get(key);
    if (!entry) {
      entry = { endpointId: endpoint.id, state: LOADING, run: () => client.call(endpoint, input as CallInput<E>) };
      entries.set(key, entry);
    }
    return entry;
  };

  /** (Re)load an entry; its last answer stays visible meanwhile. */
  const load = (entry: Entry): Promise<void> =>
    (entry.inflight ??= entry
      .run()
      .then(
        (data) => {
          entry.state = { status: 'success', data };
        },
        (error: unknown) => {
          if (entry.state.status !== 'success') entry.state = { status: 'error', error };
        },
      )
      .finally(() => {
        entry.inflight = undefined;
        emit();
      }));

  const ofEndpoints = (endpoints: Pick<Endpoint, 'id'>[]) =>
    [...entries].filter(([, e]) => endpoints.some((x) => x.id === e.endpointId));

  return {
    /** The state of a read (loading until it has been asked for). */
    get: <E extends Endpoint>(endpoint: E, input?: QueryInput<E>) =>
      entryOf(endpoint, input).state as QueryState<ResponseOf<E>>,
    /** Start a read unless it is loaded or loading. */
    ensure<E extends Endpoint>(endpoint: E, input?: QueryInput<E>): void {
      const entry = entryOf(endpoint, input);
      if (entry.state.status === 'loading') void load(entry);
    },
    /** Read again (retry after an error). */
    reload: <E extends Endpoint>(endpoint: E, input?: QueryInput<E>) => {
      const entry = entryOf(endpoint, input);
      entry.state = LOADING;
      emit();
      return load(entry);
    },
    /** After a change: every entry of these endpoints is read again (its last answer shows meanwhile). */
    invalidate: (...endpoints: Pick<Endpoint, 'id'>[]) =>
      Promise.all(ofEndpoints(endpoints).map(([, e]) => load(e))).then(() => undefined),
    /** Forget every entry of these endpoints (another participant signs in, or nobody is signed in). */
    remove(...endpoints: Pick<Endpoint, 'id'>[]): void {
      for (const [key] of ofEndpoints(endpoints)) entries.delete(key);
      emit();
    },
    /** A write; on success the reads it changes are invalidated. */
    async mutate<E extends Endpoint>(
      endpoint: E,
      input: CallInput<E>,
      invalidates: Pick<Endpoint, 'id'>[] = [],
    ): Promise<ResponseOf<E>> {
      const out = await client.call(endpoint, input);
      void this.invalidate(...invalidates);
      return out;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type QueryCache = ReturnType<typeof createQueryCache>;

/** A read of one endpoint for a component; `input` null waits (e.g. until a session exists). */
export function useEndpointQuery<E extends Endpoint>(
  cache: QueryCache,
  endpoint: E,
  input: QueryInput<E> | null,
): QueryState<ResponseOf<E>> {
  const state = useSyncExternalStore(
    cache.subscribe,
    () => (input === null ? LOADING : cache.get(endpoint, input)),
    () => LOADING,
  );
  const key = input === null ? null : hashQueryKey(queryKeyOf(endpoint, input, PARTICIPANT_PAGE_ENVIRONMENT));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the input
  useEffect(() => {
    if (input !== null) cache.ensure(endpoint, input);
  }, [cache, endpoint, key]);
  return state as QueryState<ResponseOf<E>>;
}
