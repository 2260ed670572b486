import { staffLogin, updateProfile } from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { call, createIsolatedTestApp, DEMO_PASSWORD, type TestApp } from './helpers';

let t: TestApp;
// Its own database with the real pool: the concurrent sign-ins below must really run at once.
beforeAll(async () => {
  t = await createIsolatedTestApp();
  // A few entries: sign-ins, a failure, concurrent sign-ins (the chain must not fork).
  await call(t.app, staffLogin, { body: { username: 'admin', password: DEMO_PASSWORD } });
  await call(t.app, staffLogin, { body: { username: 'admin', password: 'wrong' } });
  await Promise.all(
    ['studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'].map((u) =>
      call(t.app, staffLogin, { body: { username: u, password: DEMO_PASSWORD } }),
    ),
  );
  // A change with item-level rows (which field, old and new value).
  const admin = await call(t.app, staffLogin, { body: { username: 'admin', password: DEMO_PASSWORD } });
  await call(t.app, updateProfile, {
    token: admin.json.tokens.accessToken,
    body: { firstName: 'Adah', lastName: 'Admin', workNumber: '+1 555 0100' },
  });
});
afterAll(() => t?.close());

describe('audit trail', () => {
  it('the chain verifies, entry after entry', async () => {
    const r = await verifyAuditChain(t.db);
    // The demo seed's entry, seven sign-ins, one profile change.
    expect(r).toEqual({ ok: true, count: 9 });
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['id', 'prev_hash', 'hash', 'ip', 'actor_type', 'action'])
      .orderBy('id')
      .execute();
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    expect(rows[0]).toMatchObject({ actor_type: 'system', action: 'demo.seed', ip: null });
    expect(rows[1]!.ip).toBe('127.0.0.1');
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(sql`update audit_log set action = 'x'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    // Item rows reference their entries, so a plain TRUNCATE is refused before the trigger runs.
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only|foreign key/);
    await expect(sql`truncate audit_log cascade`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`update audit_items set item = 'x'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_items`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('never stores passwords or tokens', async () => {
    const rows = await t.db.selectFrom('audit_log').select(['before', 'after']).execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toMatch(/accessToken|refreshToken|password_hash/);
  });

  it('records which field of which record changed, from what to what; the chain covers the items', async () => {
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['id', 'entity_id'])
      .where('action', '=', 'user.profile.update')
      .executeTakeFirstOrThrow();
    const items = await t.db
      .selectFrom('audit_items')
      .select(['entity_type', 'entity_id', 'item', 'old_value', 'new_value'])
      .where('audit_id', '=', entry.id)
      .orderBy('position')
      .execute();
    expect(items).toEqual([
      { entity_type: 'user', entity_id: entry.entity_id, item: 'firstName', old_value: 'Ada', new_value: 'Adah' },
      {
        entity_type: 'user',
        entity_id: entry.entity_id,
        item: 'workNumber',
        old_value: null,
        new_value: '+1 555 0100',
      },
    ]);
    await sql`alter table audit_items disable trigger all`.execute(t.db);
    await sql`update audit_items set new_value = '"Eve"' where audit_id = ${entry.id} and item = 'firstName'`.execute(
      t.db,
    );
    const r = await verifyAuditChain(t.db);
    expect(r).toMatchObject({ ok: false, brokenId: Number(entry.id), reason: 'content changed' });
    await sql`update audit_items set new_value = '"Adah"' where audit_id = ${entry.id} and item = 'firstName'`.execute(
      t.db,
    );
    await sql`alter table audit_items enable trigger all`.execute(t.db);
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
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
      expect(r.breaks).toEqual([{ id: Number(third.id), reason: 'content changed' }]);
    }
  });

  it('every tampered entry is reported, not only the first (issue 8)', async () => {
    const rows = await t.db.selectFrom('audit_log').select('id').orderBy('id').limit(5).execute();
    // The third entry is still forged by the test before (the isolated database keeps its writes).
    const [second, third, fourth] = [Number(rows[1]!.id), Number(rows[2]!.id), Number(rows[3]!.id)];
    await sql`alter table audit_log disable trigger all`.execute(t.db);
    await sql`update audit_log set after = '{"forged":true}' where id in (${second}, ${fourth})`.execute(t.db);
    await sql`alter table audit_log enable trigger all`.execute(t.db);
    const r = await verifyAuditChain(t.db, 2); // across batches
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.breaks).toEqual([
        { id: second, reason: 'content changed' },
        { id: third, reason: 'content changed' },
        { id: fourth, reason: 'content changed' },
      ]);
  });
});
