/**
 * The push service worker as served (apps/participant/public/push-worker.js, decision D-092), run against a
 * stand-in of the worker's global scope: what a push shows, where a click leads.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCE = readFileSync(new URL('../../../public/push-worker.js', import.meta.url), 'utf8');
const SCOPE = 'https://portal.example/participant/';

interface Window {
  url: string;
  focused: boolean;
  navigatedTo: string | null;
  focus(): Promise<Window>;
  navigate(url: string): Promise<Window>;
}

function windowAt(url: string, options: { controlled?: boolean } = {}): Window {
  const w: Window = {
    url,
    focused: false,
    navigatedTo: null,
    focus: async () => {
      w.focused = true;
      return w;
    },
    navigate: async (to) => {
      if (options.controlled === false) throw new TypeError('not controlled');
      w.navigatedTo = to;
      return w;
    },
  };
  return w;
}

/** Loads the worker into a fake global scope; returns its listeners and what it did. */
function worker(windows: Window[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  let claimed = false;
  let skipped = false;
  const self = {
    registration: {
      scope: SCOPE,
      showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }),
    },
    clients: {
      claim: async () => {
        claimed = true;
      },
      matchAll: async (o: unknown) => {
        expect(o).toEqual({ type: 'window', includeUncontrolled: true });
        return windows;
      },
      openWindow: async (url: string) => void opened.push(url),
    },
    skipWaiting: () => {
      skipped = true;
    },
    addEventListener: (type: string, fn: (event: unknown) => void) => void listeners.set(type, fn),
  };
  new Function('self', SOURCE)(self);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  const push = (data: unknown) =>
    dispatch('push', {
      data:
        data === null
          ? null
          : {
              json: () => (typeof data === 'string' ? JSON.parse(data) : data),
              text: () => (typeof data === 'string' ? data : JSON.stringify(data)),
            },
    });
  const click = (url: unknown) => {
    let closed = false;
    return dispatch('notificationclick', {
      notification: {
        data: { url },
        close: () => {
          closed = true;
        },
      },
    }).then(() => closed);
  };
  return { listeners, shown, opened, push, click, dispatch, state: () => ({ claimed, skipped }) };
}

describe('the push service worker', () => {
  it('takes over at once: installs without waiting and claims the open portal pages', async () => {
    const w = worker();
    w.listeners.get('install')!({});
    await w.dispatch('activate', {});
    expect(w.state()).toEqual({ claimed: true, skipped: true });
    // It never handles the portal's requests.
    expect(w.listeners.has('fetch')).toBe(false);
  });

  it('shows the notification a push carries, its address resolved inside the portal', async () => {
    const w = worker();
    await w.push({
      title: 'Test notification',
      body: 'Notifications from DEMO are working on this device.',
      url: '#/participants/web/DEMO/notifications',
      tag: 'trialpath-test',
    });
    expect(w.shown).toEqual([
      {
        title: 'Test notification',
        options: {
          body: 'Notifications from DEMO are working on this device.',
          tag: 'trialpath-test',
          data: { url: `${SCOPE}#/participants/web/DEMO/notifications` },
        },
      },
    ]);
  });

  it('a push without a payload, or with plain text, still shows something sensible', async () => {
    const w = worker();
    await w.push(null);
    await w.push('Reminder: your diary is due');
    expect(w.shown.map((n) => [n.title, n.options.body, (n.options.data as { url: string }).url])).toEqual([
      ['Trialpath', '', SCOPE],
      ['Trialpath', 'Reminder: your diary is due', SCOPE],
    ]);
  });

  it('never leads outside the portal: another site’s address becomes the portal’s', async () => {
    const w = worker();
    await w.push({ title: 'x', url: 'https://evil.example/phish' });
    await w.push({ title: 'y', url: '/staff/#/studies' });
    expect(w.shown.map((n) => (n.options.data as { url: string }).url)).toEqual([SCOPE, SCOPE]);
  });

  it('a click focuses an open portal window and moves it to the notification’s address', async () => {
    const other = windowAt('https://portal.example/#/studies');
    const portal = windowAt(`${SCOPE}#/participants/web/DEMO/home`);
    const w = worker([other, portal]);
    const target = `${SCOPE}#/participants/web/DEMO/notifications`;
    expect(await w.click(target)).toBe(true);
    expect(portal).toMatchObject({ focused: true, navigatedTo: target });
    expect(other.focused).toBe(false);
    expect(w.opened).toEqual([]);
  });

  it('a portal window the worker does not control is focused all the same', async () => {
    const portal = windowAt(`${SCOPE}#/participants/web/DEMO/home`, { controlled: false });
    const w = worker([portal]);
    await w.click(`${SCOPE}#/participants/web/DEMO/notifications`);
    expect(portal).toMatchObject({ focused: true, navigatedTo: null });
  });

  it('with no portal window open, a click opens the portal at the address (never outside it)', async () => {
    const w = worker([windowAt('https://portal.example/#/studies')]);
    await w.click(`${SCOPE}#/participants/web/DEMO/home`);
    await w.click('https://evil.example/');
    expect(w.opened).toEqual([`${SCOPE}#/participants/web/DEMO/home`, SCOPE]);
  });
});
