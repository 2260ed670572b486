/**
 * Sites, the research team and site teams (issue 9, decision 0032): site list entries (C-146), fields
 * (C-147), status per data space decided by the page (C-148, C-150), GET/POST/PUT (C-149), the sites of a
 * user (C-158), global site settings (C-159, C-160); team search by scope and role (A-108, C-153, C-154),
 * add (C-151), invite through the outbox and registration (C-152), activate (C-155), edit role (C-156),
 * blind (C-157). Access by role: a site role sees only its sites; a Cra cannot change anything.
 */
import {
  addTeamMember,
  createSite,
  getSite,
  getSiteSettings,
  inviteTeamMember,
  listSites,
  listUserSites,
  registerUser,
  searchTeam,
  setSiteMemberBlinded,
  setTeamMemberStatus,
  updateSite,
  updateSiteSettings,
  updateSiteStatus,
  updateTeamMemberRole,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, latestOutbox, staffAccess, type TestApp } from './helpers';

let t: TestApp;
let demo: string;
let sleep: string;
let boston: string;
let madrid: string;
let london: string;
const tokens: Record<string, string> = {};
type DemoUser = 'admin' | 'studyadmin' | 'pi.demo' | 'crc.demo' | 'cra.demo';
const ids = {} as Record<DemoUser, string>;
const TEST_PAGE = { env: 'test' };

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  london = await idOf(t.db, 'sites', { site_code: 'GB-001' });
  for (const u of ['admin', 'studyadmin', 'pi.demo', 'crc.demo', 'cra.demo'] as const) {
    tokens[u] = (await staffAccess(t, u)).accessToken;
    ids[u] = await idOf(t.db, 'users', { username: u });
  }
});
afterAll(() => t?.close());

const MADRID_NEW = {
  siteId: 'ES-002',
  name: 'Hospital Clínic Barcelona',
  countryId: 'es',
  siteSubType: 'CLINIC',
  address: 'Carrer de Villarroel 170',
  city: 'Barcelona',
  postalCode: '08036',
  contactName: 'Marta Puig',
  contactEmail: 'marta.puig@clinic.example',
  contactPhone: '+34 932 27 54 00',
};

