/**
 * Group commit (kernel/group-commit.ts, decision B-group-commit): the writes of one kind sent at the same moment
 * share one transaction. Items sent while a batch commits wait and are written together in the next one; each is
 * answered with its own outcome and audited in its own request's name; a refused item leaves nothing; a batch
 * that fails as a whole is written again item by item, so only the bad item fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { MissingAuditError, type Scope } from '../src/kernel/context';
import type { GroupWork } from '../src/kernel/group-commit';
import { queueRendered } from '../src/modules/outbox/outbox.service';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const scopeOf = (ip: string): Scope => ({
  actor: null,
  env: 'LIVE',
  request: { ip, userAgent: `agent ${ip}`, language: 'en' },
});

/** A work whose items are e-mail addresses: each queued in the outbox and audited; 'refuse…' is refused. */
function outboxWork(options: { gate?: Promise<void>; failOn?: string; skipAuditOf?: string } = {}) {
  const batches: string[][] = [];
  const work: GroupWork<string, string> = {
    label: 'test outbox',
    read: async () => undefined,
    async write(items, trx) {
      batches.push(items.map((i) => i.input));
      if (batches.length === 1 && options.gate) await options.gate;
      // a statement the database refuses fails the whole batch
      if (options.failOn && items.some((i) => i.input === options.failOn)) await sql`select 1 / 0`.execute(trx);
      return Promise.all(
        items.map(async ({ input, ctx }) => {
          if (input.startsWith('refuse')) return { ok: false as const, error: new Error(`refused ${input}`) };
          await queueRendered.email(ctx, { to: input, subject: 's', body: 'b' });
          if (input !== options.skipAuditOf)
            ctx.audit({ action: 'outbox.retry', entityType: 'outbox', entityId: input });
          return { ok: true as const, value: `queued ${input}` };
        }),
      );
    },
  };
  return { work, batches };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const queued = async (to: string) =>
  (await t.db.selectFrom('outbox').select('id').where('recipient', '=', to).execute()).length;
const auditOf = (to: string) =>
  t.db.selectFrom('audit_log').select(['ip', 'user_agent', 'at']).where('entity_id', '=', to).execute();

describe('group commit', () => {
  it('items sent while a batch commits are written together in the next, each with its own outcome and audit', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { work, batches } = outboxWork({ gate });
    const send = (to: string) => t.platform.groups.submit(t.platform, work, scopeOf(`10.0.0.${to.length}`), to);
    const first = send('gc-first@trialpath.example');
    await nextTurn(); // the first batch is open (held at the gate)
    const rest = ['gc-b@trialpath.example', 'gc-cc@trialpath.example', 'refuse-gc@trialpath.example'].map(send);
    open();
    expect(await first).toBe('queued gc-first@trialpath.example');
    const settled = await Promise.allSettled(rest);
    expect(batches).toEqual([
      ['gc-first@trialpath.example'],
      ['gc-b@trialpath.example', 'gc-cc@trialpath.example', 'refuse-gc@trialpath.example'],
    ]);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : String(s.reason)))).toEqual([
      'queued gc-b@trialpath.example',
      'queued gc-cc@trialpath.example',
      'Error: refused refuse-gc@trialpath.example',
    ]);
    // each entry stamped with its own request's facts; the batch's entries share one instant
    const b = await auditOf('gc-b@trialpath.example');
    const cc = await auditOf('gc-cc@trialpath.example');
    expect(b).toHaveLength(1);
    expect(cc).toHaveLength(1);
    expect([b[0]!.ip, b[0]!.user_agent]).toEqual(['10.0.0.22', 'agent 10.0.0.22']);
    expect([cc[0]!.ip, cc[0]!.user_agent]).toEqual(['10.0.0.23', 'agent 10.0.0.23']);
    expect(b[0]!.at.getTime()).toBe(cc[0]!.at.getTime());
    expect(await queued('refuse-gc@trialpath.example')).toBe(0);
    expect(await auditOf('refuse-gc@trialpath.example')).toHaveLength(0);
  });

  it('a batch the database refuses is written again item by item: only the bad item fails', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { work, batches } = outboxWork({ gate, failOn: 'gc-bad@trialpath.example' });
    const send = (to: string) => t.platform.groups.submit(t.platform, work, scopeOf('10.0.0.1'), to);
    const lead = send('gc-lead@trialpath.example');
    await nextTurn();
    const together = ['gc-ok1@trialpath.example', 'gc-bad@trialpath.example', 'gc-ok2@trialpath.example'].map(send);
    open();
    await lead;
    const settled = await Promise.allSettled(together);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches.slice(1)).toEqual([
      ['gc-ok1@trialpath.example', 'gc-bad@trialpath.example', 'gc-ok2@trialpath.example'],
      ['gc-ok1@trialpath.example'],
      ['gc-bad@trialpath.example'],
      ['gc-ok2@trialpath.example'],
    ]);
    expect(await queued('gc-ok1@trialpath.example')).toBe(1);
    expect(await queued('gc-ok2@trialpath.example')).toBe(1);
    expect(await queued('gc-bad@trialpath.example')).toBe(0);
  });

  it('items handed over in the same turn share the first batch', async () => {
    const { work, batches } = outboxWork();
    const send = (to: string) => t.platform.groups.submit(t.platform, work, scopeOf('10.0.0.1'), to);
    await Promise.all(['gc-same1@trialpath.example', 'gc-same2@trialpath.example'].map(send));
    expect(batches).toEqual([['gc-same1@trialpath.example', 'gc-same2@trialpath.example']]);
  });

  it('an item that writes without an audit entry is refused and leaves nothing', async () => {
    const { work } = outboxWork({ skipAuditOf: 'gc-unaudited@trialpath.example' });
    await expect(
      t.platform.groups.submit(t.platform, work, scopeOf('10.0.0.1'), 'gc-unaudited@trialpath.example'),
    ).rejects.toBeInstanceOf(MissingAuditError);
    expect(await queued('gc-unaudited@trialpath.example')).toBe(0);
  });
});
