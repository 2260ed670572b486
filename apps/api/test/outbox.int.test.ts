/**
 * Outbox delivery (decision 0006) against real peers: an SMTP server (smtp-server, mail parsed with
 * mailparser) and an HTTP SMS gateway on loopback. Messages are claimed, sent, recorded and audited;
 * a refused one is retried later and finally marked failed; concurrent senders never send twice.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { forgotPassword, listMailbox } from '@trialpath/contract';
import { DEFAULT_SMS_NUMBER } from '@trialpath/domain';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deliverDue, MAX_DELIVERY_ATTEMPTS, retryDelayMs, startOutboxWorker } from '../src/modules/outbox/outbox.job';
import { smsWebhookSender, smtpSender } from '../src/modules/outbox/outbox.senders';
import { queueRendered } from '../src/modules/outbox/outbox.service';
import { auditActions, call, createIsolatedTestApp, createTestApp, latestOutbox, type TestApp } from './helpers';

interface Received {
  from: string;
  to: string[];
  mail: ParsedMail;
}
const received: Received[] = [];
/** Recipients the SMTP server answers 550 for. */
const refused = new Set<string>();
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  onAuth(auth, _session, done) {
    if (auth.username === 'mailer' && auth.password === 's3cret') done(null, { user: 'mailer' });
    else done(new Error('Invalid username or password'));
  },
  onRcptTo(address, _session, done) {
    if (refused.has(address.address)) done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    else done();
  },
  onData(stream, session, done) {
    simpleParser(stream).then((mail) => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        mail,
      });
      done();
    }, done);
  },
  logger: false,
});

const sms: { body: unknown; authorization: string | undefined }[] = [];
let smsStatus = 200;
const gateway: Server = createServer((req, res) => {
  let text = '';
  req.on('data', (c) => {
    text += c;
  });
  req.on('end', () => {
    sms.push({ body: JSON.parse(text), authorization: req.headers.authorization });
    res.writeHead(smsStatus).end();
  });
});

