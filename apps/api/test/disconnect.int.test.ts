/**
 * DESIGN.md §3 "nothing is lost, nothing leaks": a client that hangs up in the middle of a write
 * request leaves no open transaction or held connection behind, and the write it asked for is either
 * committed with its audit entry or not at all (here: committed, the server finishes the work).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { listStudies } from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyAuditChain } from '../src/modules/audit/audit.service';
import { call, createIsolatedTestApp, DEMO_PASSWORD, staffLoginTokens, type TestApp } from './helpers';

let t: TestApp;
let port = 0;
// Its own database with the real pool: the test is about connections and transactions left behind.
beforeAll(async () => {
  t = await createIsolatedTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Sends a sign-in over a raw socket and hangs up a few milliseconds later, before the answer. */
function signInAndHangUp(): Promise<void> {
  const body = JSON.stringify({ username: 'crc.demo', password: DEMO_PASSWORD });
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 5);
    });
    socket.on('error', () => resolve());
  });
}

const signIns = async () =>
  Number(
    (
      await t.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', 'auth.login')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a client that hangs up mid-request', () => {
  it('leaves no open transaction; the sign-ins it sent are committed and audited; the chain holds', async () => {
    const before = await signIns();
    await Promise.all(Array.from({ length: 6 }, signInAndHangUp));
    // argon2id takes a while: the server finishes each request after its client is gone
    await vi.waitFor(async () => expect(await signIns()).toBe(before + 6), { timeout: 15_000, interval: 100 });

    if (t.kind === 'postgres') {
      const stuck = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and state like 'idle in transaction%'`.execute(t.db);
      expect(stuck.rows[0]!.n).toBe(0);
    }
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
    // the pool is whole: a full set of parallel requests still gets answers
    const { accessToken } = await staffLoginTokens(t.app, 'crc.demo', DEMO_PASSWORD);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, listStudies, { token: accessToken, query: { page: 1 } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
  });
});
