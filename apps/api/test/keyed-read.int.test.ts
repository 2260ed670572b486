/**
 * Keyed reads (kernel/keyed-read.ts): the reads by key that requests make at the same moment share one
 * statement; each asker gets its own row; a key asked for while a statement runs is read by the next one, so it
 * sees what was committed before it was asked.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { type KeyedRead, readByKey, uuidsOnly } from '../src/kernel/keyed-read';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Outbox recipients by id, counting the statements and the keys each one read. */
function recipientRead() {
  const statements: string[][] = [];
  let gate: Promise<void> | null = null;
  const read: KeyedRead<string, string> = {
    async load(db: Db, ids) {
      statements.push([...ids]);
      if (gate) await gate;
      const rows = await db
        .selectFrom('outbox')
        .select(['id', 'recipient'])
        .where('id', 'in', uuidsOnly(ids).length ? uuidsOnly(ids) : [randomUUID()])
        .execute();
      return new Map(rows.map((r) => [r.id, r.recipient]));
    },
  };
  return { read, statements, hold: (g: Promise<void>) => (gate = g), release: () => (gate = null) };
}

async function queue(to: string): Promise<string> {
  const row = await t.db
    .insertInto('outbox')
    .values({ channel: 'email', recipient: to, subject: 's', body: 'b' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('keyed reads', () => {
  it('reads asked for in the same turn share one statement, and each asker gets its own row', async () => {
    const ids = await Promise.all(['a@example.org', 'b@example.org', 'c@example.org'].map(queue));
    const r = recipientRead();
    const missing = randomUUID();
    const answers = await Promise.all([
      readByKey(t.db, r.read, ids[0]!),
      readByKey(t.db, r.read, ids[1]!),
      readByKey(t.db, r.read, ids[2]!),
      readByKey(t.db, r.read, ids[0]!),
      readByKey(t.db, r.read, missing),
      readByKey(t.db, r.read, 'not-a-uuid'),
    ]);
    expect(answers).toEqual(['a@example.org', 'b@example.org', 'c@example.org', 'a@example.org', undefined, undefined]);
    expect(r.statements).toHaveLength(1);
    expect(r.statements[0]).toHaveLength(5); // the repeated key read once
  });

  it('a key asked for while a statement runs waits for the next one, and sees a write committed before it asked', async () => {
    const first = await queue('first@example.org');
    const r = recipientRead();
    let open!: () => void;
    r.hold(
      new Promise<void>((resolve) => {
        open = resolve;
      }),
    );
    const running = readByKey(t.db, r.read, first);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.statements).toHaveLength(1);
    r.release();
    // written and committed after the first statement started, before these two are asked for
    const later = await queue('later@example.org');
    const waiting = [readByKey(t.db, r.read, later), readByKey(t.db, r.read, first)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.statements).toHaveLength(1); // one statement at a time
    open();
    expect(await running).toBe('first@example.org');
    expect(await Promise.all(waiting)).toEqual(['later@example.org', 'first@example.org']);
    expect(r.statements).toEqual([[first], [later, first]]);
  });

  it('a statement that fails fails its own askers only; the next keys are read again', async () => {
    const id = await queue('again@example.org');
    let fail = true;
    const read: KeyedRead<string, string> = {
      async load(db, ids) {
        if (fail) {
          fail = false;
          throw new Error('the database refused');
        }
        const rows = await db.selectFrom('outbox').select(['id', 'recipient']).where('id', 'in', ids).execute();
        return new Map(rows.map((row) => [row.id, row.recipient]));
      },
    };
    await expect(readByKey(t.db, read, id)).rejects.toThrow('the database refused');
    expect(await readByKey(t.db, read, id)).toBe('again@example.org');
  });
});
