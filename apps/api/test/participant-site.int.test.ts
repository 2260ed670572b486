/**
 * The participant's site, its address and contact (001 §1, §3, §7; D-039, D-047, D-072…D-075): the address by
 * pid with the spec's field names, the site details as a list whose first item is the participant's site, the
 * principal investigator's phone (an active Pi of the study with an active assignment at the site, else none);
 * a participant reads only their own — another pid, study or site is refused — and staff tokens are refused.
 * The site's state is set through the staff site call, as the staff site form does.
 */
import {
  getParticipantAddress,
  getParticipantSiteDetails,
  getPrincipalInvestigatorPhone,
  getSite,
  setTeamMemberStatus,
  updateSite,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, idOf, participantAccess, staffAccess, type TestApp, createTestApp } from './helpers';

let t: TestApp;
let demo: string;
let boston: string;
let madrid: string;
let pi: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  boston = await idOf(t.db, 'sites', { site_code: 'US-001' });
  madrid = await idOf(t.db, 'sites', { site_code: 'ES-001' });
  pi = await idOf(t.db, 'users', { username: 'pi.demo' });
  staffToken = (await staffAccess(t, 'studyadmin')).accessToken;
});
afterAll(() => t?.close());

const BOSTON = {
  address: '55 Fruit Street, Suite 4B',
  city: 'Boston',
  state: 'MA',
  postalCode: '02114',
  contactName: 'Rosa Reception',
  contactEmail: 'research@boston-center.example',
  contactPhone: '617-555-0134',
};

/** Boston's details written by the study admin, as the staff site form saves them. */
async function bostonDetailsSet() {
  const site = (await call(t.app, getSite, { params: { studyId: demo, siteId: boston }, token: staffToken })).json;
  const body = { siteId: site.siteId, name: site.name, countryId: site.countryId, siteSubType: site.siteSubType };
  const r = await call(t.app, updateSite, {
    params: { studyId: demo, siteId: boston },
    token: staffToken,
    body: { ...body, ...BOSTON },
  });
  expect(r.status).toBe(200);
  expect(r.json.state).toBe('MA');
}

async function signedIn(username = 'participant.demo') {
  const { accessToken, pid } = await participantAccess(t, username);
  return { token: accessToken, pid };
}

const piPhone = (token: string, siteId: string, participantId: string) =>
  call(t.app, getPrincipalInvestigatorPhone, { token, params: { siteId, participantId } });

describe('the site address (D-047, D-072)', () => {
  it('gives the participant’s own site address with every field the spec names', async () => {
    await bostonDetailsSet();
    const { token, pid } = await signedIn();
    const r = await call(t.app, getParticipantAddress, { token, params: { pid } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      name: 'Boston Research Center',
      phoneNumber: '617-555-0134',
      siteEmail: 'research@boston-center.example',
      type: 'CLINIC',
      address: '55 Fruit Street, Suite 4B',
      city: 'Boston',
      state: 'MA',
      country: 'United States',
      zipcode: '02114',
    });
  });

  it('names the country in the request’s language; a site without details gives blank fields, not missing ones', async () => {
    const { token, pid } = await signedIn('participante.es1');
    const r = await call(t.app, getParticipantAddress, {
      token,
      params: { pid },
      headers: { 'accept-language': 'es' },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      name: 'Madrid Centro de Investigación',
      phoneNumber: '',
      siteEmail: '',
      type: 'HOME_HEALTH',
      address: '',
      city: '',
      state: '',
      country: 'España',
      zipcode: '',
    });
  });
});

