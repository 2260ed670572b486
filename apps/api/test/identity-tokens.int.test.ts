/**
 * Identity tokens for record linkage (001 §3, §9; decision D-138; D-134…D-137): the signed-in participant sends
 * their identity meta; the server stores one keyed token (HMAC-SHA256 under a key derived from its secret) per
 * kind the meta allows, never the meta, replaces them when it is sent again, and audits the kinds only.
 */
import { createHash } from 'node:crypto';
import { decideMyRecordLinkage, getMyRecordLinkage, putMyIdentityTokens } from '@trialpath/contract';
import { identityTokenInputs, translate } from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityTokenHmac, identityTokenKey } from '../src/modules/identity-tokens/identity-tokens.service';
import { auditActions, call, createTestApp, participantAccess, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let liveVersionId: string;
const STATEMENT = {
  en: '<p>We link your study data with your health records.</p>',
  es: '<p>Vinculamos sus datos.</p>',
};

/** The live version asks for record linkage (or not); participant.demo and participant.us2 are on it. */
async function linkageAsked(asked: boolean) {
  const registration = { verificationMethod: 'email', recordLinkage: asked, recordLinkageStatement: STATEMENT };
  await sql`update study_versions set snapshot = jsonb_set(snapshot, '{registration}', ${JSON.stringify(registration)}::jsonb) where id = ${liveVersionId}`.execute(
    t.db,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  liveVersionId = (
    await t.db.selectFrom('studies').select('live_version_id').where('code', '=', 'DEMO').executeTakeFirstOrThrow()
  ).live_version_id!;
  await t.db
    .updateTable('participants')
    .set({ version_id: liveVersionId })
    .where('username', 'in', ['participant.demo', 'participant.us2'])
    .execute();
  await linkageAsked(true);
  const { accessToken } = await participantAccess(t, 'participant.demo');
  expect((await call(t.app, decideMyRecordLinkage, { token: accessToken, body: { agree: true } })).status).toBe(200);
});
afterAll(() => t?.close());

const META = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  gender: 'F',
  dob: '1985-12-10',
  zipcode: '02139',
  address: '12 North Main Street',
  email: 'ada.lovelace@example.org',
  countryCode: '+1',
  phoneNumber: '(617) 555-0134',
};
const ALL_KINDS = [1, 2, 3, 4, 6, 7, 8, 9, 12, 14, 15, 17, 18, 23, 24, 25, 26, 29, 30];

const stored = (participantId: string) =>
  t.db
    .selectFrom('participant_identity_tokens')
    .selectAll()
    .where('participant_id', '=', participantId)
    .orderBy('kind')
    .execute();

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('record linkage: asked by the version, agreed or declined by the participant (decision D-138)', () => {
  it('shows the statement; tokens only after agreeing; declining removes them; each decision audited', async () => {
    const { accessToken: token, pid } = await participantAccess(t, 'participant.us2');
    const first = await call(t.app, getMyRecordLinkage, { token });
    expect(first.json).toEqual({ asked: true, statement: STATEMENT, decision: null, decidedAt: null, kinds: [] });
    const early = await call(t.app, putMyIdentityTokens, { token, body: META });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe('Please agree to record linkage before you send your details for it.');
    expect(await stored(pid)).toEqual([]);

    const agreed = await call(t.app, decideMyRecordLinkage, { token, body: { agree: true } });
    expect(agreed.json).toMatchObject({ decision: 'AGREED', kinds: [] });
    expect((await call(t.app, putMyIdentityTokens, { token, body: META })).json.kinds).toEqual(ALL_KINDS);
    expect((await call(t.app, getMyRecordLinkage, { token })).json.kinds).toEqual(ALL_KINDS);

    const declined = await call(t.app, decideMyRecordLinkage, { token, body: { agree: false } });
    expect(declined.json).toMatchObject({ decision: 'DECLINED', kinds: [] });
    expect(await stored(pid)).toEqual([]);
    expect((await call(t.app, putMyIdentityTokens, { token, body: META })).status).toBe(409);
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_id', '=', pid)
      .where('action', 'like', 'participant.record-linkage.%')
      .orderBy('id')
      .execute();
    expect(trail.map((e) => e.action)).toEqual([
      'participant.record-linkage.agree',
      'participant.record-linkage.decline',
    ]);
    expect(trail[1]!.after).toMatchObject({ agreed: false, removedKinds: ALL_KINDS });
  });

  it('a version that asks for no linkage refuses a decision and tokens', async () => {
    await linkageAsked(false);
    try {
      const { accessToken: token } = await participantAccess(t, 'participant.us2');
      expect((await call(t.app, getMyRecordLinkage, { token })).json).toMatchObject({ asked: false, statement: {} });
      const decided = await call(t.app, decideMyRecordLinkage, { token, body: { agree: true } });
      expect(decided.status).toBe(409);
      expect(decided.json.message).toBe('Your study does not link its data with other health records.');
      expect((await call(t.app, putMyIdentityTokens, { token, body: META })).status).toBe(409);
    } finally {
      await linkageAsked(true);
    }
  });
});

