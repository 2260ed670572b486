/**
 * The participant's forgot-password request (001 §6, §7, §8; decision D-085): it names the user type (a web
 * participant), the request kind and the country chosen on the language page; the server checks all three,
 * keeps them on the request's audit entry, and still answers the same whether or not an account matched.
 */
import { participantForgotPassword } from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, latestOutbox, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** What the portal sends besides the study and the username. */
const ASKED = { userType: 'webParticipant', requestKind: 'resetLink', countryId: 'US' } as const;

const forgot = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  call(t.app, participantForgotPassword, { body: { studyCode: 'DEMO', ...ASKED, ...body }, headers });

/** The request's audit entries (newest last), with what they kept. */
async function resetEntries(entityId?: string | null) {
  let q = t.db
    .selectFrom('audit_log')
    .select(['action', 'entity_id', 'environment', 'after'])
    .where('action', 'in', ['participant.password.reset-requested', 'participant.password.reset-limited'])
    .orderBy('id');
  if (entityId === null) q = q.where('entity_id', 'is', null);
  else if (entityId) q = q.where('entity_id', '=', entityId);
  return q.execute();
}

/** Rows a forgot-password request may write: a refused one must leave every count as it was. */
async function writes() {
  const count = async (table: 'audit_log' | 'outbox' | 'password_tokens' | 'reset_requests') =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0]!.n);
  return {
    audit: await count('audit_log'),
    outbox: await count('outbox'),
    tokens: await count('password_tokens'),
    counted: await count('reset_requests'),
  };
}

describe('forgot password names the user type, the request kind and the country (D-085)', () => {
  it('accepts them and keeps them on the audit entry, for a known and an unknown username alike', async () => {
    const pid = await idOf(t.db, 'participants', { username: 'participant.demo' });
    const known = await forgot({ username: 'participant.demo', countryId: 'ES' });
    const unknown = await forgot({ username: 'nobody.here', countryId: 'ES' });
    expect(known.status).toBe(200);
    expect(unknown.json).toEqual(known.json);

    const [mine] = await resetEntries(pid);
    expect(mine).toMatchObject({ action: 'participant.password.reset-requested', environment: 'LIVE' });
    expect(mine!.after).toEqual({ userType: 'webParticipant', requestKind: 'resetLink', countryId: 'ES' });
    const [nobody] = await resetEntries(null);
    expect(nobody!.after).toEqual({
      userType: 'webParticipant',
      requestKind: 'resetLink',
      countryId: 'ES',
      matched: false,
    });
    expect((await latestOutbox(t.db, 'participant.demo@trialpath.example')).body).toContain(
      '/participant/#/participants/web/DEMO/reset-password/',
    );
  });

  it('takes the country in any letter case and around spaces, and keeps its ISO code', async () => {
    const pid = await idOf(t.db, 'participants', { username: 'participant.us2' });
    expect((await forgot({ username: 'participant.us2', countryId: ' us ' })).status).toBe(200);
    expect((await resetEntries(pid))[0]!.after).toMatchObject({ countryId: 'US' });
  });

  it('takes any country Trialpath offers, not only the study’s own (a browser may keep an older choice)', async () => {
    // DEMO offers US and ES; GB is one of Trialpath's countries.
    expect((await forgot({ username: 'participant.demo', countryId: 'GB' })).status).toBe(200);
  });

  it('works in the test data space (Env header) and keeps the same facts there', async () => {
    const pid = await idOf(t.db, 'participants', { username: 'participant.test' });
    const r = await forgot({ username: 'participant.test' }, { env: 'test' });
    expect(r.status).toBe(200);
    const [entry] = await resetEntries(pid);
    expect(entry).toMatchObject({ environment: 'TEST', after: ASKED });
    expect((await latestOutbox(t.db, 'participant.test@trialpath.example')).body).toContain('reset-password/');
  });
});

describe('a request that names them wrongly is refused at the field and writes nothing', () => {
  it.each([
    ['another user type', { userType: 'staff' }, 'userType'],
    ['no user type', { userType: undefined }, 'userType'],
    ['another request kind', { requestKind: 'resetCode' }, 'requestKind'],
    ['no request kind', { requestKind: undefined }, 'requestKind'],
    ['no country', { countryId: undefined }, 'countryId'],
    ['a country that is no ISO code', { countryId: 'USA' }, 'countryId'],
  ])('%s', async (_name, wrong, field) => {
    const before = await writes();
    const r = await forgot({ username: 'participant.demo', ...wrong });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(r.json.fieldErrors)).toEqual([field]);
    expect(await writes()).toEqual(before);
  });

  it('a country Trialpath does not offer: its own message, in the request’s language', async () => {
    const before = await writes();
    const r = await forgot({ username: 'participant.demo', countryId: 'ZZ' });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('VALIDATION_FAILED');
    expect(r.json.fieldErrors).toEqual({ countryId: ['Trialpath does not support the country ZZ.'] });
    expect(r.json.fieldErrorKeys).toEqual({
      countryId: [{ key: 'studies.countryUnknown', params: { country: 'ZZ' } }],
    });
    const es = await forgot({ username: 'participant.demo', countryId: 'zz' }, { 'accept-language': 'es' });
    expect(es.json.fieldErrors.countryId).toEqual(['Trialpath no admite el país ZZ.']);
    expect(await writes()).toEqual(before);
  });

  it('a country Trialpath no longer offers (inactive) is refused the same way, whether or not the account exists', async () => {
    await sql`update countries set active = false where id = 'DE'`.execute(t.db);
    const before = await writes();
    const known = await forgot({ username: 'participant.demo', countryId: 'DE' });
    const unknown = await forgot({ username: 'nobody.here', countryId: 'DE' });
    expect(known.status).toBe(400);
    expect(unknown.json).toEqual(known.json);
    expect(await writes()).toEqual(before);
  });
});

describe('the request limit (decision 0022) with the new fields', () => {
  it('the sixth request within an hour answers 429; the refusal is audited with the request’s facts', async () => {
    const pid = await idOf(t.db, 'participants', { username: 'participante.es1' });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof forgot>> | undefined;
    for (let i = 0; i < 6; i++) {
      last = await forgot({ username: 'participante.es1', countryId: 'ES' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.json.code).toBe('RESET_REQUEST_LIMIT');
    const entries = await resetEntries(pid);
    expect(entries.map((e) => e.action)).toEqual([
      ...Array(5).fill('participant.password.reset-requested'),
      'participant.password.reset-limited',
    ]);
    expect(entries.at(-1)!.after).toEqual({ userType: 'webParticipant', requestKind: 'resetLink', countryId: 'ES' });
  });
});