async function auditOf(action: string, entityId: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'entity_type', 'before', 'after', 'reason', 'environment', 'actor_id'])
    .where('action', '=', action)
    .where('entity_id', '=', entityId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

describe('sites (C-146, C-147, C-149)', () => {
  it('the list entry: id, name, siteId, countryList and countryNameList, with the status of the page’s data space', async () => {
    const r = await call(t.app, listSites, { params: { studyId: demo }, token: tokens.studyadmin });
    expect(r.status).toBe(200);
    expect(r.json.siteAccessType).toBe('LIVE');
    expect(r.json.items.map((s: { siteId: string }) => s.siteId)).toEqual(['ES-001', 'US-001']);
    expect(r.json.items[0]).toMatchObject({
      id: madrid,
      siteId: 'ES-001',
      siteSubType: 'HOME_HEALTH',
      status: 'ACTIVE',
      countryList: [{ countryId: 'ES', countryName: 'Spain' }],
      countryNameList: ['Spain'],
    });
    const es = await call(t.app, listSites, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      headers: { 'accept-language': 'es' },
    });
    expect(es.json.items[0].countryNameList).toEqual(['España']);
  });

  it('a StudyAdmin creates a site: test ACTIVE, live PENDING, its fields read back; audited', async () => {
    const r = await call(t.app, createSite, { params: { studyId: demo }, token: tokens.studyadmin, body: MADRID_NEW });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      siteId: 'ES-002',
      countryId: 'ES',
      city: 'Barcelona',
      contactEmail: 'marta.puig@clinic.example',
      siteAccessType: 'LIVE',
      status: 'PENDING',
      testStatus: 'ACTIVE',
      liveStatus: 'PENDING',
      siteTeamMembers: [],
    });
    const read = await call(t.app, getSite, { params: { studyId: demo, siteId: r.json.id }, token: tokens.studyadmin });
    expect(read.json.name).toBe('Hospital Clínic Barcelona');
    expect(read.json.siteSubType).toBe('CLINIC'); // what participant access compares with the data access type (E-057)
    const entry = await auditOf('site.create', r.json.id);
    expect(entry).toMatchObject({
      entity_type: 'site',
      actor_id: ids.studyadmin,
      after: { studyId: demo, siteId: 'ES-002', countryId: 'ES', liveStatus: 'PENDING' },
    });
  });

  it.each([
    [{ ...MADRID_NEW, countryId: 'XX' }, 'countryId', 400],
    [{ ...MADRID_NEW, siteSubType: 'SPACESHIP' }, 'siteSubType', 400],
    [{ ...MADRID_NEW, siteId: 'ES 002!' }, 'siteId', 400],
    [{ ...MADRID_NEW, name: '' }, 'name', 400],
    [{ ...MADRID_NEW, contactEmail: 'not-an-address' }, 'contactEmail', 400],
    [{ ...MADRID_NEW, siteId: 'es-001' }, 'siteId', 409],
  ])('the body %j is refused on %s (%i), nothing created', async (body, field, status) => {
    const r = await call(t.app, createSite, { params: { studyId: demo }, token: tokens.studyadmin, body });
    expect(r.status).toBe(status);
    expect(Object.keys(r.json.fieldErrors ?? {})).toContain(field);
    const n = await t.db.selectFrom('sites').select('id').where('study_id', '=', demo).execute();
    expect(n).toHaveLength(2);
  });

  it('the duplicate code has its own message', async () => {
    const r = await call(t.app, createSite, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { ...MADRID_NEW, siteId: 'US-001' },
    });
    expect(r.json.fieldErrors.siteId).toEqual(['This study already has a site with the code US-001.']);
  });

  it.each([
    ['cra.demo', 403],
    ['pi.demo', 403],
    ['crc.demo', 403],
  ])('%s creating a site → %i', async (user, status) => {
    const r = await call(t.app, createSite, { params: { studyId: demo }, token: tokens[user], body: MADRID_NEW });
    expect(r.status).toBe(status);
  });

  it('editing a site: its fields change, audited old → new; another user’s study is refused', async () => {
    const r = await call(t.app, updateSite, {
      params: { studyId: demo, siteId: madrid },
      token: tokens.studyadmin,
      body: { ...MADRID_NEW, siteId: 'ES-001', name: 'Madrid Home Care', siteSubType: 'HOME_HEALTH', city: 'Madrid' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ name: 'Madrid Home Care', city: 'Madrid', siteId: 'ES-001' });
    const entry = await auditOf('site.update', madrid);
    expect(entry?.before).toMatchObject({ name: 'Madrid Centro de Investigación', city: '' });
    expect(entry?.after).toMatchObject({ name: 'Madrid Home Care', city: 'Madrid' });
    const cra = await call(t.app, updateSite, {
      params: { studyId: demo, siteId: madrid },
      token: tokens['cra.demo'],
      body: MADRID_NEW,
    });
    expect(cra.status).toBe(403);
  });

  it('a site role sees only its own sites (pi.demo: Boston), and another site is not found', async () => {
    const list = await call(t.app, listSites, { params: { studyId: demo }, token: tokens['pi.demo'] });
    expect(list.status).toBe(200);
    expect(list.json.items.map((s: { id: string }) => s.id)).toEqual([boston]);
    const other = await call(t.app, getSite, { params: { studyId: demo, siteId: madrid }, token: tokens['pi.demo'] });
    expect(other.status).toBe(404);
    const own = await call(t.app, getSite, { params: { studyId: demo, siteId: boston }, token: tokens['pi.demo'] });
    expect(own.status).toBe(200);
    const sleepSites = await call(t.app, listSites, { params: { studyId: sleep }, token: tokens['pi.demo'] });
    expect(sleepSites.status).toBe(403);
  });
});