describe('the site details (D-073)', () => {
  it('is a list whose first item is the participant’s site, with its ids, address fields and contact person', async () => {
    await bostonDetailsSet();
    const { token, pid } = await signedIn();
    const r = await call(t.app, getParticipantSiteDetails, { token, params: { studyId: demo, pid } });
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(1);
    expect(r.json.data[0]).toEqual({
      siteId: boston,
      siteCode: 'US-001',
      countryId: 'US',
      contactName: 'Rosa Reception',
      name: 'Boston Research Center',
      phoneNumber: '617-555-0134',
      siteEmail: 'research@boston-center.example',
      type: 'CLINIC',
      address: '55 Fruit Street, Suite 4B',
      city: 'Boston',
      state: 'MA',
      country: 'United States',
      zipcode: '02114',
    });
  });
});

describe('the principal investigator’s phone (D-074, D-075)', () => {
  it('names the site’s investigator and gives their phone as the account holds it', async () => {
    await t.db.updateTable('users').set({ phone_number: '617 555 0199' }).where('id', '=', pi).execute();
    const { token, pid } = await signedIn();
    const r = await piPhone(token, boston, pid);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ name: 'Priya Investigator', phoneNumber: '617 555 0199' });
  });

  it('gives the investigator with a null phone when theirs is not on record', async () => {
    const { token, pid } = await signedIn();
    expect((await piPhone(token, boston, pid)).json).toEqual({ name: 'Priya Investigator', phoneNumber: null });
  });

  it('gives null when the site has no investigator', async () => {
    const { token, pid } = await signedIn('participante.es1');
    const r = await piPhone(token, madrid, pid);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ name: null, phoneNumber: null });
  });

  it('does not count an investigator whose assignment at the site, or in the study, is deactivated', async () => {
    await t.db.updateTable('users').set({ phone_number: '617 555 0199' }).where('id', '=', pi).execute();
    const { token, pid } = await signedIn();
    const setActive = (active: boolean, siteId?: string) =>
      call(t.app, setTeamMemberStatus, {
        params: { studyId: demo, userId: pi },
        token: staffToken,
        body: { active, reason: 'Left the site', ...(siteId ? { siteId } : {}) },
      });
    expect((await setActive(false, boston)).status).toBe(200);
    expect((await piPhone(token, boston, pid)).json).toEqual({ name: null, phoneNumber: null });
    expect((await setActive(true, boston)).status).toBe(200);
    expect((await piPhone(token, boston, pid)).json.name).toBe('Priya Investigator');
    expect((await setActive(false)).status).toBe(200);
    expect((await piPhone(token, boston, pid)).json).toEqual({ name: null, phoneNumber: null });
  });
});

describe('a participant reads only their own site', () => {
  it('refuses another participant’s pid, another study and another site (403), naming the field', async () => {
    const { token, pid } = await signedIn();
    const other = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0002' });
    const sleep = await idOf(t.db, 'studies', { code: 'SLEEP' });
    const refusals = [
      [await call(t.app, getParticipantAddress, { token, params: { pid: other } }), 'pid'],
      [await call(t.app, getParticipantSiteDetails, { token, params: { studyId: demo, pid: other } }), 'pid'],
      [await call(t.app, getParticipantSiteDetails, { token, params: { studyId: sleep, pid } }), 'studyId'],
      [await piPhone(token, madrid, pid), 'siteId'],
      [await piPhone(token, boston, other), 'participantId'],
    ] as const;
    for (const [r, field] of refusals) {
      expect(r.status).toBe(403);
      expect(r.json.message).toBe('You can see only your own site details.');
      expect(r.json.fieldErrors[field]).toEqual([r.json.message]);
    }
  });

  it('refuses a staff token and a call without one (401)', async () => {
    const { pid } = await signedIn();
    for (const [endpoint, params] of [
      [getParticipantAddress, { pid }],
      [getParticipantSiteDetails, { studyId: demo, pid }],
      [getPrincipalInvestigatorPhone, { siteId: boston, participantId: pid }],
    ] as const) {
      expect((await call(t.app, endpoint, { token: staffToken, params })).status).toBe(401);
      expect((await call(t.app, endpoint, { params })).status).toBe(401);
    }
  });
});
