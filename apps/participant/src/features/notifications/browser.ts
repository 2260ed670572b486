/** The real browser behind the push steps (push.ts): Notification, the service worker container, the Push API. */
import type { Permission, PushBrowser } from './push';

export function browserPush(): PushBrowser {
  const supported =
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window;
  return {
    supported,
    permission: () => (supported ? (Notification.permission as Permission) : 'default'),
    requestPermission: async () => (await Notification.requestPermission()) as Permission,
    async registerWorker(scriptUrl, scope) {
      // The script is always fetched afresh when the browser checks for an update (no HTTP cache in between).
      await navigator.serviceWorker.register(scriptUrl, { scope, updateViaCache: 'none' });
      // The registration of this page's scope, once its worker is active: subscribing needs an active worker.
      return navigator.serviceWorker.ready;
    },
    existingRegistration: (scope) => navigator.serviceWorker.getRegistration(scope),
  };
}