describe('site status per data space (C-148, C-150)', () => {
  it('the page’s address decides: a change on a test page changes the test status only; reason audited', async () => {
    const r = await call(t.app, updateSiteStatus, {
      params: { studyId: demo, siteId: boston },
      token: tokens.studyadmin,
      headers: TEST_PAGE,
      body: { status: 'ON_HOLD', reason: 'Pharmacy audit' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      siteAccessType: 'TEST',
      status: 'ON_HOLD',
      testStatus: 'ON_HOLD',
      liveStatus: 'ACTIVE',
    });
    const live = await call(t.app, getSite, { params: { studyId: demo, siteId: boston }, token: tokens.studyadmin });
    expect(live.json).toMatchObject({ siteAccessType: 'LIVE', status: 'ACTIVE' });
    const test = await call(t.app, listSites, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      headers: TEST_PAGE,
    });
    expect(test.json.siteAccessType).toBe('TEST');
    expect(test.json.items.find((s: { id: string }) => s.id === boston).status).toBe('ON_HOLD');
    const entry = await auditOf('site.status', boston);
    expect(entry).toMatchObject({
      environment: 'TEST',
      reason: 'Pharmacy audit',
      before: { status: 'ACTIVE', siteAccessType: 'TEST' },
      after: { status: 'ON_HOLD', siteAccessType: 'TEST' },
    });
  });

  it.each([
    [{ status: 'ACTIVE' }, 400],
    [{ status: 'OPEN', reason: 'x' }, 400],
  ])('the body %j is refused (%i)', async (body, status) => {
    const r = await call(t.app, updateSiteStatus, {
      params: { studyId: demo, siteId: boston },
      token: tokens.studyadmin,
      body,
    });
    expect(r.status).toBe(status);
  });

  it('a Cra cannot change a status', async () => {
    const r = await call(t.app, updateSiteStatus, {
      params: { studyId: demo, siteId: boston },
      token: tokens['cra.demo'],
      body: { status: 'CLOSED', reason: 'x' },
    });
    expect(r.status).toBe(403);
  });
});

describe('the sites of a user (C-158)', () => {
  it('one’s own always; another user’s with users.view; a user without it is refused', async () => {
    const own = await call(t.app, listUserSites, {
      params: { studyId: demo, userId: ids['pi.demo'] },
      token: tokens['pi.demo'],
    });
    expect(own.status).toBe(200);
    expect(own.json.items.map((s: { id: string }) => s.id)).toEqual([boston]);
    const cra = await call(t.app, listUserSites, {
      params: { studyId: demo, userId: ids['cra.demo'] },
      token: tokens.studyadmin,
    });
    expect(cra.json.items.map((s: { siteId: string }) => s.siteId)).toEqual(['ES-001', 'US-001']);
    const refused = await call(t.app, listUserSites, {
      params: { studyId: demo, userId: ids['crc.demo'] },
      token: tokens['pi.demo'],
    });
    expect(refused.status).toBe(403);
  });
});

