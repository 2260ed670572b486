import { useIdleTimeout } from '@trialpath/ui';
import { type ComponentType, lazy, type ReactElement, Suspense, useEffect, useState } from 'react';
import { clearSession } from '../shared/api';
import { session, useSignedIn } from '../shared/session';
import { STAFF_STORAGE_KEYS, storage } from '../shared/storage';

/** Without the dialog's chunk (offline), the expired session ends at once rather than silently staying. */
function EndAtOnce({ onOk }: { onOk: () => void }): ReactElement | null {
  useEffect(onOk, [onOk]);
  return null;
}

// The dialog is not part of the first load: it is needed only once a session expires on an open page.
const SessionExpiredDialog = lazy<ComponentType<{ onOk: () => void }>>(() =>
  import('./SessionExpiredDialog').then(
    (m) => ({ default: m.SessionExpiredDialog }),
    () => ({ default: EndAtOnce }),
  ),
);

/** Idle timeout of the signed-in session (000 §9) with the session-expiry message (000 §8.2). */
export function IdleWatcher() {
  const signedIn = useSignedIn();
  const [expired, setExpired] = useState(false);

  useIdleTimeout({
    enabled: signedIn && !expired,
    sharedKey: STAFF_STORAGE_KEYS.lastActivity,
    readLastActivity: () => storage.getLastActivity(),
    writeLastActivity: (ms) => storage.setLastActivity(ms),
    isPaused: () => session.isTelehealthCallActive(),
    onExpire: (reason) => {
      // 000 §9: a page opened after the limit logs out at once; expiry while open asks to confirm first.
      if (reason === 'load') clearSession();
      else setExpired(true);
    },
  });

  const ok = () => {
    setExpired(false);
    clearSession();
  };

  if (!expired) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog onOk={ok} />
    </Suspense>
  );
}
