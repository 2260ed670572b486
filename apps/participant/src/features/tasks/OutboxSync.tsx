import { useEffect } from 'react';
import { useSession } from '../../shared/hooks';

/**
 * Sends the signed-in participant's waiting results when the portal starts (or they sign in) and
 * whenever the connection returns. Only this trigger is in the first load; the outbox code comes on demand.
 */
export function OutboxSync() {
  const pid = useSession()?.pid ?? null;
  useEffect(() => {
    if (!pid) return;
    const flush = () => {
      if (!navigator.onLine) return;
      import('./runtime').then((m) => m.flushNow()).catch(() => undefined);
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [pid]);
  return null;
}
