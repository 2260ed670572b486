/**
 * The participant portal's content calls (001 §7; decision D-069): static and study strings, countries and
 * languages with and without a study, the global elements, the portal data's signed addresses and the files
 * they open (JSON, HTML, PDF), a 404 for an altered, expired or unknown address and for a document never written.
 */
import {
  assignParticipantVersion,
  createConsent,
  DRAFT_SECTION_ENDPOINTS,
  getConsentConfiguration,
  getCountries,
  getGlobalElements,
  getLanguages,
  getMyPortalData,
  getPortalData,
  getStaticStrings,
  getStudyCountriesAndLanguages,
  getStudyTranslations,
  type PortalData,
  triggerDayZero,
} from '@trialpath/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPortalLink } from '../src/modules/portal-content/portal-links';
import { runDueScheduleJobs } from '../src/modules/schedules/schedules.job';
import { call, createTestApp, draftVersionId, idOf, participantAccess, staffAccess, type TestApp } from './helpers';
import { scheduleFixtures } from './schedule-fixtures';
import { pdfTextOf } from './support/pdf-text';

let t: TestApp;
let demo: string;
let admin: string;
const TEST = { env: 'test' };

beforeAll(async () => {
  t = await createTestApp();
  demo = await idOf(t.db, 'studies', { code: 'DEMO' });
  admin = (await staffAccess(t, 'studyadmin')).accessToken;
});
afterAll(() => t?.close());

