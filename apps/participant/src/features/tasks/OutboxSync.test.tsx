// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/portal';
import { demoSession } from '../../shared/test-session';
import { OUTBOX } from './db';
import { enqueue, listOutbox, newOutboxItem } from './outbox';
import { OutboxSync } from './OutboxSync';
import { tasksDb } from './runtime';
import { fakeServer, json, networkDown, stored } from './test-kit';

const POST_RESULT = 'POST /api/v1/participant/activities/act-1/results';

function waiting(uuid: string, pid = 'p-1') {
  return newOutboxItem({
    pid,
    taskId: 't-1',
    activityId: 'act-1',
    title: { en: 'Sleep diary' },
    payload: { uuidFromMobile: uuid, studyId: 's-1' } as never,
  });
}

beforeEach(async () => {
  const db = await tasksDb();
  for (const i of await db.all<{ uuid: string }>(OUTBOX)) await db.delete(OUTBOX, i.uuid);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.clear();
});

describe('the outbox is flushed', () => {
  it('when the portal starts signed in: the waiting result is sent and leaves the outbox', async () => {
    const server = fakeServer({ [POST_RESULT]: json(200, stored) });
    vi.stubGlobal('fetch', server.fetch);
    await enqueue(await tasksDb(), waiting('u-1'));
    session.set(demoSession);
    render(<OutboxSync />);
    await waitFor(async () => expect(await listOutbox(await tasksDb(), 'p-1')).toEqual([]));
    expect(server.posts().map((c) => (c.body as { uuidFromMobile: string }).uuidFromMobile)).toEqual(['u-1']);
  });

  it("when the connection returns; until then (network errors) it is kept, and another participant's results are not sent", async () => {
    const server = fakeServer({ [POST_RESULT]: [networkDown, json(200, { ...stored, status: 'duplicate' })] });
    vi.stubGlobal('fetch', server.fetch);
    const db = await tasksDb();
    await enqueue(db, waiting('u-1'));
    await enqueue(db, waiting('u-other', 'p-2'));
    session.set(demoSession);
    render(<OutboxSync />);
    await waitFor(() => expect(server.posts()).toHaveLength(1));
    await waitFor(async () => expect((await listOutbox(db, 'p-1'))[0]?.attempts).toBe(1));
    expect((await listOutbox(db, 'p-1')).map((i) => i.state)).toEqual(['pending']);

    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await listOutbox(db, 'p-1')).toEqual([]));
    expect(server.posts().map((c) => (c.body as { uuidFromMobile: string }).uuidFromMobile)).toEqual(['u-1', 'u-1']);
    expect((await listOutbox(db, 'p-2')).map((i) => i.uuid)).toEqual(['u-other']);
  });

  it('not while signed out, nor while the browser is offline', async () => {
    const server = fakeServer({ [POST_RESULT]: json(200, stored) });
    vi.stubGlobal('fetch', server.fetch);
    await enqueue(await tasksDb(), waiting('u-1'));
    const { unmount } = render(<OutboxSync />);
    window.dispatchEvent(new Event('online'));
    unmount();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    session.set(demoSession);
    render(<OutboxSync />);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.posts()).toEqual([]);
    expect((await listOutbox(await tasksDb(), 'p-1')).map((i) => i.uuid)).toEqual(['u-1']);
  });
});
