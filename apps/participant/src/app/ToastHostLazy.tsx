import { lazy, Suspense, useEffect, useState } from 'react';

// The toast host (Mantine Notifications with its transitions) is not needed for the first paint:
// it loads right after, and toasts requested before it arrives are kept by the notifications store.
const Host = lazy(() => import('./toast-host'));

export function ToastHostLazy() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  );
}