/** Save one section of the demo study's draft. */
async function save(section: keyof typeof DRAFT_SECTION_ENDPOINTS, value: unknown) {
  const versionId = await draftVersionId(t.db, demo);
  const row = await t.db
    .selectFrom('study_versions')
    .select('section_revisions')
    .where('id', '=', versionId)
    .executeTakeFirstOrThrow();
  const revision = (row.section_revisions as Record<string, number>)[section] ?? 0;
  const r = await call(t.app, DRAFT_SECTION_ENDPOINTS[section], {
    token: admin,
    params: { studyId: demo, versionId },
    body: { revision, value },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

async function addConsent() {
  const { json } = await call(t.app, getConsentConfiguration, { params: { studyId: demo }, token: admin });
  const r = await call(t.app, createConsent, {
    params: { studyId: demo },
    token: admin,
    body: {
      revision: json.revision,
      consent: {
        id: 'main',
        name: { en: 'Main consent', es: 'Consentimiento principal' },
        sections: [{ id: 's1', title: { en: 'Why' }, body: { en: '<p>Because.</p>' } }],
        disclaimers: [{ id: 'x1', text: { en: 'I have read it.' }, required: true }],
        privacyPolicy: { en: '<p>We keep your data safe.</p>' },
        license: { en: '<p>You may use the portal.</p>' },
      },
    },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

/** Fetch one file of the portal data by its signed address, as the portal does. */
async function open(data: PortalData, name: string, headers: Record<string, string> = {}) {
  const all = [...data.listOfSignedJSONURL, ...data.listOfSignedHTMLURL, ...data.listOfSignedPDFURL];
  const file = all.find((f) => f.name === name);
  if (!file) throw new Error(`no ${name} in the portal data`);
  return t.app.inject({ method: 'GET', url: file.url, headers });
}

describe('strings, countries and languages (D-070, D-071, D-076…D-078)', () => {
  it('static strings: every catalogue key with its text in the language asked, English where untranslated', async () => {
    const en = await call(t.app, getStaticStrings, { params: { languageId: 'en' } });
    const es = await call(t.app, getStaticStrings, { params: { languageId: 'es' } });
    expect(en.status).toBe(200);
    const text = (r: typeof en, key: string) =>
      r.json.data.find((d: { resourceKey: string }) => d.resourceKey === key)?.resourceValue;
    expect(text(en, 'data.syncFailed')).toBe('Data sync failed, please try again after some time.');
    expect(text(es, 'data.syncFailed')).toBe('La sincronización de datos ha fallado; inténtelo de nuevo más tarde.');
    expect(text(en, 'portalContent.scheduleNetworkError')).toMatch(/no connection/);
    expect((await call(t.app, getStaticStrings, { params: { languageId: 'no language' } })).status).toBe(400);
  });

  it('countries and languages without a study: the platform’s, US and en first and default, with every field', async () => {
    const countries = await call(t.app, getCountries);
    const languages = await call(t.app, getLanguages);
    expect(countries.status).toBe(200);
    const [us] = countries.json.data;
    expect(Object.keys(us).sort()).toEqual(
      [
        'countryId',
        'name',
        'countryType',
        'countryGroupId',
        'isoCode2',
        'isoCode3',
        'baseUrlWeb',
        'havingOnlyDraftLanguage',
        'default',
        'active',
        'sortOrder',
      ].sort(),
    );
    expect(us).toMatchObject({
      countryId: 'US',
      isoCode3: 'USA',
      default: true,
      countryType: 'platform',
      baseUrlWeb: '',
    });
    expect(countries.json.data.filter((c: { default: boolean }) => c.default)).toHaveLength(1);
    expect(languages.json.data[0]).toEqual({
      language_id: 'en',
      language_culture: 'en',
      display_name: expect.any(String),
      is_default: true,
    });
  });

  it('a study’s countries and languages for a version by number or id; a draft only in test; unknown → 404', async () => {
    const draft = await draftVersionId(t.db, demo);
    const { number } = await t.db
      .selectFrom('study_versions')
      .select('number')
      .where('id', '=', draft)
      .executeTakeFirstOrThrow();
    const byNumber = await call(t.app, getStudyCountriesAndLanguages, {
      params: { studyId: demo, version: String(number) },
      headers: TEST,
    });
    expect(byNumber.status).toBe(200);
    expect(byNumber.json.data.countries[0]).toMatchObject({
      countryType: 'study',
      baseUrlWeb: expect.stringMatching(/\/participant\/#\/participants\/web\/DEMO\/$/),
    });
    expect(byNumber.json.data.languages.map((l: { language_id: string }) => l.language_id)).toContain('en');
    const byId = await call(t.app, getStudyCountriesAndLanguages, {
      params: { studyId: demo, version: draft },
      headers: TEST,
    });
    expect(byId.json).toEqual(byNumber.json);
    // live never opens a draft; a version that does not exist is no version
    expect(
      (await call(t.app, getStudyCountriesAndLanguages, { params: { studyId: demo, version: draft } })).status,
    ).toBe(404);
    expect(
      (await call(t.app, getStudyCountriesAndLanguages, { params: { studyId: demo, version: '9999' }, headers: TEST }))
        .status,
    ).toBe(404);
  });

  it('study translations: the running version’s texts per culture, keyed by id with the value in v', async () => {
    await save('appDescription', { title: { en: 'Heart study', es: 'Estudio del corazón' }, description: {} });
    const es = await call(t.app, getStudyTranslations, {
      params: { studyId: demo, languageId: 'es' },
      headers: TEST,
    });
    expect(es.status).toBe(200);
    expect(es.json.data.es['appDescription.title']).toEqual({ v: 'Estudio del corazón' });
  });

  it('global elements: the running version’s web/global page (data.data)', async () => {
    await save('webGlobal', {
      siteTitle: { en: 'Heart Study Portal' },
      header: {},
      footer: {},
      privacyPolicyUrl: 'https://example.org/privacy',
      termsUrl: null,
      supportEmail: 'help@example.org',
    });
    const r = await call(t.app, getGlobalElements, { params: { studyId: demo }, headers: TEST });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      siteTitle: { en: 'Heart Study Portal' },
      privacyPolicyUrl: 'https://example.org/privacy',
      supportEmail: 'help@example.org',
    });
  });
});

describe('the portal data and its signed files (D-048, D-080, D-081, D-093…D-107)', () => {
  it('a version by id: signed lists of JSON, HTML, PDF, agreements, images, icons; each JSON file opens', async () => {
    await addConsent();
    await save('cohorts', {
      items: [
        { id: 'b', name: { en: 'Cohort B' }, consentIds: ['main'] },
        { id: 'a', name: { en: 'Cohort A' }, consentIds: [] },
      ],
    });
    await save('eligibility', {
      introduction: { en: '<p>A few questions.</p>' },
      questions: [{ id: 'q1', text: { en: 'Are you over 18?' }, qualifyingAnswer: 'YES' }],
      ineligibleMessage: { en: 'Sorry.' },
    });
    const draft = await draftVersionId(t.db, demo);
    const r = await call(t.app, getPortalData, { params: { studyId: demo, versionId: draft }, headers: TEST });
    expect(r.status).toBe(200);
    const data = r.json as PortalData;
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        'versionId',
        'listOfSignedHTMLURL',
        'listOfSignedJSONURL',
        'listOfSignedPDFURL',
        'listOfSignedAgreementsURL',
        'listOfImages',
        'icons',
      ]),
    );
    expect(data.versionId).toBe(draft);
    expect(data.listOfSignedJSONURL.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'config.json',
        'study.json',
        'study_eligibility.json',
        'tasks_and_schedules.json',
        'cohort.json',
        'datavant_consent.json',
        'consent_configuration.json',
        'consent_main.json',
        'en-strings.json',
      ]),
    );
    expect(data.listOfSignedAgreementsURL.map((f) => f.name)).toEqual(['agreement.html', 'licenseAgreement.html']);
    expect(data.listOfSignedPDFURL.map((f) => f.name)).toContain('privacy_policy.pdf');

    const json = async (name: string) => {
      const res = await open(data, name);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      return res.json();
    };
    const study = await json('study.json');
    expect(Object.keys(study).sort()).toEqual(
      [
        'id',
        'countryList',
        'languages',
        'studyStartDate',
        'studyEndDate',
        'isManualStudyStart',
        'activityAllowed',
        'verificationMethod',
      ].sort(),
    );
    expect(study).toMatchObject({ id: demo, verificationMethod: 'email', isManualStudyStart: true });
    expect(await json('config.json')).toMatchObject({ studyCode: 'DEMO', versionId: draft, openStudy: false });
    const eligibility = await json('study_eligibility.json');
    expect(eligibility.questions).toEqual([{ id: 'q1', text: { en: 'Are you over 18?' } }]);
    expect(JSON.stringify(eligibility)).not.toContain('qualifyingAnswer');
    expect((await json('cohort.json')).cohortSort).toEqual(['b', 'a']);
    expect(await json('datavant_consent.json')).toEqual({ enabled: false, statement: {} });
    expect((await json('consent_configuration.json')).consentConfiguration[0]).toMatchObject({
      consentId: 'main',
      order: 0,
      educationEnabled: true,
    });
    const consent = await json('consent_main.json');
    expect(consent).toMatchObject({ consentId: 'main', listOfDisclaimer: [{ id: 'x1' }] });
    expect(consent.sections[0].id).toBe('s1');
    expect(consent.quiz).toEqual([]);
    expect((await json('en-strings.json')).strings['consents.items.main.name']).toEqual({ v: 'Main consent' });
  });

  it('documents: HTML that runs nothing and PDF of the same text; a document never written is a 404', async () => {
    await addConsent();
    await save('appDescription', {
      title: { en: 'About the heart study' },
      description: { en: '<p>We study hearts.</p>' },
    });
    await save('learnMore', {
      sections: [{ id: 'why', title: { en: 'Why it matters' }, body: { en: '<p>Hearts.</p>' } }],
    });
    const draft = await draftVersionId(t.db, demo);
    const data = (await call(t.app, getPortalData, { params: { studyId: demo, versionId: draft }, headers: TEST }))
      .json as PortalData;
    const html = await open(data, 'study_overview.html');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.body).toContain('<h1>About the heart study</h1>');
    expect(html.body).toContain('<h2>Why it matters</h2>');
    const pdf = await open(data, 'study_overview.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(await pdfTextOf(pdf.rawPayload)).toContain('We study hearts.');
    const privacy = await open(data, 'privacy_policy.html', { 'accept-language': 'es' });
    expect(privacy.body).toContain('<h1>Política de privacidad</h1>');
    expect(privacy.body).toContain('We keep your data safe.');
    // the agreement page was never written: no empty page, a 404 the portal shows as its data-sync error
    expect((await open(data, 'agreement.html')).statusCode).toBe(404);
  });

  it('an altered, expired or foreign address, or a name the data never gave, opens nothing (404)', async () => {
    const draft = await draftVersionId(t.db, demo);
    const data = (await call(t.app, getPortalData, { params: { studyId: demo, versionId: draft }, headers: TEST }))
      .json as PortalData;
    const config = data.listOfSignedJSONURL.find((f) => f.name === 'config.json')!.url;
    const first = await t.app.inject({ url: config });
    expect(first.statusCode, first.body).toBe(200);
    const token = config.split('/').at(-2)!;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await t.app.inject({ url: config.replace(token, altered) })).statusCode).toBe(404);
    const expired = signPortalLink(
      { studyId: demo, versionId: draft, participantId: null, env: 'TEST', expiresAt: Date.now() - 1000 },
      t.config.jwtSecret,
    );
    expect((await t.app.inject({ url: config.replace(token, expired) })).statusCode).toBe(404);
    const foreign = signPortalLink(
      { studyId: demo, versionId: draft, participantId: null, env: 'TEST', expiresAt: Date.now() + 60_000 },
      new TextEncoder().encode('another server secret of enough length'),
    );
    expect((await t.app.inject({ url: config.replace(token, foreign) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: config.replace('config.json', 'secrets.json') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: config.replace('config.json', 'consent_nope.json') })).statusCode).toBe(404);
  });

  it('live never opens a draft by id; an unknown study is a 404', async () => {
    const draft = await draftVersionId(t.db, demo);
    expect((await call(t.app, getPortalData, { params: { studyId: demo, versionId: draft } })).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, getPortalData, { params: { studyId: unknown, versionId: draft } })).status).toBe(404);
  });

  it("the participant's own portal data: their version, their tasks and adherence; another's id is refused", async () => {
    const crc = (await staffAccess(t, 'crc.demo')).accessToken;
    const fx = scheduleFixtures(t, demo, admin);
    const { versionId } = await fx.buildVersion();
    const participantId = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0001' });
    const params = { studyId: demo, participantId };
    expect(
      (await call(t.app, assignParticipantVersion, { token: crc, params, body: { versionId, reason: 'Enrolled' } }))
        .status,
    ).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    await call(t.app, triggerDayZero, { token: crc, params, body: { date: today, timeZone: 'UTC' } });
    await runDueScheduleJobs(t.platform);
    const day0 = await t.db
      .updateTable('participant_tasks')
      .set({ status: 'COMPLETED', answered_at: new Date() })
      .where('participant_id', '=', participantId)
      .where('schedule_id', '=', 'daily')
      .where('start_day', '=', 0)
      .returning('id')
      .executeTakeFirstOrThrow();

    const me = (await participantAccess(t, 'participant.demo')).accessToken;
    const r = await call(t.app, getMyPortalData, { token: me, query: { participantId } });
    expect(r.status).toBe(200);
    expect(r.json.versionId).toBe(versionId);
    const res = await open(r.json, 'tasks_and_schedules.json');
    const plan = res.json();
    const first = plan.schedules.find((s: { instanceId: string }) => s.instanceId === day0.id);
    expect(first).toEqual({
      taskId: 'daily',
      instanceId: day0.id,
      activityId: expect.any(String),
      startDay: 0,
      endDay: 6,
      scheduledDate: today,
      taskStartDay: 0,
      taskEndDay: 0,
    });
    expect(plan.adherence).toContainEqual({ taskId: 'daily', completedCount: 1 });

    const other = await idOf(t.db, 'participants', { participant_code: 'DEMO-US001-0002' });
    expect((await call(t.app, getMyPortalData, { token: me, query: { participantId: other } })).status).toBe(403);
    expect((await call(t.app, getMyPortalData, { token: admin })).status).toBe(401);
  });
});
