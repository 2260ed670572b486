/*
 * Trialpath participant portal: the push service worker (decision D-092; 001 §2, D-091).
 *
 * Served as a static file of the portal at its root — /participant/push-worker.js when the API serves the
 * built portal — and registered there by the notification screen with scope /participant/: the participants
 * web area, whose screens are the hash routes #/participants/web/… of the one page /participant/.
 *
 * It shows the notification a push carries ({ title, body, url, tag }, encrypted end to end by the server) and,
 * on a click, focuses an open portal window (moving it to the notification's address) or opens one. It has no
 * fetch handler: it never sees or caches the portal's requests.
 */

const FALLBACK_TITLE = 'Trialpath';

/** An address inside the portal (the worker's scope); anything else falls back to the portal itself. */
function portalUrl(url) {
  const scope = self.registration.scope;
  try {
    const target = new URL(typeof url === 'string' ? url : '', scope);
    return target.href.startsWith(scope) ? target.href : scope;
  } catch {
    return scope;
  }
}

/** The notification of a push message: its JSON payload, or its text as the body. */
function notificationOf(data) {
  let payload = {};
  if (data) {
    try {
      payload = data.json() || {};
    } catch {
      payload = { body: data.text() };
    }
  }
  const text = (v) => (typeof v === 'string' ? v : '');
  return {
    title: text(payload.title) || FALLBACK_TITLE,
    options: {
      body: text(payload.body),
      tag: text(payload.tag) || undefined,
      data: { url: portalUrl(payload.url) },
    },
  };
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // The open portal pages are the worker's at once (no reload needed).
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = portalUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => w.url.startsWith(self.registration.scope));
      if (!open) {
        await self.clients.openWindow(url);
        return;
      }
      const focused = await open.focus();
      if (focused.url !== url && typeof focused.navigate === 'function') {
        try {
          await focused.navigate(url);
        } catch {
          // A window the worker does not control cannot be moved; it is focused all the same.
        }
      }
    })(),
  );
});