describe('global site settings (C-159, C-160)', () => {
  it('three flags, off until set; set with PUT, read back, audited old → new', async () => {
    const first = await call(t.app, getSiteSettings, { params: { studyId: demo }, token: tokens['pi.demo'] });
    expect(first.json).toEqual({
      studyId: demo,
      isAddParticipantGlobalSettingEnabled: false,
      isDocumentGlobalSettingEnabled: false,
      isDownloadEsourceDocsEnabled: false,
    });
    const body = {
      isAddParticipantGlobalSettingEnabled: true,
      isDocumentGlobalSettingEnabled: false,
      isDownloadEsourceDocsEnabled: true,
    };
    const r = await call(t.app, updateSiteSettings, { params: { studyId: demo }, token: tokens.studyadmin, body });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ studyId: demo, ...body });
    const again = await call(t.app, getSiteSettings, { params: { studyId: demo }, token: tokens.studyadmin });
    expect(again.json).toEqual({ studyId: demo, ...body });
    // each flag on its own: the other way round
    const flipped = {
      isAddParticipantGlobalSettingEnabled: false,
      isDocumentGlobalSettingEnabled: true,
      isDownloadEsourceDocsEnabled: false,
    };
    const put = (b: typeof body) =>
      call(t.app, updateSiteSettings, { params: { studyId: demo }, token: tokens.studyadmin, body: b });
    expect((await put(flipped)).json).toEqual({ studyId: demo, ...flipped });
    expect((await call(t.app, getSiteSettings, { params: { studyId: demo }, token: tokens.studyadmin })).json).toEqual({
      studyId: demo,
      ...flipped,
    });
    expect((await put(body)).status).toBe(200);
    const entry = await auditOf('site.settings', demo);
    expect(entry?.before).toMatchObject({
      isAddParticipantGlobalSettingEnabled: false,
      isDocumentGlobalSettingEnabled: true,
    });
    expect(entry?.after).toMatchObject({
      isAddParticipantGlobalSettingEnabled: true,
      isDownloadEsourceDocsEnabled: true,
    });
  });

  it.each([
    [
      {
        isAddParticipantGlobalSettingEnabled: 'yes',
        isDocumentGlobalSettingEnabled: false,
        isDownloadEsourceDocsEnabled: false,
      },
      400,
    ],
    [{ isAddParticipantGlobalSettingEnabled: true }, 400],
  ])('the body %j is refused (%i)', async (body, status) => {
    const r = await call(t.app, updateSiteSettings, { params: { studyId: demo }, token: tokens.studyadmin, body });
    expect(r.status).toBe(status);
  });

  it('a Cra cannot set them', async () => {
    const r = await call(t.app, updateSiteSettings, {
      params: { studyId: demo },
      token: tokens['cra.demo'],
      body: {
        isAddParticipantGlobalSettingEnabled: true,
        isDocumentGlobalSettingEnabled: true,
        isDownloadEsourceDocsEnabled: true,
      },
    });
    expect(r.status).toBe(403);
  });
});

const names = (r: { json: { items: { email: string }[] } }) => r.json.items.map((m) => m.email.split('@')[0]).sort();

describe('team search (A-108, C-153, C-154)', () => {
  it.each([
    ['ADMIN', 'all', ['studyadmin']],
    ['STUDY_TEAM', 'all', ['cra.demo']],
    ['SITE_TEAM', 'all', ['crc.demo', 'new.coordinator', 'pi.demo']],
    ['team', 'all', ['crc.demo', 'new.coordinator', 'pi.demo']],
    ['all', 'all', ['cra.demo', 'crc.demo', 'new.coordinator', 'pi.demo', 'studyadmin']],
    ['all', 'Pi', ['pi.demo']],
    ['SITE_TEAM', 'StudyCoordinator', ['crc.demo', 'new.coordinator']],
  ])('scope %s, role %s → %j', async (scope, role, expected) => {
    const r = await call(t.app, searchTeam, {
      params: { studyId: demo },
      query: { scope, role },
      token: tokens.studyadmin,
    });
    expect(r.status).toBe(200);
    expect(names(r)).toEqual(expected);
  });

  it('each member with the role, its scope and its sites (siteTeamMemberId, blinded)', async () => {
    const r = await call(t.app, searchTeam, {
      params: { studyId: demo },
      query: { search: 'Priya' },
      token: tokens.studyadmin,
    });
    expect(r.json.items).toEqual([
      expect.objectContaining({
        userId: ids['pi.demo'],
        role: 'Pi',
        roleTitle: expect.any(String),
        scope: 'SITE_TEAM',
        active: true,
        accountStatus: 'ACTIVE',
        sites: [expect.objectContaining({ siteId: boston, siteCode: 'US-001', blinded: true, active: true })],
      }),
    ]);
  });

  it('a site role sees only the team of its sites; a bad scope is refused on its field', async () => {
    // A member only at Madrid: pi.demo (Boston) does not see them.
    await call(t.app, addTeamMember, {
      params: { studyId: sleep },
      token: tokens.studyadmin,
      body: { userId: ids['crc.demo'], role: 'StudyCoordinator', siteId: london },
    });
    const madridOnly = await call(t.app, inviteTeamMember, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: { email: 'rosa@hospital.example', firstName: 'Rosa', lastName: 'Ruiz', role: 'Rater', siteId: madrid },
    });
    expect(madridOnly.status).toBe(200);
    const admin = await call(t.app, searchTeam, {
      params: { studyId: demo },
      query: { scope: 'SITE_TEAM' },
      token: tokens.studyadmin,
    });
    expect(names(admin)).toContain('rosa');
    const pi = await call(t.app, searchTeam, {
      params: { studyId: demo },
      query: { scope: 'SITE_TEAM' },
      token: tokens['pi.demo'],
    });
    expect(pi.status).toBe(200);
    expect(names(pi)).not.toContain('rosa');
    const bad = await call(t.app, searchTeam, {
      params: { studyId: demo },
      query: { scope: 'EVERYONE' },
      token: tokens.studyadmin,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fieldErrors)).toContain('scope');
  });
});

