// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, json } from '../features/tasks/test-kit';
import { loadDraft, startRun } from '../features/tasks/drafts';
import { tasksDb } from '../features/tasks/local-db';
import { session } from './portal';
import { signOut } from './sign-out';
import { demoSession } from './test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('sign-out', () => {
  it('revokes the session on the server, removes the answers in progress, and goes to the login (decision D-139)', async () => {
    const server = fakeServer({ 'POST /api/v1/participant-auth/logout': json(200, { ok: true }) });
    vi.stubGlobal('fetch', server.fetch);
    session.set(demoSession);
    const db = await tasksDb();
    await startRun(db, demoSession.pid, 't-1', () => 'u-1');

    await signOut('DEMO');
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/v1/participant-auth/logout');
    expect(await loadDraft(db, demoSession.pid, 't-1')).toBeUndefined();
    expect(session.get()).toBeNull();
    expect(window.location.hash).toBe('#/participants/web/DEMO/login');
  });

  it("drops this browser's push subscription, so a shared device gets none of the person's notifications", async () => {
    const server = fakeServer({ 'POST /api/v1/participant-auth/logout': json(200, { ok: true }) });
    vi.stubGlobal('fetch', server.fetch);
    const unsubscribe = vi.fn(async () => true);
    const scopes: string[] = [];
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'granted' });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async (scope: string) => {
          scopes.push(scope);
          return { pushManager: { getSubscription: async () => ({ unsubscribe }) } };
        },
      },
    });
    try {
      session.set(demoSession);
      await signOut('DEMO');
      expect(unsubscribe).toHaveBeenCalledTimes(1);
      expect(scopes).toEqual([import.meta.env.BASE_URL]);
      expect(session.get()).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });
});
