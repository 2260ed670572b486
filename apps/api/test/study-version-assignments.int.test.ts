/**
 * Version assignments (C-076, A-154, C-171; decision 0030): which version each country and site of a
 * study runs, per data space, the body naming its data space. DEMO: countries US and ES, sites Boston
 * (US-001) and Madrid (ES-001); live runs the published v1, test the draft v2. SLEEP's site is London.
 */
import { getVersionAssignments, publishStudyVersion, setVersionAssignment } from '@trialpath/contract';
import { FEATURE_FLAGS } from '@trialpath/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertFlag } from '../src/modules/flags/flags.repository';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let v1: string;
let v2: string;
let boston: string;
let madrid: string;
let london: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  const study = await t.db
    .selectFrom('studies')
    .select(['live_version_id', 'test_version_id'])
    .where('id', '=', demo)
    .executeTakeFirstOrThrow();
  v1 = study.live_version_id!;
  v2 = study.test_version_id!;
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  london = await idOf(t.db, 'sites', { site_code: 'GB-001' });
  for (const u of ['admin', 'studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'])
    tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const read = (user = 'studyadmin') =>
  call(t.app, getVersionAssignments, { params: { studyId: demo }, token: tokens[user] });
const assign = (body: Record<string, unknown>, user = 'studyadmin') =>
  call(t.app, setVersionAssignment, {
    params: { studyId: demo },
    token: tokens[user],
    body: { reason: 'Spanish ethics committee approval pending', ...body },
  });
const space = (json: { spaces: { environment: string }[] }, env: string) =>
  json.spaces.find((s) => s.environment === env) as unknown as {
    studyVersion: { id: string } | null;
    countries: { countryId: string; assigned: { id: string } | null }[];
    sites: { siteId: string; version: { id: string; shortName: string } | null; source: string }[];
  };
const siteIn = (s: ReturnType<typeof space>, id: string) => s.sites.find((x) => x.siteId === id)!;
const publishV2 = () =>
  call(t.app, publishStudyVersion, {
    params: { studyId: demo, versionId: v2 },
    token: tokens.studyadmin,
    body: { reason: 'Amendment 1' },
  });

describe('reading the assignments', () => {
  it('both data spaces: every country and site, each site on its data space’s version until assigned', async () => {
    const r = await read();
    expect(r.status).toBe(200);
    expect(r.json.spaces.map((s: { environment: string }) => s.environment)).toEqual(['LIVE', 'TEST']);
    const live = space(r.json, 'LIVE');
    expect(live.studyVersion).toMatchObject({ id: v1, number: 1, name: 'v1', shortName: 'v1' });
    expect(live.countries).toEqual([
      expect.objectContaining({ countryId: 'US', assigned: null }),
      expect.objectContaining({ countryId: 'ES', assigned: null }),
    ]);
    expect(live.sites.map((s) => [s.siteId, s.version?.id, s.source])).toEqual([
      [madrid, v1, 'study'],
      [boston, v1, 'study'],
    ]);
    expect(space(r.json, 'TEST').studyVersion).toMatchObject({ id: v2 });
  });

  it.each([
    ['cra.demo', 403],
    ['pi.demo', 403],
    ['crc.demo', 403],
    ['admin', 200],
  ])('%s reading them → %i', async (user, status) => {
    expect((await read(user)).status).toBe(status);
  });
});