describe('PUT /api/v1/participant/identity-tokens', () => {
  it('stores a token for each kind whose values are given (all 19 with everything), answering the kinds only', async () => {
    const { accessToken: token, pid } = await participantAccess(t, 'participant.demo');
    const r = await call(t.app, putMyIdentityTokens, { token, body: META });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ kinds: ALL_KINDS });

    const rows = await stored(pid);
    expect(rows.map((row) => row.kind)).toEqual(ALL_KINDS);
    for (const row of rows) expect(row.token).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(rows.map((row) => row.token)).size).toBe(ALL_KINDS.length);
  });

  it('makes only the kinds whose values are all given: a missing one is skipped', async () => {
    const { accessToken: token, pid } = await participantAccess(t, 'participant.demo');
    const r = await call(t.app, putMyIdentityTokens, {
      token,
      body: { firstName: 'Ada', lastName: 'Lovelace', gender: 'F', dob: '1985-12-10', zipcode: '021', email: '' },
    });
    expect(r.status).toBe(200);
    expect(r.json.kinds).toEqual([1, 2, 4, 6, 8, 17, 18]);
    expect((await stored(pid)).map((row) => row.kind)).toEqual([1, 2, 4, 6, 8, 17, 18]);
  });

  it('replaces the tokens when sent again: kinds no longer made are gone, the others are made anew', async () => {
    const { accessToken: token, pid } = await participantAccess(t, 'participant.demo');
    await call(t.app, putMyIdentityTokens, { token, body: META });
    const first = await stored(pid);

    const moved = { ...META, zipcode: '94103', address: null, email: null, phoneNumber: null };
    const again = await call(t.app, putMyIdentityTokens, { token, body: moved });
    expect(again.status).toBe(200);
    expect(again.json.kinds).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 17, 18]);
    const second = await stored(pid);
    expect(second.map((row) => row.kind)).toEqual(again.json.kinds);
    const tokenOf = (rows: typeof first, kind: number) => rows.find((row) => row.kind === kind)?.token;
    // Nothing about the zip changed for T1; everything with the zip did.
    expect(tokenOf(second, 1)).toBe(tokenOf(first, 1));
    expect(tokenOf(second, 3)).not.toBe(tokenOf(first, 3));

    // after the agreement made before these tests
    expect(await auditActions(t.db, pid)).toEqual([
      'participant.record-linkage.agree',
      'participant.identity-tokens.replace',
      'participant.identity-tokens.replace',
    ]);
    const trail = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('entity_id', '=', pid)
      .where('action', '=', 'participant.identity-tokens.replace')
      .orderBy('id')
      .execute();
    expect(trail[1]).toEqual({ before: { kinds: ALL_KINDS }, after: { kinds: again.json.kinds } });
  });

  it('stores keyed tokens: never the plain input, nor a plain SHA-256 of it, but the HMAC under the server key', async () => {
    const { accessToken: token, pid } = await participantAccess(t, 'participant.demo');
    await call(t.app, putMyIdentityTokens, { token, body: META });
    const rows = await stored(pid);
    const inputs = identityTokenInputs(META);
    const hmac = identityTokenHmac(identityTokenKey(t.config.jwtSecret));
    const otherServer = identityTokenHmac(
      identityTokenKey(new TextEncoder().encode('another-server-secret-0123456789')),
    );
    for (const { kind, input } of inputs) {
      const row = rows.find((x) => x.kind === kind)!;
      expect(row.token).not.toContain(input);
      expect(row.token).not.toBe(sha256(input));
      expect(row.token).toBe(await hmac(input));
      // Another server's key makes other tokens: a copy of the table alone links nothing.
      expect(row.token).not.toBe(await otherServer(input));
    }
    const everything = JSON.stringify(rows);
    for (const value of ['LOVELACE', 'Lovelace', 'ada.lovelace', '6175550134', '19851210', '1985-12-10'])
      expect(everything).not.toContain(value);
  });

  it('audits the kinds made, with no identity value and no token in the trail', async () => {
    const { accessToken: token, pid } = await participantAccess(t, 'participant.demo');
    await call(t.app, putMyIdentityTokens, { token, body: META });
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', pid)
      .where('action', '=', 'participant.identity-tokens.replace')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor_type: 'participant', actor_id: pid, entity_type: 'participant' });
    expect(entry.after).toEqual({ kinds: ALL_KINDS });
    const items = await t.db.selectFrom('audit_items').selectAll().where('audit_id', '=', entry.id).execute();
    const trail = JSON.stringify([entry, items]);
    for (const value of Object.values(META)) expect(trail).not.toContain(value);
    for (const value of ['LOVELACE', '6175550134', '19851210']) expect(trail).not.toContain(value);
    for (const row of await stored(pid)) expect(trail).not.toContain(row.token);
  });

  it('is for participants only: a staff token or none is refused, and nothing is stored', async () => {
    const staff = (await staffAccess(t, 'studyadmin')).accessToken;
    expect((await call(t.app, putMyIdentityTokens, { token: staff, body: META })).status).toBe(401);
    expect((await call(t.app, putMyIdentityTokens, { body: META })).status).toBe(401);
    expect(await t.db.selectFrom('participant_identity_tokens').selectAll().execute()).toEqual([]);
  });

  it('refuses an invalid date of birth with a 400 naming the field, and an unknown field; nothing is stored', async () => {
    const { accessToken: token, pid } = await participantAccess(t, 'participant.demo');
    const r = await call(t.app, putMyIdentityTokens, { token, body: { ...META, dob: '1985-02-30' } });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('VALIDATION_FAILED');
    expect(r.json.fieldErrors).toEqual({ dob: [translate('errors.invalidValue')] });
    expect(r.json.fieldErrorKeys).toEqual({ dob: [{ key: 'errors.invalidValue' }] });

    const shape = await call(t.app, putMyIdentityTokens, { token, body: { ...META, dob: '10/12/1985' } });
    expect(shape.json.fieldErrorKeys).toEqual({ dob: [{ key: 'errors.invalidFormat' }] });

    const extra = await call(t.app, putMyIdentityTokens, { token, body: { ...META, ssn: '123-45-6789' } });
    expect(extra.status).toBe(400);
    expect(Object.keys(extra.json.fieldErrors)).toEqual(['ssn']);
    // The refusal does not echo the identity back.
    expect(JSON.stringify([r.json, shape.json, extra.json])).not.toContain('Lovelace');
    expect(await stored(pid)).toEqual([]);
    expect(await auditActions(t.db, pid)).toEqual(['participant.record-linkage.agree']);
  });
});
