import { useEffect, useState, useSyncExternalStore } from 'react';
import { listOutbox, type OutboxItem, onOutboxChange } from './outbox';
import { tasksDb } from './local-db';

/** The participant's results on this device that wait to be sent or were refused (null while reading). */
export function useOutbox(pid: string | null): OutboxItem[] | null {
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  useEffect(() => {
    if (!pid) return;
    let live = true;
    const read = () =>
      tasksDb()
        .then((db) => listOutbox(db, pid))
        .then(
          (list) => live && setItems(list),
          () => live && setItems([]),
        );
    void read();
    const off = onOutboxChange(() => void read());
    return () => {
      live = false;
      off();
    };
  }, [pid]);
  return items;
}

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (re-renders when that changes). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
