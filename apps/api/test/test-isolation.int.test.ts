/**
 * The test harness itself (decision 0017): each test starts from the template's data whatever ran
 * before it; the app's transactions still commit and roll back as in production; a statement that
 * fails on its own does not spoil the test; `now()` moves on between requests as it does in
 * production; an isolated app has a database of its own with real concurrency.
 * The tests of this file run in order on purpose: the second one looks for the first one's leftovers.
 */
import { listMailbox } from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSystemContext } from '../src/kernel/context';
import { queueRendered } from '../src/modules/outbox/outbox.service';
import { auditActions, call, createIsolatedTestApp, createTestApp, idOf, type TestApp } from './helpers';

let t: TestApp;
let demoStudy: string;
beforeAll(async () => {
  t = await createTestApp();
  // Written before the tests: kept for the whole file.
  demoStudy = await idOf(t.db, 'studies', { code: 'DEMO' });
  await queueRendered.email(t, { to: 'file-level@trialpath.example', subject: 's', body: 'b' });
});
afterAll(() => t?.close());

const outboxTo = async (db: TestApp['db'], to: string) =>
  (await db.selectFrom('outbox').select('id').where('recipient', '=', to).execute()).length;

describe('rolled back after each test', () => {
  it('a test writes through the app and directly', async () => {
    await withSystemContext(t.platform, 'outbox', async (ctx) => {
      await queueRendered.email(ctx, { to: 'leftover@trialpath.example', subject: 's', body: 'b' });
      ctx.audit({ action: 'outbox.retry', entityType: 'outbox', entityId: 'leftover' });
    });
    await t.db.updateTable('studies').set({ name: 'Renamed by a test' }).where('id', '=', demoStudy).execute();
    expect(await outboxTo(t.db, 'leftover@trialpath.example')).toBe(1);
  });

  it('the next test finds none of it; what beforeAll wrote is still there', async () => {
    expect(await outboxTo(t.db, 'leftover@trialpath.example')).toBe(0);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity_id', '=', 'leftover').execute()).toEqual([]);
    const study = await t.db.selectFrom('studies').select('name').where('id', '=', demoStudy).executeTakeFirstOrThrow();
    expect(study.name).not.toBe('Renamed by a test');
    expect(await outboxTo(t.db, 'file-level@trialpath.example')).toBe(1);
    // The template: the demo seed's audit entry and nothing else.
    expect(await auditActions(t.db)).toEqual(['demo.seed']);
  });
});

describe('the app inside the test transaction', () => {
  it("an app transaction that fails is rolled back alone; the test's earlier writes stay", async () => {
    await queueRendered.email(t, { to: 'kept@trialpath.example', subject: 's', body: 'b' });
    await expect(
      withSystemContext(t.platform, 'outbox', async (ctx) => {
        await queueRendered.email(ctx, { to: 'undone@trialpath.example', subject: 's', body: 'b' });
        throw new Error('peer gone');
      }),
    ).rejects.toThrow('peer gone');
    expect(await outboxTo(t.db, 'undone@trialpath.example')).toBe(0);
    expect(await outboxTo(t.db, 'kept@trialpath.example')).toBe(1);
  });

  it('a statement refused on its own does not abort the test transaction', async () => {
    await expect(sql`update audit_log set action = 'x'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`select 'not a uuid'::uuid`.execute(t.db)).rejects.toThrow();
    expect((await call(t.app, listMailbox)).status).toBe(200);
  });

  it('now() is each transaction’s own start, as in production: later requests get later timestamps', async () => {
    for (const to of ['first@trialpath.example', 'second@trialpath.example']) {
      await withSystemContext(t.platform, 'outbox', (ctx) => queueRendered.email(ctx, { to, subject: 's', body: 'b' }));
    }
    const mailbox = await call(t.app, listMailbox);
    const recipients = mailbox.json.items.map((m: { recipient: string }) => m.recipient);
    expect(recipients.slice(0, 2)).toEqual(['second@trialpath.example', 'first@trialpath.example']);
    // Within one transaction, now() stands still (two rows, one timestamp), as in production.
    await withSystemContext(t.platform, 'outbox', async (ctx) => {
      await queueRendered.email(ctx, { to: 'same-a@trialpath.example', subject: 's', body: 'b' });
      await queueRendered.email(ctx, { to: 'same-b@trialpath.example', subject: 's', body: 'b' });
    });
    const rows = await t.db
      .selectFrom('outbox')
      .select(['recipient', 'created_at'])
      .where('recipient', 'in', ['first@trialpath.example', 'same-a@trialpath.example', 'same-b@trialpath.example'])
      .orderBy('recipient')
      .execute();
    expect(rows.map((r) => r.recipient)).toEqual([
      'first@trialpath.example',
      'same-a@trialpath.example',
      'same-b@trialpath.example',
    ]);
    expect(rows[1]!.created_at.getTime()).toBe(rows[2]!.created_at.getTime());
    expect(rows[1]!.created_at.getTime()).toBeGreaterThan(rows[0]!.created_at.getTime());
  });
});

describe('an isolated test app', () => {
  it('has a database of its own: its commits are not seen by the shared one, and it sees none of the file’s', async () => {
    const own = await createIsolatedTestApp();
    try {
      await queueRendered.email(own, { to: 'isolated@trialpath.example', subject: 's', body: 'b' });
      expect(await outboxTo(own.db, 'isolated@trialpath.example')).toBe(1);
      expect(await outboxTo(own.db, 'file-level@trialpath.example')).toBe(0);
      expect(await outboxTo(t.db, 'isolated@trialpath.example')).toBe(0);
      if (own.kind === 'postgres') {
        // Real concurrency: two sessions at once (the shared database has one).
        const sessions = await Promise.all(
          [1, 2].map(() =>
            own.db.transaction().execute(async (trx) => {
              const r = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(trx);
              return r.rows[0]!.pid;
            }),
          ),
        );
        expect(new Set(sessions).size).toBe(2);
      }
    } finally {
      await own.close();
    }
  });
});
