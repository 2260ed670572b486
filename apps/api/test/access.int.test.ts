import {
  getInstantUser,
  getParticipant,
  getRoles,
  getStudy,
  listStudies,
  validateUserAccess,
} from '@trialpath/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '@trialpath/domain';
import { upsertFlag } from '../src/modules/flags/flags.repository';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let sleep: string;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  for (const u of ['admin', 'studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'])
    tokens[u] = (await staffAccess(t, u)).accessToken;
});
afterAll(() => t?.close());

const NO_ACCESS = { code: 'FORBIDDEN', message: 'You do not have access to this page.', messageKey: 'access.denied' };
const participant = (code: string) => idOf(t.db, 'participants', { participant_code: code });
const summary = (user: string, participantId: string, headers?: Record<string, string>) =>
  call(t.app, getParticipant, { params: { studyId: demo, participantId }, token: tokens[user], headers });

describe('participant record guard', () => {
  it('a site-1 coordinator sees a site-1 participant but not one of site 2', async () => {
    const own = await summary('crc.demo', await participant('DEMO-US001-0001'));
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ participantId: 'DEMO-US001-0001', environment: 'LIVE' });
    const other = await summary('crc.demo', await participant('DEMO-ES001-0001'));
    expect(other.status).toBe(403);
    expect(other.json).toEqual(NO_ACCESS);
  });

  it('an unknown id looks exactly like a forbidden one to a non-admin', async () => {
    const r = await summary('crc.demo', crypto.randomUUID());
    expect(r.status).toBe(403);
    expect(r.json).toEqual(NO_ACCESS);
  });

  it('the CRA on both sites with data access BOTH sees site 2', async () => {
    const r = await summary('cra.demo', await participant('DEMO-ES001-0001'));
    expect(r.status).toBe(200);
  });

  it('data access type narrows by site sub-type', async () => {
    await sql`update users set data_access_type = 'CLINIC' where username = 'cra.demo'`.execute(t.db);
    try {
      expect((await summary('cra.demo', await participant('DEMO-US001-0001'))).status).toBe(200);
      expect((await summary('cra.demo', await participant('DEMO-ES001-0001'))).status).toBe(403);
      const details = await call(t.app, getStudy, { params: { studyId: demo }, token: tokens['cra.demo'] });
      expect(details.json.sites.map((s: { siteId: string }) => s.siteId)).toEqual(['US-001']);
    } finally {
      await sql`update users set data_access_type = 'BOTH' where username = 'cra.demo'`.execute(t.db);
    }
  });

  it('a TEST participant is invisible in LIVE and visible with the env: test header', async () => {
    const id = await participant('TEST-US001-0001');
    expect((await summary('crc.demo', id)).status).toBe(403);
    const r = await summary('crc.demo', id, { env: 'test' });
    expect(r.status).toBe(200);
    expect(r.json.environment).toBe('TEST');
    // and a LIVE participant is invisible from the test environment
    expect((await summary('crc.demo', await participant('DEMO-US001-0001'), { env: 'test' })).status).toBe(403);
  });

  it('the test environment answers only while the test-portal flag is on for the client', async () => {
    const id = await participant('TEST-US001-0001');
    const { client_id: clientId } = await t.db
      .selectFrom('users')
      .select('client_id')
      .where('username', '=', 'crc.demo')
      .executeTakeFirstOrThrow();
    const setFlag = (enabled: boolean, customers: string[] | null) =>
      upsertFlag(t.db, clientId, FEATURE_FLAGS.testPortal, enabled, customers);
    try {
      await setFlag(false, null);
      const off = await summary('crc.demo', id, { env: 'test' });
      expect(off.status).toBe(404);
      expect(off.json).toEqual({
        code: 'FEATURE_DISABLED',
        message: 'Page not found',
        messageKey: 'page.notFound',
        details: { flag: 'test-portal' },
      });
      // the live environment is not affected
      expect((await summary('crc.demo', await participant('DEMO-US001-0001'))).status).toBe(200);
      await setFlag(true, ['another-customer']);
      expect((await summary('crc.demo', id, { env: 'test' })).status).toBe(404);
      await setFlag(true, [clientId]);
      expect((await summary('crc.demo', id, { env: 'test' })).status).toBe(200);
    } finally {
      await setFlag(true, []);
    }
  });

  it('the permission comes first: the platform admin has no participants.view', async () => {
    expect((await summary('admin', await participant('DEMO-US001-0001'))).status).toBe(403);
  });

  it('validate-user: 403 with the message when not assigned', async () => {
    expect(
      (await call(t.app, validateUserAccess, { params: { studyId: demo }, token: tokens['pi.demo'] })).status,
    ).toBe(200);
    const r = await call(t.app, validateUserAccess, { params: { studyId: sleep }, token: tokens['pi.demo'] });
    expect(r.status).toBe(403);
    expect(r.json).toEqual(NO_ACCESS);
  });
});

