/**
 * A tiny keyed cache of asynchronous reads (the study's public facts, the profile) with a hook.
 * Kept here instead of a query library to stay inside the first-load budget (decision 0011).
 */
import { useEffect, useSyncExternalStore } from 'react';

export type ResourceState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

const LOADING = { status: 'loading' } as const;

export function createResource<T>(fetcher: (key: string) => Promise<T>) {
  const states = new Map<string, ResourceState<T>>();
  const inflight = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of listeners) l();
  };
  const load = (key: string): Promise<void> => {
    const running = inflight.get(key);
    if (running) return running;
    if (states.get(key)?.status !== 'success') {
      states.set(key, LOADING);
    }
    const p = fetcher(key)
      .then(
        (data) => void states.set(key, { status: 'success', data }),
        (error: unknown) => void states.set(key, { status: 'error', error }),
      )
      .finally(() => {
        inflight.delete(key);
        emit();
      });
    inflight.set(key, p);
    return p;
  };
  return {
    get(key: string): ResourceState<T> {
      return states.get(key) ?? LOADING;
    },
    /** Start loading unless loaded or loading. */
    ensure(key: string): void {
      const s = states.get(key);
      if (!s || (s.status === 'loading' && !inflight.has(key))) void load(key);
    },
    /** Load again (retry after an error, or after a change). */
    reload(key: string): Promise<void> {
      return load(key);
    },
    /** Forget a key (e.g. the profile after sign-out). */
    forget(key?: string): void {
      if (key === undefined) states.clear();
      else states.delete(key);
      emit();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type Resource<T> = ReturnType<typeof createResource<T>>;

export function useResource<T>(resource: Resource<T>, key: string | null): ResourceState<T> {
  const state = useSyncExternalStore(
    resource.subscribe,
    () => (key === null ? LOADING : resource.get(key)),
    () => LOADING,
  );
  useEffect(() => {
    if (key !== null) resource.ensure(key);
  }, [resource, key]);
  return state;
}
