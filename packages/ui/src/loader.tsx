import { Loader, Overlay, Progress } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';

export type ProgressState = 'idle' | 'running' | 'done' | 'failed';

export interface LoaderSnapshot {
  /** Calls in flight that show the loader. */
  pending: number;
  progress: ProgressState;
}

/**
 * Loader / progress-bar state shared by every API call (spec 000 §7.1, §8.1): `start` when a
 * call begins, `end(failed)` when it ends. The bar finishes green, or red when the call failed.
 */
export function createLoaderStore() {
  let snapshot: LoaderSnapshot = { pending: 0, progress: 'idle' };
  let failedInBatch = false;
  const listeners = new Set<() => void>();
  const emit = (next: LoaderSnapshot) => {
    snapshot = next;
    for (const l of listeners) l();
  };
  return {
    start() {
      if (snapshot.pending === 0) failedInBatch = false;
      emit({ pending: snapshot.pending + 1, progress: 'running' });
    },
    end(failed = false) {
      if (failed) failedInBatch = true;
      const pending = Math.max(0, snapshot.pending - 1);
      emit({ pending, progress: pending > 0 ? 'running' : failedInBatch ? 'failed' : 'done' });
    },
    reset() {
      failedInBatch = false;
      emit({ pending: 0, progress: 'idle' });
    },
    getSnapshot(): LoaderSnapshot {
      return snapshot;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type LoaderStore = ReturnType<typeof createLoaderStore>;

function useLoaderState(store: LoaderStore): LoaderSnapshot {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** Thin bar at the top of the page while calls are in flight. */
export function ProgressBar({ store, label = 'Loading' }: { store: LoaderStore; label?: string }) {
  const { progress } = useLoaderState(store);
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (progress === 'running') {
      setVisible(true);
      setValue(30);
      const t = setInterval(() => setValue((v) => (v < 90 ? v + (90 - v) / 6 : v)), 250);
      return () => clearInterval(t);
    }
    if (progress === 'done' || progress === 'failed') {
      setValue(100);
      const t = setTimeout(() => setVisible(false), 400);
      return () => clearTimeout(t);
    }
    setVisible(false);
    return undefined;
  }, [progress]);
  if (!visible) return null;
  return (
    <Progress
      value={value}
      size={3}
      radius={0}
      color={progress === 'failed' ? 'red' : 'teal'}
      aria-label={label}
      style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 3000 }}
      transitionDuration={200}
    />
  );
}

/** Overlay spinner shown when calls take longer than `delayMs` (avoids flicker on fast calls). */
export function AppLoader({
  store,
  delayMs = 400,
  label = 'Loading',
}: {
  store: LoaderStore;
  delayMs?: number;
  label?: string;
}) {
  const { pending } = useLoaderState(store);
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (pending === 0) {
      setShow(false);
      return undefined;
    }
    const t = setTimeout(() => setShow(true), delayMs);
    return () => clearTimeout(t);
  }, [pending, delayMs]);
  if (!show) return null;
  return (
    <Overlay fixed backgroundOpacity={0.15} zIndex={2500} center>
      <div role="status" aria-live="polite">
        <Loader size="lg" role="img" aria-label={label} />
      </div>
    </Overlay>
  );
}