let t: TestApp;
let smtpUrl = '';
let smsUrl = '';
const FROM = 'Trialpath <no-reply@trialpath.example>';
beforeAll(async () => {
  t = await createTestApp();
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  smtpUrl = `smtp://mailer:s3cret@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  smsUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
  // The seed's invitation is due: sent here, so each test starts with nothing due.
  expect(await deliverDue(t.platform, { email: smtpSender(smtpUrl, FROM) })).toMatchObject({ sent: 1 });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
  await new Promise<void>((r) => gateway.close(() => r()));
});

const outboxRow = (id: string) => t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const later = (ms: number) => () => new Date(Date.now() + ms);

describe('retry delays', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [9, 7_680_000],
    [12, 21_600_000],
  ])('after %i refused attempts the next comes %i ms later', (attempts, ms) => {
    expect(retryDelayMs(attempts)).toBe(ms);
  });
});

describe('e-mail over SMTP', () => {
  it('sends a queued reset e-mail with authentication, records and audits it', async () => {
    expect((await call(t.app, forgotPassword, { body: { username: 'pi.demo' } })).status).toBe(200);
    const queued = await latestOutbox(t.db, 'pi.demo@trialpath.example');
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, sent_at: null });

    const report = await deliverDue(t.platform, { email: smtpSender(smtpUrl, FROM) });
    expect(report).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const got = received.find((r) => r.to.includes('pi.demo@trialpath.example'))!;
    expect(got.from).toBe('no-reply@trialpath.example');
    expect(got.mail.subject).toBe(queued.subject);
    expect(got.mail.text?.trim()).toBe(queued.body.trim());
    expect(got.mail.text).toMatch(/#\/reset-password\/[A-Za-z0-9_-]+/);

    const row = await outboxRow(queued.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(await auditActions(t.db, queued.id)).toEqual(['outbox.sent']);
    const listed = await call(t.app, listMailbox, { query: { recipient: 'pi.demo@trialpath.example' } });
    expect(listed.json.items[0]).toMatchObject({ id: queued.id, status: 'sent', attempts: 1, lastError: null });
    expect(listed.json.items[0].sentAt).toBe(row.sent_at!.toISOString());
    // nothing is sent twice
    const before = received.length;
    expect(await deliverDue(t.platform, { email: smtpSender(smtpUrl, FROM) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(received.length).toBe(before);
  });

  it('keeps a refused message, retries it when due, and sends it once the server accepts', async () => {
    refused.add('late@trialpath.example');
    await queueRendered.email(t, { to: 'late@trialpath.example', subject: 'Hello', body: 'Body text' });
    const id = (await latestOutbox(t.db, 'late@trialpath.example')).id;
    const send = { email: smtpSender(smtpUrl, FROM) };

    expect(await deliverDue(t.platform, send)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const kept = await outboxRow(id);
    expect(kept).toMatchObject({ status: 'pending', attempts: 1 });
    expect(kept.last_error).toMatch(/550|Mailbox unavailable/);
    const wait = kept.next_attempt_at.getTime() - Date.now();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    // not due yet: left alone
    expect(await deliverDue(t.platform, send)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    refused.delete('late@trialpath.example');
    expect(await deliverDue(t.platform, send, { now: later(31_000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(await auditActions(t.db, id)).toEqual(['outbox.retry', 'outbox.sent']);
  });

  it("a message stamped within the worker's current millisecond is due (the database counts microseconds)", async () => {
    await queueRendered.email(t, { to: 'same-ms@trialpath.example', subject: 'Hello', body: 'Body' });
    const id = (await latestOutbox(t.db, 'same-ms@trialpath.example')).id;
    const workerMs = new Date(Date.now() + 60_000);
    workerMs.setMilliseconds(123);
    await sql`update outbox set next_attempt_at = ${workerMs.toISOString()}::timestamptz + interval '456 microseconds' where id = ${id}`.execute(
      t.db,
    );
    const send = { email: smtpSender(smtpUrl, FROM) };
    expect(await deliverDue(t.platform, send, { now: () => new Date(workerMs) })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
  });

  it('refuses wrong credentials like any refusal: the message stays queued', async () => {
    await queueRendered.email(t, { to: 'creds@trialpath.example', subject: 'Hello', body: 'Body' });
    const id = (await latestOutbox(t.db, 'creds@trialpath.example')).id;
    const wrong = smtpUrl.replace('s3cret', 'wrong');
    expect(await deliverDue(t.platform, { email: smtpSender(wrong, FROM) })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    expect((await outboxRow(id)).last_error).toMatch(/Invalid username or password|535/);
    expect(await deliverDue(t.platform, { email: smtpSender(smtpUrl, FROM) }, { now: later(31_000) })).toMatchObject({
      sent: 1,
    });
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} refused attempts`, async () => {
    refused.add('gone@trialpath.example');
    await queueRendered.email(t, { to: 'gone@trialpath.example', subject: 'Hello', body: 'Body' });
    const id = (await latestOutbox(t.db, 'gone@trialpath.example')).id;
    const send = { email: smtpSender(smtpUrl, FROM) };
    let clock = 0;
    for (let i = 1; i <= MAX_DELIVERY_ATTEMPTS; i++) {
      await deliverDue(t.platform, send, { now: later(clock) });
      clock += retryDelayMs(i) + 1000;
    }
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    const actions = await auditActions(t.db, id);
    expect(actions.at(-1)).toBe('outbox.failed');
    expect(actions.filter((a) => a === 'outbox.retry')).toHaveLength(MAX_DELIVERY_ATTEMPTS - 1);
    expect(await deliverDue(t.platform, send, { now: later(clock * 2) })).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });

  it('two senders at once deliver each message exactly once', async () => {
    // Its own database with the real pool: the two senders must really claim at the same time.
    const own = await createIsolatedTestApp();
    try {
      const to = Array.from({ length: 6 }, (_, i) => `batch${i}@trialpath.example`);
      for (const r of to) await queueRendered.email(own, { to: r, subject: 'Batch', body: `for ${r}` });
      const send = { email: smtpSender(smtpUrl, FROM) };
      const [a, b] = await Promise.all([deliverDue(own.platform, send), deliverDue(own.platform, send)]);
      expect(a.sent + b.sent).toBe(7); // with the seed's invitation
      for (const r of to) expect(received.filter((m) => m.to.includes(r))).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('the worker drains the outbox in the background and stops cleanly', async () => {
    await queueRendered.email(t, { to: 'worker@trialpath.example', subject: 'Worker', body: 'Body' });
    const log = { warn: vi.fn(), error: vi.fn() };
    const worker = startOutboxWorker(t.platform, { email: smtpSender(smtpUrl, FROM) }, 20, log);
    await vi.waitFor(() => expect(received.some((m) => m.to.includes('worker@trialpath.example'))).toBe(true), {
      timeout: 5000,
    });
    await worker.stop();
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe('SMS through the HTTP gateway', () => {
  it('posts the message with the bearer token; a gateway error keeps it for a retry', async () => {
    await queueRendered.sms(t, { to: '+15550100001', body: 'Your code is 123456' });
    const id = (await latestOutbox(t.db, '+15550100001')).id;
    const send = { sms: smsWebhookSender(smsUrl, 'gateway-token') };

    smsStatus = 503;
    expect(await deliverDue(t.platform, send)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect((await outboxRow(id)).last_error).toBe('SMS gateway answered 503 Service Unavailable');

    smsStatus = 202;
    expect(await deliverDue(t.platform, send, { now: later(31_000) })).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(sms.at(-1)).toEqual({
      body: { from: DEFAULT_SMS_NUMBER, to: '+15550100001', body: 'Your code is 123456' },
      authorization: 'Bearer gateway-token',
    });
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a channel without a sender stays queued', async () => {
    await queueRendered.sms(t, { to: '+15550100002', body: 'Kept' });
    const id = (await latestOutbox(t.db, '+15550100002')).id;
    await deliverDue(t.platform, { email: smtpSender(smtpUrl, FROM) });
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
  });
});
