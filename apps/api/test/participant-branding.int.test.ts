/**
 * The participant portal's branding (decision 0037): the study's live version's colours, logo and header
 * and home-page texts, in every study language; nothing of a draft or of a version not yet live.
 */
import {
  DRAFT_SECTION_ENDPOINTS,
  getParticipantWebStudy,
  getStudyDraft,
  makeStudyVersionLive,
  publishStudyVersion,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, idOf, staffAccess, type TestApp } from './helpers';

/** The smallest PNG header the upload's sniffing accepts. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);

let t: TestApp;
let demo: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  token = (await staffAccess(t, 'studyadmin')).accessToken;
});
afterAll(() => t?.close());

const portal = async (studyCode: string) => {
  const r = await call(t.app, getParticipantWebStudy, { params: { studyCode } });
  expect(r.status).toBe(200);
  return r.json;
};

describe('the participant portal’s branding (decision 0037)', () => {
  it('is the live version’s: colours, no logo yet, texts per language; none for a study with nothing live', async () => {
    const live = await portal('DEMO');
    expect(live.branding).toMatchObject({ primaryColor: '#0F766E', secondaryColor: null, logoUrl: null });
    expect(live.branding.defaultLanguage).toBe('en');
    expect((await portal('SLEEP')).branding).toBeNull();
  });

  it('changes only when a version carrying the change is made live', async () => {
    const draft = (await call(t.app, getStudyDraft, { params: { studyId: demo }, token })).json;
    const logo = await t.app.inject({
      method: 'POST',
      url: `/api/v1/studies/${demo}/branding/logo?revision=${draft.sectionRevisions.branding}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(logo.statusCode).toBe(200);
    const saved = logo.json();
    const colours = await call(t.app, DRAFT_SECTION_ENDPOINTS.branding, {
      params: { studyId: demo, versionId: draft.id },
      token,
      body: { revision: saved.revision, value: { ...saved.value, primaryColor: '#1A237E' } },
    });
    expect(colours.status).toBe(200);
    const titled = await call(t.app, DRAFT_SECTION_ENDPOINTS.webGlobal, {
      params: { studyId: demo, versionId: draft.id },
      token,
      body: {
        revision: draft.sectionRevisions.webGlobal,
        value: { ...draft.content.webGlobal, siteTitle: { en: 'Sleep well', es: 'Duerma bien' } },
      },
    });
    expect(titled.status).toBe(200);
    expect((await portal('DEMO')).branding).toMatchObject({ primaryColor: '#0F766E', logoUrl: null });

    const versionParams = { studyId: demo, versionId: draft.id };
    const published = await call(t.app, publishStudyVersion, {
      params: versionParams,
      token,
      body: { reason: 'New branding' },
    });
    expect(published.status).toBe(200);
    expect((await portal('DEMO')).branding).toMatchObject({ primaryColor: '#0F766E', logoUrl: null });

    const live = await call(t.app, makeStudyVersionLive, { params: versionParams, token, body: { reason: 'Go live' } });
    expect(live.status).toBe(200);
    const branding = (await portal('DEMO')).branding;
    expect(branding).toMatchObject({
      primaryColor: '#1A237E',
      logoUrl: `/api/v1/branding-files/${saved.value.logoFileId}`,
      siteTitle: { en: 'Sleep well', es: 'Duerma bien' },
    });
    const image = await t.app.inject({ method: 'GET', url: branding.logoUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });
});
