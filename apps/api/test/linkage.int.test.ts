/**
 * Privacy-preserving linkage tokens (issue 14; H-024…H-029; decision H-linkage-tokens): configured per study (on/off,
 * dataset configuration name, kinds of token), made from normalised identifiers with the study's key (sealed, never
 * answered), the same for the same person however written, different per study, remade when identifiers or the key
 * change, not made when a field is missing; listed and downloaded for the sites the caller may see; audited.
 */
import {
  downloadLinkageTokens,
  getLinkageConfiguration,
  listLinkageTokens,
  rotateLinkageKey,
  updateLinkageConfiguration,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActions, call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let sleep: string;
const tokens: Record<string, string> = {};

/** The published test vectors (docs/decisions/H-linkage-tokens.md): key 00 01 … 1f. */
const VECTOR_KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const LUCIA = {
  first_name: 'Lucía',
  last_name: 'García-López',
  date_of_birth: '1984-07-09',
  gender: 'FEMALE',
  zipcode: '28013',
};
const LUCIA_TOKENS = {
  T1: '1KNSS2DuDkHdUbowwuwkEDainIJT6hU9YNGVatpkWAU',
  T2: 'W1XiLWCvNjo336M-tmaQ7V_CtGFVbCDJJKkBTvde00w',
  T3: '7VEbSkM0Y7OxYfjJaXk9z8MSwl11HsgHO5TCDeWwV4Q',
  T4: 'wP2lrTpBd6vztpalkv1MjFD0r2rS1D978hCMJGNWOqQ',
};
const ROBERT = {
  first_name: 'Robert',
  last_name: 'Smith Jr.',
  date_of_birth: '1950-01-31',
  gender: 'MALE',
  zipcode: '02115-1234',
};
const ROBERT_TOKENS = {
  T1: 'SJ78oioaSCGMWScL-OL4d7XLrUIqlpv1KdDMVKbld3U',
  T2: 'LtdxsGhIAMoWF3Cjp6i-gNVcM2V45VygCMKW_e-ZLPg',
  T3: '_CrvdAtk84dbxbYj7a8lUGYY78Hy0x61ZJHTuCbp-Yk',
  T4: 'UvqUI1TyM0ldSYiWGUDHzpisF2GUg_A_tyBRAOKgV5M',
};
const ALL = ['T1', 'T2', 'T3', 'T4'];

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  for (const u of ['studyadmin', 'crc.demo', 'cra.demo']) tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const P = (studyId = demo) => ({ params: { studyId } });

async function setIdentifiers(code: string, values: Partial<typeof LUCIA>) {
  await t.db.updateTable('participants').set(values).where('participant_code', '=', code).execute();
}

async function turnOn(studyId = demo, tokenTypes = ALL) {
  const r = await call(t.app, updateLinkageConfiguration, {
    ...P(studyId),
    body: { enabled: true, datasetName: 'DEMO linkage', tokenTypes },
    token: tokens.studyadmin,
  });
  expect(r.status).toBe(200);
  return r;
}

async function list(token = tokens.studyadmin, studyId = demo) {
  const r = await call(t.app, listLinkageTokens, { ...P(studyId), query: { pageSize: 200 }, token });
  expect(r.status).toBe(200);
  return r.json as {
    items: {
      participantCode: string;
      siteCode: string;
      tokens: { type: string; token: string | null; madeAt: string | null; missing: string[] }[];
    }[];
    total: number;
    enabled: boolean;
  };
}

const tokensOf = (l: Awaited<ReturnType<typeof list>>, code: string) =>
  Object.fromEntries(l.items.find((i) => i.participantCode === code)!.tokens.map((c) => [c.type, c.token]));

describe('linkage configuration (H-025, H-026, H-028, H-029)', () => {
  it('starts off with no key; turning on names the dataset, makes a sealed key and every participant’s tokens', async () => {
    const before = await call(t.app, getLinkageConfiguration, { ...P(), token: tokens.studyadmin });
    expect(before.json).toMatchObject({ enabled: false, hasKey: false, keyCreatedAt: null, tokenTypes: ['T1', 'T2'] });

    await setIdentifiers('DEMO-US001-0001', LUCIA);
    const r = await turnOn();
    expect(r.json).toMatchObject({
      enabled: true,
      datasetName: 'DEMO linkage',
      tokenTypes: ALL,
      hasKey: true,
      keyReadable: true,
    });
    // the key is sealed in the database and never in an answer
    const row = await t.db
      .selectFrom('linkage_settings')
      .selectAll()
      .where('study_id', '=', demo)
      .executeTakeFirstOrThrow();
    expect(row.key_sealed).toMatch(/^s1\./);
    expect(row.key_sealed).not.toMatch(/[0-9a-f]{64}/);
    expect(JSON.stringify(r.json)).not.toContain(row.key_sealed);
    expect(Object.keys(r.json)).not.toContain('key');
    // made in the same transaction
    const made = await t.db.selectFrom('linkage_tokens').select('token_type').where('study_id', '=', demo).execute();
    expect(made.map((m) => m.token_type).sort()).toEqual(ALL);
    expect(await auditActions(t.db, demo)).toEqual(expect.arrayContaining(['linkage.configure', 'linkage.refresh']));
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'linkage.configure')
      .where('entity_id', '=', demo)
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ enabled: true, datasetName: 'DEMO linkage', kinds: ALL });
  });

  it('turning on needs the dataset configuration name and at least one kind of token (400 naming the field)', async () => {
    const noName = await call(t.app, updateLinkageConfiguration, {
      ...P(),
      body: { enabled: true, datasetName: '  ', tokenTypes: ['T1'] },
      token: tokens.studyadmin,
    });
    expect(noName.status).toBe(400);
    expect(noName.json.fieldErrors.datasetName[0]).toMatch(/dataset configuration name/);
    const noKind = await call(t.app, updateLinkageConfiguration, {
      ...P(),
      body: { enabled: true, datasetName: 'x', tokenTypes: [] },
      token: tokens.studyadmin,
    });
    expect(noKind.status).toBe(400);
    expect(noKind.json.fieldErrors.tokenTypes[0]).toBe('Choose at least one kind of token.');
  });

  it('turning off removes every token; the list then shows none', async () => {
    await setIdentifiers('DEMO-US001-0001', LUCIA);
    await turnOn();
    const off = await call(t.app, updateLinkageConfiguration, {
      ...P(),
      body: { enabled: false, datasetName: 'DEMO linkage', tokenTypes: ALL },
      token: tokens.studyadmin,
    });
    expect(off.json.enabled).toBe(false);
    expect(await t.db.selectFrom('linkage_tokens').select('token').where('study_id', '=', demo).execute()).toEqual([]);
    const l = await list();
    expect(l.enabled).toBe(false);
    expect(l.items.every((i) => i.tokens.every((c) => c.token === null))).toBe(true);
  });
});