describe('assigning a version (the body names its data space, A-154)', () => {
  it('a country in live: its sites run that version; a site’s own assignment wins over its country’s; audited', async () => {
    expect((await publishV2()).status).toBe(200);
    // v2 goes live; Spain stays on v1 until its ethics committee approves
    await sql`update studies set live_version_id = ${v2} where id = ${demo}`.execute(t.db);
    const r = await assign({ env: 'LIVE', countryId: 'ES', versionId: v1 });
    expect(r.status).toBe(200);
    expect(r.json.environment).toBe('LIVE');
    expect(siteIn(r.json, madrid)).toMatchObject({ version: { id: v1 }, source: 'country' });
    expect(siteIn(r.json, boston)).toMatchObject({ version: { id: v2 }, source: 'study' });
    const entry = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'study.version.assign')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      entity_type: 'study_version',
      entity_id: v1,
      reason: 'Spanish ethics committee approval pending',
      before: { env: 'LIVE', countryId: 'ES', versionId: null },
      after: { env: 'LIVE', countryId: 'ES', versionId: v1 },
    });
    const site = await assign({ env: 'LIVE', siteId: madrid, versionId: v2 });
    expect(siteIn(site.json, madrid)).toMatchObject({ version: { id: v2 }, source: 'site' });
    // the assignment is taken away again: Madrid follows its country
    const back = await assign({ env: 'LIVE', siteId: madrid, versionId: null });
    expect(back.status).toBe(200);
    expect(siteIn(back.json, madrid)).toMatchObject({ version: { id: v1 }, source: 'country' });
    // the live assignments do not touch the test data space
    expect(siteIn(space((await read()).json, 'TEST'), madrid)).toMatchObject({ version: { id: v2 }, source: 'study' });
  });

  it('C-171: assigned versions carry their shortened name', async () => {
    const name = 'Amendment 3 for the Spanish sites';
    await sql`update study_versions set name = ${name}, name_key = ${name.toLowerCase()} where id = ${v2}`.execute(
      t.db,
    );
    const r = await assign({ env: 'TEST', siteId: madrid, versionId: v2 });
    expect(siteIn(r.json, madrid).version?.shortName).toBe('Amendment 3 for the …');
  });

  it('the draft may run at test sites, not at live ones; an archived version nowhere', async () => {
    expect((await assign({ env: 'TEST', siteId: boston, versionId: v2 })).status).toBe(200);
    const live = await assign({ env: 'LIVE', siteId: boston, versionId: v2 });
    expect(live.status).toBe(409);
    expect(live.json).toMatchObject({
      messageKey: 'versions.notPublished',
      fieldErrorKeys: { versionId: [{ key: 'versions.notPublished' }] },
    });
    await sql`update study_versions set status = 'ARCHIVED' where id = ${v1}`.execute(t.db);
    const archived = await assign({ env: 'LIVE', siteId: boston, versionId: v1 });
    expect(archived.status).toBe(409);
    expect(archived.json.fieldErrorKeys.versionId[0].key).toBe('versions.archived');
  });

  it.each([
    [{ env: 'LIVE', versionId: 'V1' }, 'siteId', 'versions.siteOrCountry', 400],
    [{ env: 'LIVE', siteId: 'MADRID', countryId: 'ES', versionId: 'V1' }, 'countryId', 'versions.siteOrCountry', 400],
    [{ env: 'LIVE', siteId: 'LONDON', versionId: 'V1' }, 'siteId', 'versions.siteNotInStudy', 400],
    [{ env: 'LIVE', countryId: 'GB', versionId: 'V1' }, 'countryId', 'versions.countryNotInStudy', 400],
    [{ env: 'LIVE', countryId: 'es', versionId: 'V1' }, 'countryId', 'errors.invalidFormat', 400],
    [
      { env: 'LIVE', countryId: 'ES', versionId: '00000000-0000-4000-8000-000000000000' },
      'versionId',
      'errors.notFound',
      400,
    ],
    // a missing choice reads as an invalid value (the shared issue mapping: zod's invalid_value)
    [{ countryId: 'ES', versionId: 'V1' }, 'env', 'errors.invalidValue', 400],
    [{ env: 'live', countryId: 'ES', versionId: 'V1' }, 'env', 'errors.invalidValue', 400],
    [{ env: 'LIVE', countryId: 'ES' }, 'versionId', 'errors.required', 400],
  ])('the body %j is refused on %s (%s)', async (body, field, key, status) => {
    const ids: Record<string, string> = { V1: v1, MADRID: madrid, LONDON: london };
    const resolved = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, ids[v as string] ?? v]));
    const r = await assign(resolved);
    expect(r.status).toBe(status);
    expect(r.json.fieldErrorKeys[field]?.[0]?.key).toBe(key);
    const n = await t.db.selectFrom('version_assignments').select('id').execute();
    expect(n).toHaveLength(0);
  });

  it('without a reason: 400 REASON_REQUIRED', async () => {
    const r = await call(t.app, setVersionAssignment, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { env: 'LIVE', countryId: 'ES', versionId: v1 },
    });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('REASON_REQUIRED');
  });

  it('a test assignment while the client has no test portal: refused (page not found), as the Env header would be', async () => {
    const { client_id } = await t.db
      .selectFrom('studies')
      .select('client_id')
      .where('id', '=', demo)
      .executeTakeFirstOrThrow();
    await upsertFlag(t.db, client_id, FEATURE_FLAGS.testPortal, false, null);
    const r = await assign({ env: 'TEST', countryId: 'ES', versionId: v1 });
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ code: 'FEATURE_DISABLED' });
    expect((await assign({ env: 'LIVE', countryId: 'ES', versionId: v1 })).status).toBe(200);
  });

  it.each([
    ['cra.demo', 403],
    ['pi.demo', 403],
    ['crc.demo', 403],
  ])('%s assigning → %i', async (user, status) => {
    expect((await assign({ env: 'LIVE', countryId: 'ES', versionId: v1 }, user)).status).toBe(status);
  });

  it('a read-only assignment cannot assign', async () => {
    await sql`update study_assignments set read_only = true where study_id = ${demo} and user_id = (select id from users where username = 'studyadmin')`.execute(
      t.db,
    );
    expect((await assign({ env: 'LIVE', countryId: 'ES', versionId: v1 })).status).toBe(403);
  });
});
