import { useEffect } from 'react';
import { notify } from './toast';

/**
 * Toasts when the browser goes offline and when it comes back (spec 000 §8.2). The portal passes
 * its own two texts (staff and participant texts differ).
 */
export function OfflineNotifier({ offlineText, onlineText }: { offlineText: string; onlineText: string }) {
  useEffect(() => {
    const off = () => notify(offlineText, { kind: 'warning' });
    const on = () => notify(onlineText, { kind: 'success' });
    window.addEventListener('offline', off);
    window.addEventListener('online', on);
    return () => {
      window.removeEventListener('offline', off);
      window.removeEventListener('online', on);
    };
  }, [offlineText, onlineText]);
  return null;
}