describe('linkage tokens (H-024, H-027)', () => {
  it('the published test vectors: a key agreed with the partner gives the documented tokens', async () => {
    await setIdentifiers('DEMO-US001-0001', LUCIA);
    await setIdentifiers('DEMO-US001-0002', ROBERT);
    await turnOn();
    const r = await call(t.app, rotateLinkageKey, {
      ...P(),
      body: { confirmation: 'ROTATE', sharedKey: VECTOR_KEY.toUpperCase() },
      token: tokens.studyadmin,
    });
    expect(r.status).toBe(200);
    const l = await list();
    expect(tokensOf(l, 'DEMO-US001-0001')).toEqual(LUCIA_TOKENS);
    expect(tokensOf(l, 'DEMO-US001-0002')).toEqual(ROBERT_TOKENS);
  });

  it('the same identifiers written with other case, accents and spacing give the same tokens', async () => {
    await setIdentifiers('DEMO-US001-0001', LUCIA);
    await setIdentifiers('DEMO-ES001-0001', {
      first_name: '  LUCIA ',
      last_name: 'garcia  lopez',
      date_of_birth: '1984-07-09',
      gender: 'FEMALE',
      zipcode: '28013',
    });
    await turnOn();
    const l = await list();
    const a = tokensOf(l, 'DEMO-US001-0001');
    expect(Object.values(a).every((v) => typeof v === 'string' && v.length === 43)).toBe(true);
    expect(tokensOf(l, 'DEMO-ES001-0001')).toEqual(a);
  });

  it('another study (its own key) makes other tokens of the same person', async () => {
    await setIdentifiers('DEMO-US001-0001', LUCIA);
    await turnOn();
    const site = await idOf(t.db, 'sites', { site_code: 'GB-001' }).catch(
      async () =>
        (await t.db.selectFrom('sites').select('id').where('study_id', '=', sleep).executeTakeFirstOrThrow()).id,
    );
    await t.db
      .insertInto('participants')
      .values({
        study_id: sleep,
        site_id: site,
        participant_code: 'SLEEP-LINK-1',
        username: null,
        email: null,
        password_hash: null,
        ...LUCIA,
      })
      .execute();
    await turnOn(sleep);
    const demoTokens = tokensOf(await list(), 'DEMO-US001-0001');
    const sleepTokens = tokensOf(await list(tokens.studyadmin, sleep), 'SLEEP-LINK-1');
    for (const type of ALL) expect(sleepTokens[type]).not.toBe(demoTokens[type]);
  });

  it('a missing date of birth: the kinds needing it are not made and name what is missing', async () => {
    await setIdentifiers('DEMO-US001-0001', { ...LUCIA, date_of_birth: null } as never);
    await turnOn();
    const l = await list();
    const row = l.items.find((i) => i.participantCode === 'DEMO-US001-0001')!;
    expect(row.tokens).toEqual(ALL.map((type) => ({ type, token: null, madeAt: null, missing: ['dob'] })));
    expect(
      await t.db
        .selectFrom('linkage_tokens as k')
        .innerJoin('participants as p', 'p.id', 'k.participant_id')
        .select('k.token')
        .where('p.participant_code', '=', 'DEMO-US001-0001')
        .execute(),
    ).toEqual([]);
  });

  it('changed identifiers get new tokens when the list is next read (audited); unchanged ones keep theirs', async () => {
    await setIdentifiers('DEMO-US001-0001', LUCIA);
    await setIdentifiers('DEMO-US001-0002', ROBERT);
    await turnOn();
    const first = await list();
    const lucia = first.items.find((i) => i.participantCode === 'DEMO-US001-0001')!;
    await setIdentifiers('DEMO-US001-0001', { date_of_birth: '1984-07-10' });
    const audited = (await auditActions(t.db, demo)).filter((a) => a === 'linkage.refresh').length;
    const second = await list();
    expect(tokensOf(second, 'DEMO-US001-0001').T1).not.toBe(tokensOf(first, 'DEMO-US001-0001').T1);
    expect(tokensOf(second, 'DEMO-US001-0002')).toEqual(tokensOf(first, 'DEMO-US001-0002'));
    expect(second.items.find((i) => i.participantCode === 'DEMO-US001-0002')!.tokens[0]!.madeAt).toBe(
      first.items.find((i) => i.participantCode === 'DEMO-US001-0002')!.tokens[0]!.madeAt,
    );
    expect(lucia.tokens[0]!.madeAt).not.toBeNull();
    expect((await auditActions(t.db, demo)).filter((a) => a === 'linkage.refresh').length).toBe(audited + 1);
    // a third read with nothing changed writes nothing
    await list();
    expect((await auditActions(t.db, demo)).filter((a) => a === 'linkage.refresh').length).toBe(audited + 1);
  });

  it('rotating the key (confirmed) changes every token; without the confirmation nothing changes', async () => {
    await setIdentifiers('DEMO-US001-0001', LUCIA);
    await setIdentifiers('DEMO-US001-0002', ROBERT);
    await turnOn();
    const before = await list();
    const refused = await call(t.app, rotateLinkageKey, {
      ...P(),
      body: { confirmation: 'yes' },
      token: tokens.studyadmin,
    });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors.confirmation[0]).toMatch(/Type ROTATE to confirm/);
    const badKey = await call(t.app, rotateLinkageKey, {
      ...P(),
      body: { confirmation: 'ROTATE', sharedKey: 'abc' },
      token: tokens.studyadmin,
    });
    expect(badKey.status).toBe(400);
    expect(badKey.json.fieldErrors.sharedKey[0]).toBe('The key is 64 hexadecimal characters (32 bytes).');
    expect(await list()).toEqual(before);

    const r = await call(t.app, rotateLinkageKey, {
      ...P(),
      body: { confirmation: 'ROTATE' },
      token: tokens.studyadmin,
    });
    expect(r.status).toBe(200);
    expect(r.json.keyCreatedAt).not.toBeNull();
    // remade in the rotation's own transaction, before anyone reads the list
    const stored = await t.db
      .selectFrom('linkage_tokens as k')
      .innerJoin('participants as p', 'p.id', 'k.participant_id')
      .select(['p.participant_code', 'k.token_type', 'k.token'])
      .where('k.study_id', '=', demo)
      .execute();
    expect(stored.length).toBe(8);
    for (const k of stored) expect(k.token).not.toBe(tokensOf(before, k.participant_code)[k.token_type]);
    const after = await list();
    for (const code of ['DEMO-US001-0001', 'DEMO-US001-0002'])
      for (const type of ALL) expect(tokensOf(after, code)[type]).not.toBe(tokensOf(before, code)[type]);
    expect(await auditActions(t.db, demo)).toContain('linkage.key.rotate');
  });

  it('the CSV for the linkage partner: every participant of the caller’s sites, tokens as made (a leading _ or - kept); audited', async () => {
    await setIdentifiers('DEMO-US001-0001', LUCIA);
    await setIdentifiers('DEMO-US001-0002', ROBERT);
    await turnOn();
    await call(t.app, rotateLinkageKey, {
      ...P(),
      body: { confirmation: 'ROTATE', sharedKey: VECTOR_KEY },
      token: tokens.studyadmin,
    });
    const r = await call(t.app, downloadLinkageTokens, { ...P(), token: tokens.studyadmin });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    const lines = r.body.trim().split('\r\n');
    expect(lines[0]).toBe('dataset_configuration,participant_code,site_code,token_T1,token_T2,token_T3,token_T4');
    expect(lines).toContain(`DEMO linkage,DEMO-US001-0002,US-001,${Object.values(ROBERT_TOKENS).join(',')}`);
    expect(lines).toContain('DEMO linkage,DEMO-ES001-0002,ES-001,,,,');
    const live = await sql<{
      n: number;
    }>`select count(*)::int as n from participants where study_id = ${demo} and environment = 'LIVE'`.execute(t.db);
    expect(lines.length - 1).toBe(live.rows[0]!.n);
    expect(await auditActions(t.db, demo)).toContain('linkage.download');
  });

  it('the CSV while linkage is off: 409 saying to turn it on', async () => {
    const r = await call(t.app, downloadLinkageTokens, { ...P(), token: tokens.studyadmin });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('Linkage tokens are off for this study. Turn them on first.');
  });

  it('the test data space has its own configuration and tokens', async () => {
    await setIdentifiers('TEST-US001-0001', LUCIA);
    await turnOn();
    const r = await call(t.app, listLinkageTokens, { ...P(), token: tokens.studyadmin, headers: { env: 'test' } });
    expect(r.status).toBe(200);
    expect(r.json.enabled).toBe(false);
    expect(r.json.items.map((i: { participantCode: string }) => i.participantCode)).toEqual(['TEST-US001-0001']);
  });
});