describe('adding, inviting and changing team members (C-151, C-152, C-155, C-156, C-157)', () => {
  it('adds an existing user to a site with a site role; audited; twice is a conflict', async () => {
    const body = { userId: ids['pi.demo'], role: 'Pi', siteId: london };
    const r = await call(t.app, addTeamMember, { params: { studyId: sleep }, token: tokens.studyadmin, body });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ role: 'Pi', scope: 'SITE_TEAM', sites: [{ siteId: london, blinded: true }] });
    expect(await auditOf('team.member.add', ids['pi.demo'])).toMatchObject({
      entity_type: 'team_member',
      after: { studyId: sleep, role: 'Pi', siteId: london },
    });
    const again = await call(t.app, addTeamMember, { params: { studyId: sleep }, token: tokens.studyadmin, body });
    expect(again.status).toBe(409);
    expect(again.json.fieldErrors.userId).toEqual(["This person is already on this site's team."]);
    // pi.demo now sees London in SLEEP
    const sites = await call(t.app, listSites, { params: { studyId: sleep }, token: tokens['pi.demo'] });
    expect(sites.json.items.map((s: { id: string }) => s.id)).toEqual([london]);
  });

  it.each([
    [{ role: 'Pi' }, 'siteId', 'Choose the site for a site team role.'],
    [{ role: 'Cra', siteId: 'SITE' }, 'siteId', null],
    [{ role: 'Sponsor', siteId: 'SITE' }, 'role', 'Only site team roles can be given at a site.'],
    [{ role: 'Boss' }, 'role', null],
  ])('the body %j is refused on %s', async (extra, field, message) => {
    const body = { userId: ids['cra.demo'], ...extra } as Record<string, unknown>;
    if (body.siteId === 'SITE') body.siteId = london;
    if (extra.role === 'Cra') body.siteId = 'not-a-uuid';
    const r = await call(t.app, addTeamMember, { params: { studyId: sleep }, token: tokens.studyadmin, body });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.fieldErrors)).toContain(field);
    if (message) expect(r.json.fieldErrors[field]).toEqual([message]);
  });

  it('nobody gives a role above their own (rank rule), and a Cra cannot add anyone', async () => {
    const above = await call(t.app, addTeamMember, {
      params: { studyId: sleep },
      token: tokens.studyadmin,
      body: { userId: ids['cra.demo'], role: 'SystemAdmin' },
    });
    expect(above.status).toBe(403);
    expect(above.json.messageKey).toBe('access.userOutranks');
    const cra = await call(t.app, addTeamMember, {
      params: { studyId: demo },
      token: tokens['cra.demo'],
      body: { userId: ids.admin, role: 'Pi', siteId: boston },
    });
    expect(cra.status).toBe(403);
  });

  it('invites a person to a site: the outbox holds a register link, the role counts once they register', async () => {
    const r = await call(t.app, inviteTeamMember, {
      params: { studyId: demo },
      token: tokens.studyadmin,
      body: {
        email: 'lucia.garcia@hospital.example',
        firstName: 'Lucía',
        lastName: 'García',
        role: 'StudyCoordinator',
        siteId: madrid,
      },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ accountStatus: 'INVITED', role: 'StudyCoordinator', sites: [{ siteId: madrid }] });
    expect(await auditOf('team.member.invite', r.json.userId)).toMatchObject({
      after: { studyId: demo, email: 'lucia.garcia@hospital.example', role: 'StudyCoordinator', siteId: madrid },
    });
    const mail = await latestOutbox(t.db, 'lucia.garcia@hospital.example');
    const token = /#\/register\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
    expect(token).toBeTruthy();
    // Before registering, the account cannot act: no password, no sign-in.
    const reg = await call(t.app, registerUser, {
      body: { token, username: 'Lucia#2026', firstName: 'Lucía', lastName: 'García', password: 'Welcome#2025' },
    });
    expect(reg.status).toBe(200);
    const lucia = (await staffAccess(t, 'lucia#2026')).accessToken;
    const mine = await call(t.app, listUserSites, { params: { studyId: demo, userId: r.json.userId }, token: lucia });
    expect(mine.status).toBe(200);
    expect(mine.json.items.map((s: { id: string }) => s.id)).toEqual([madrid]);
    const others = await call(t.app, getSite, { params: { studyId: demo, siteId: boston }, token: lucia });
    expect(others.status).toBe(404);
  });

  it('an e-mail that already has an account is refused on its field: add the person instead', async () => {
    const r = await call(t.app, inviteTeamMember, {
      params: { studyId: sleep },
      token: tokens.studyadmin,
      body: { email: 'PI.demo@trialpath.example', firstName: 'P', lastName: 'I', role: 'Pi', siteId: london },
    });
    expect(r.status).toBe(409);
    expect(Object.keys(r.json.fieldErrors)).toEqual(['email']);
  });

  it('deactivates a member: the record stays, the access goes; reactivates; reason required', async () => {
    const noReason = await call(t.app, setTeamMemberStatus, {
      params: { studyId: demo, userId: ids['crc.demo'] },
      token: tokens.studyadmin,
      body: { active: false },
    });
    expect(noReason.status).toBe(400);
    const off = await call(t.app, setTeamMemberStatus, {
      params: { studyId: demo, userId: ids['crc.demo'] },
      token: tokens.studyadmin,
      body: { active: false, reason: 'Left the site' },
    });
    expect(off.status).toBe(200);
    expect(off.json.active).toBe(false);
    expect((await call(t.app, listSites, { params: { studyId: demo }, token: tokens['crc.demo'] })).status).toBe(403);
    expect(await auditOf('team.member.status', ids['crc.demo'])).toMatchObject({
      reason: 'Left the site',
      before: { active: true },
      after: { active: false },
    });
    const on = await call(t.app, setTeamMemberStatus, {
      params: { studyId: demo, userId: ids['crc.demo'] },
      token: tokens.studyadmin,
      body: { active: true, reason: 'Back' },
    });
    expect(on.json.active).toBe(true);
    expect((await call(t.app, listSites, { params: { studyId: demo }, token: tokens['crc.demo'] })).status).toBe(200);
  });

  it('deactivates a member at one site only', async () => {
    const r = await call(t.app, setTeamMemberStatus, {
      params: { studyId: demo, userId: ids['cra.demo'] },
      token: tokens.studyadmin,
      body: { active: false, siteId: madrid, reason: 'Reassigned' },
    });
    expect(r.status).toBe(200);
    expect(r.json.sites.find((s: { siteId: string }) => s.siteId === madrid).active).toBe(false);
    const sites = await call(t.app, listSites, { params: { studyId: demo }, token: tokens['cra.demo'] });
    expect(sites.json.items.map((s: { id: string }) => s.id)).toEqual([boston]);
  });

  it('changes a role within its kind; across kinds, above the caller, or one’s own is refused', async () => {
    const r = await call(t.app, updateTeamMemberRole, {
      params: { studyId: demo, userId: ids['crc.demo'] },
      token: tokens.studyadmin,
      body: { role: 'SubPi', reason: 'Promoted' },
    });
    expect(r.status).toBe(200);
    expect(r.json.role).toBe('SubPi');
    expect(await auditOf('team.member.role', ids['crc.demo'])).toMatchObject({
      before: { role: 'StudyCoordinator' },
      after: { role: 'SubPi' },
      reason: 'Promoted',
    });
    const kind = await call(t.app, updateTeamMemberRole, {
      params: { studyId: demo, userId: ids['crc.demo'] },
      token: tokens.studyadmin,
      body: { role: 'Sponsor', reason: 'x' },
    });
    expect(kind.status).toBe(400);
    expect(kind.json.fieldErrors.role).toEqual([
      'A site team role can only change to another site team role, and a study role to another study role.',
    ]);
    const above = await call(t.app, updateTeamMemberRole, {
      params: { studyId: demo, userId: ids['cra.demo'] },
      token: tokens.studyadmin,
      body: { role: 'SystemAdmin', reason: 'x' },
    });
    expect(above.status).toBe(403);
    const own = await call(t.app, updateTeamMemberRole, {
      params: { studyId: demo, userId: ids.studyadmin },
      token: tokens.studyadmin,
      body: { role: 'StudyManager', reason: 'x' },
    });
    expect(own.status).toBe(403);
    expect(own.json.messageKey).toBe('team.ownMembership');
  });

  it('blinds and unblinds a site member: shown on the site, audited with the reason', async () => {
    const r = await call(t.app, setSiteMemberBlinded, {
      params: { studyId: demo, siteId: boston, userId: ids['pi.demo'] },
      token: tokens.studyadmin,
      body: { blinded: false, reason: 'Unblinded pharmacist role' },
    });
    expect(r.status).toBe(200);
    expect(r.json.sites[0]).toMatchObject({ siteId: boston, blinded: false });
    const site = await call(t.app, getSite, { params: { studyId: demo, siteId: boston }, token: tokens.studyadmin });
    expect(site.json.siteTeamMembers.find((m: { userId: string }) => m.userId === ids['pi.demo'])).toMatchObject({
      blinded: false,
      role: 'Pi',
      siteTeamMemberId: expect.any(String),
    });
    expect(await auditOf('team.member.blinded', ids['pi.demo'])).toMatchObject({
      before: { blinded: true },
      after: { blinded: false },
      reason: 'Unblinded pharmacist role',
    });
    const notThere = await call(t.app, setSiteMemberBlinded, {
      params: { studyId: demo, siteId: madrid, userId: ids['pi.demo'] },
      token: tokens.studyadmin,
      body: { blinded: false, reason: 'x' },
    });
    expect(notThere.status).toBe(404);
    const cra = await call(t.app, setSiteMemberBlinded, {
      params: { studyId: demo, siteId: boston, userId: ids['pi.demo'] },
      token: tokens['cra.demo'],
      body: { blinded: true, reason: 'x' },
    });
    expect(cra.status).toBe(403);
    // and blinded again: the site shows it
    const again = await call(t.app, setSiteMemberBlinded, {
      params: { studyId: demo, siteId: boston, userId: ids['pi.demo'] },
      token: tokens.studyadmin,
      body: { blinded: true, reason: 'Back to the blinded role' },
    });
    expect(again.status).toBe(200);
    const reread = await call(t.app, getSite, { params: { studyId: demo, siteId: boston }, token: tokens.studyadmin });
    expect(reread.json.siteTeamMembers.find((m: { userId: string }) => m.userId === ids['pi.demo'])).toMatchObject({
      blinded: true,
    });
  });
});