describe('studies list', () => {
  const list = (user: string, query: Record<string, string | number> = {}) =>
    call(t.app, listStudies, { token: tokens[user], query });

  it('is scoped: the admin sees every study of the client, a coordinator only assigned ones', async () => {
    const admin = await list('admin');
    expect(admin.json.total).toBe(3);
    expect(admin.json.items.map((s: { code: string }) => s.code)).toEqual(['CARDIO', 'SLEEP', 'DEMO']);
    const crc = await list('crc.demo');
    expect(crc.json.items).toHaveLength(1);
    // The coordinator is on Boston only: the list counts the sites the study page shows (one of two).
    expect(crc.json.items[0]).toMatchObject({ code: 'DEMO', userRole: 'StudyCoordinator', siteCount: 1 });
    const sa = await list('studyadmin');
    expect(sa.json.items.map((s: { code: string }) => s.code)).toEqual(['SLEEP', 'DEMO']);
  });

  it('searches name and code, case-insensitively, with % taken literally', async () => {
    expect((await list('admin', { search: 'sleep' })).json.items.map((s: { code: string }) => s.code)).toEqual([
      'SLEEP',
    ]);
    expect((await list('admin', { search: 'dem' })).json.total).toBe(1);
    // words of the name alone (no code has them)
    expect((await list('admin', { search: 'TRIALPATH DEMO' })).json.items.map((s: { code: string }) => s.code)).toEqual(
      ['DEMO'],
    );
    expect((await list('admin', { search: '%' })).json.total).toBe(0);
  });

  it('searches the sponsor too ("Name, code or sponsor")', async () => {
    const codes = async (search: string) =>
      (await list('admin', { search })).json.items.map((s: { code: string }) => s.code);
    expect(await codes('northwind')).toEqual(['SLEEP']);
    expect(await codes('Contoso Card')).toEqual(['CARDIO']);
    // A term in no name, code or sponsor finds nothing.
    expect(await codes('zzz-nobody')).toEqual([]);
  });

  it('counts the sites each user may see, as the study page lists them', async () => {
    const seen: string[] = [];
    for (const user of ['admin', 'studyadmin', 'pi.demo', 'crc.demo', 'cra.demo']) {
      for (const item of (await list(user)).json.items as { id: string; code: string; siteCount: number }[]) {
        const details = await call(t.app, getStudy, { token: tokens[user], params: { studyId: item.id } });
        expect(details.status).toBe(200);
        expect({ user, study: item.code, sites: item.siteCount }).toEqual({
          user,
          study: item.code,
          sites: details.json.sites.length,
        });
        seen.push(`${user}:${item.code}:${item.siteCount}`);
      }
    }
    // Not all the same number: the admin sees both DEMO sites, the Boston-only coordinator one.
    expect(seen).toContain('admin:DEMO:2');
    expect(seen).toContain('crc.demo:DEMO:1');
    expect(seen).toContain('cra.demo:DEMO:2');
  });

  it('counts by the data access type as the study page does', async () => {
    // The test's own writes are rolled back after it (decision 0017).
    await sql`update users set data_access_type = 'CLINIC' where username = 'cra.demo'`.execute(t.db);
    const item = (await list('cra.demo')).json.items[0];
    const details = await call(t.app, getStudy, { params: { studyId: item.id }, token: tokens['cra.demo'] });
    expect(details.json.sites).toHaveLength(1);
    expect(item.siteCount).toBe(1);
  });

  it('sorts and pages', async () => {
    const byCode = await list('admin', { sort: 'code', order: 'desc' });
    expect(byCode.json.items.map((s: { code: string }) => s.code)).toEqual(['SLEEP', 'DEMO', 'CARDIO']);
    const p2 = await list('admin', { sort: 'code', order: 'asc', pageSize: 2, page: 2 });
    expect(p2.json).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.json.items.map((s: { code: string }) => s.code)).toEqual(['SLEEP']);
    // A page past the end is empty but still tells the total, so the portal can step back.
    const past = await list('admin', { pageSize: 2, page: 5 });
    expect(past.json).toMatchObject({ items: [], total: 3, page: 5 });
    for (const pageSize of [500, 0, 2.5]) {
      const bad = await list('admin', { pageSize });
      expect(bad.status).toBe(400);
      expect(bad.json.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(bad.json.fieldErrors)).toEqual(['pageSize']);
    }
  });
});