describe('linkage access', () => {
  it('a role without the permissions is refused (403): configuring needs studies.design, the list exports.run', async () => {
    expect((await call(t.app, getLinkageConfiguration, { ...P(), token: tokens['crc.demo'] })).status).toBe(403);
    expect((await call(t.app, listLinkageTokens, { ...P(), token: tokens['crc.demo'] })).status).toBe(403);
    expect((await call(t.app, downloadLinkageTokens, { ...P(), token: tokens['cra.demo'] })).status).toBe(403);
    const put = await call(t.app, updateLinkageConfiguration, {
      ...P(),
      body: { enabled: true, datasetName: 'x', tokenTypes: ['T1'] },
      token: tokens['crc.demo'],
    });
    expect(put.status).toBe(403);
    expect(
      (await call(t.app, rotateLinkageKey, { ...P(), body: { confirmation: 'ROTATE' }, token: tokens['crc.demo'] }))
        .status,
    ).toBe(403);
  });

  it('a site coordinator who may export sees only their own site’s participants, in the list and the CSV', async () => {
    await setIdentifiers('DEMO-US001-0001', LUCIA);
    await turnOn();
    const crc = await idOf(t.db, 'users', { username: 'crc.demo' });
    await t.db
      .updateTable('study_assignments')
      .set({ role: 'StudyManager' })
      .where('user_id', '=', crc)
      .where('study_id', '=', demo)
      .execute();
    const l = await list(tokens['crc.demo']);
    expect(new Set(l.items.map((i) => i.siteCode))).toEqual(new Set(['US-001']));
    expect(l.total).toBe(l.items.length);
    const csv = await call(t.app, downloadLinkageTokens, { ...P(), token: tokens['crc.demo'] });
    expect(csv.status).toBe(200);
    expect(csv.body).not.toContain('ES-001');
    expect(csv.body).toContain('DEMO-US001-0001');
  });

  it('a study the person is not on: 403', async () => {
    const crc = await idOf(t.db, 'users', { username: 'crc.demo' });
    expect(
      await t.db
        .selectFrom('study_assignments')
        .select('study_id')
        .where('user_id', '=', crc)
        .where('study_id', '=', sleep)
        .execute(),
    ).toEqual([]);
    expect((await call(t.app, listLinkageTokens, { ...P(sleep), token: tokens['crc.demo'] })).status).toBe(403);
  });
});
