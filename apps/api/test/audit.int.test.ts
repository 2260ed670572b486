import { staffLogin } from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { call, createTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A few entries: sign-ins, a failure, concurrent sign-ins (the chain must not fork).
  await call(t.app, staffLogin, { body: { username: 'admin', password: DEMO_PASSWORD } });
  await call(t.app, staffLogin, { body: { username: 'admin', password: 'wrong' } });
  await Promise.all(
    ['studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'].map((u) =>
      call(t.app, staffLogin, { body: { username: u, password: DEMO_PASSWORD } }),
    ),
  );
});
afterAll(() => t?.close());

describe('audit trail', () => {
  it('the chain verifies, entry after entry', async () => {
    const r = await verifyAuditChain(t.db);
    expect(r).toEqual({ ok: true, count: 6 });
    const rows = await t.db.selectFrom('audit_log').select(['id', 'prev_hash', 'hash', 'ip']).orderBy('id').execute();
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    expect(rows[0]!.ip).toBe('127.0.0.1');
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(sql`update audit_log set action = 'x'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('never stores passwords or tokens', async () => {
    const rows = await t.db.selectFrom('audit_log').select(['before', 'after']).execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toMatch(/accessToken|refreshToken|password_hash/);
  });

  it('a tampered entry is found and named', async () => {
    const third = await t.db
      .selectFrom('audit_log')
      .select('id')
      .orderBy('id')
      .offset(2)
      .limit(1)
      .executeTakeFirstOrThrow();
    // Only a superuser can do this, and only by switching the guard off first.
    await sql`alter table audit_log disable trigger all`.execute(t.db);
    await sql`update audit_log set after = '{"forged":true}' where id = ${third.id}`.execute(t.db);
    await sql`alter table audit_log enable trigger all`.execute(t.db);
    const r = await verifyAuditChain(t.db);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.brokenId).toBe(Number(third.id));
      expect(r.count).toBe(2);
    }
  });
});
