/**
 * The outbox worker talks to the mail server with no transaction open (claim, commit, send, record):
 * on the embedded database, whose single connection every request shares, the API keeps answering
 * while a message is on its way — including a read of the very message being sent.
 */
import { getClient, listMailbox } from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../src/modules/outbox/outbox.job';
import { queueRendered } from '../src/modules/outbox/outbox.service';
import { call, createIsolatedTestApp, type TestApp } from './helpers';

let t: TestApp;
// Its own database with the real embedded dialect (or pool): the test is about the connection itself.
beforeAll(async () => {
  t = await createIsolatedTestApp({ demoMode: true });
});
afterAll(() => t?.close());

/** Fails instead of hanging when the database is held (the old worker deadlocked here on PGlite). */
function withinSeconds<T>(seconds: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error('the database was held during the send')), seconds * 1000),
    ),
  ]);
}

describe('sending holds no database connection', () => {
  it('requests are answered while the mail server is being talked to', async () => {
    await queueRendered.email(t, { to: 'slow-peer@trialpath.example', subject: 'Hello', body: 'Body' });
    const seenDuringSend: unknown[] = [];
    const report = await deliverDue(t.platform, {
      email: async (message) => {
        if (message.recipient !== 'slow-peer@trialpath.example') return; // the demo invitation, also pending
        // The peer is "talking": meanwhile the API serves requests that need the database.
        const client = await withinSeconds(5, call(t.app, getClient));
        const mailbox = await withinSeconds(5, call(t.app, listMailbox, { query: { recipient: message.recipient } }));
        seenDuringSend.push(client.status, mailbox.json.items[0].status, mailbox.json.items[0].attempts);
      },
    });
    expect(report).toMatchObject({ retrying: 0, failed: 0 });
    // While sending, the message was claimed (one attempt counted) and still pending; then recorded as sent.
    expect(seenDuringSend).toEqual([200, 'pending', 1]);
    const after = await call(t.app, listMailbox, { query: { recipient: 'slow-peer@trialpath.example' } });
    expect(after.json.items[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