describe('users and roles', () => {
  it('instant user: study assignments with assigned sites and the data access type', async () => {
    const id = await idOf(t.db, 'users', { username: 'cra.demo' });
    const r = await call(t.app, getInstantUser, { params: { userId: id }, token: tokens['cra.demo'] });
    expect(r.json.userDataAccessType).toBe('BOTH');
    expect(r.json.userStudies).toHaveLength(1);
    expect(r.json.userStudies[0]).toMatchObject({ studyId: demo, userRole: 'Cra', readOnly: true });
    expect(r.json.userStudies[0].assignedSiteIds).toHaveLength(2);
    // another user's data needs users.view
    expect((await call(t.app, getInstantUser, { params: { userId: id }, token: tokens['crc.demo'] })).status).toBe(403);
    expect((await call(t.app, getInstantUser, { params: { userId: id }, token: tokens.admin })).status).toBe(200);
  });

  it('roles by type, with the hierarchy flag', async () => {
    const site = await call(t.app, getRoles, { query: { type: 'site' }, token: tokens['crc.demo'] });
    expect(site.json.items.map((r: { name: string }) => r.name).sort()).toEqual(
      ['CallCenter', 'HomeHealth', 'Pi', 'Rater', 'SiteDataLock', 'StudyCoordinator', 'SubPi'].sort(),
    );
    const all = await call(t.app, getRoles, { query: { type: 'platform' }, token: tokens.studyadmin });
    expect(all.json.items.some((r: { name: string }) => r.name === 'SystemAdmin')).toBe(true);
    const below = await call(t.app, getRoles, {
      query: { type: 'platform', hierarchy: 'true' },
      token: tokens.studyadmin,
    });
    expect(below.json.items.some((r: { name: string }) => r.name === 'SystemAdmin')).toBe(false);
    expect(below.json.items.find((r: { name: string }) => r.name === 'StudyAdmin').permissions).toContain(
      'studies.design',
    );
  });

  it('study details carry isNewStudyConfigurator and languages', async () => {
    const r = await call(t.app, getStudy, { params: { studyId: demo }, token: tokens['pi.demo'] });
    expect(r.json).toMatchObject({ code: 'DEMO', isNewStudyConfigurator: true, languages: ['en', 'es'] });
    expect(r.json.sites.map((s: { siteId: string }) => s.siteId)).toEqual(['US-001']);
    expect((await call(t.app, getStudy, { params: { studyId: demo }, token: tokens.admin })).json.sites).toHaveLength(
      2,
    );
    expect((await call(t.app, getStudy, { params: { studyId: sleep }, token: tokens['pi.demo'] })).status).toBe(403);
  });
});
