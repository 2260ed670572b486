/**
 * D-036, D-037, D-115: the participant's study documents. A study of this spec's own (so the demo study's
 * live version and its participants stay as other specs expect) is built through the staff API: version 1
 * writes only the study overview and goes live; a participant enrols on it. Version 2 adds a consent with
 * the privacy policy and the licence agreement and goes live; a second participant enrols on it. The
 * second opens the overview and the documents from home, each with its PDF; the first, whose version never
 * wrote the privacy policy, is told the spec's data-sync message instead of an empty page.
 */
import { type APIRequestContext, type APIResponse, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, shot } from '../support';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SYNC_FAILED = 'Data sync failed, please try again after some time.';
const OVERVIEW = {
  title: 'About the sleep at home study',
  description: 'We follow how people sleep at home for four weeks.',
  section: 'What taking part means',
  sectionBody: 'A short diary each morning.',
};
const PRIVACY = 'Your answers are kept under a study number, never your name.';
const LICENCE = 'You may use this portal for the study only.';

/** A 2×1 PNG: a launch needs a logo. */
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGOQkpL6z8DAwAAACpUBgQ8xz2QAAAAASUVORK5CYII=',
  'base64',
);

async function ok(res: Promise<APIResponse>) {
  const r = await res;
  expect(r.status(), `${r.url()}: ${await r.text()}`).toBe(200);
  return r.json();
}

interface Built {
  code: string;
  /** Enrolled on version 1: the overview only. */
  onFirst: string;
  /** Enrolled on version 2: the overview, the privacy policy and the licence agreement. */
  onSecond: string;
}

/** The study, its two live versions in turn and a participant enrolled on each (staff and portal API). */
async function buildStudy(api: APIRequestContext): Promise<Built> {
  const login = await ok(api.post('/api/v1/auth/login', { data: { username: 'studyadmin', password: DEMO_PASSWORD } }));
  const headers = { authorization: `Bearer ${login.tokens.accessToken}` };
  const code = `DOC-${Date.now().toString(36).slice(-6).toUpperCase()}`;
  const study = await ok(
    api.post('/api/v1/studies', {
      headers,
      data: { code, name: 'Sleep at Home (documents)', languages: ['en'], countries: ['US'] },
    }),
  );
  const base = `/api/v1/studies/${study.id}`;

  // One US site taking participants in live.
  const site = await ok(
    api.post(`${base}/sites`, {
      headers,
      data: { siteId: 'US-001', name: 'Boston Sleep Clinic', countryId: 'US', siteSubType: 'CLINIC', city: 'Boston' },
    }),
  );
  await ok(api.put(`${base}/sites/${site.id}/status`, { headers, data: { status: 'ACTIVE', reason: 'Site opened' } }));

  const draft = async () => ok(api.get(`${base}/versions/draft`, { headers }));
  const save = async (path: string, section: string, value: unknown) => {
    const d = await draft();
    await ok(
      api.put(`${base}/versions/${d.id}/content/${path}`, {
        headers,
        data: { revision: d.sectionRevisions[section] ?? 0, value },
      }),
    );
  };
  const publish = async (reason: string) => {
    const d = await draft();
    await ok(api.post(`${base}/versions/${d.id}/publish`, { headers, data: { reason } }));
    return d.id as string;
  };

  // Version 1: open enrolment, a logo and the study overview; no consent, so no privacy policy or licence.
  const d1 = await draft();
  await ok(
    api.post(`${base}/branding/logo?revision=${d1.sectionRevisions.branding ?? 0}`, {
      headers: { ...headers, 'content-type': 'image/png' },
      data: LOGO,
    }),
  );
  await save('registration', 'registration', { verificationMethod: 'email', openEnrolment: true });
  await save('app-description', 'appDescription', {
    title: { en: OVERVIEW.title },
    description: { en: `<p>${OVERVIEW.description}</p>` },
  });
  await save('learn-more', 'learnMore', {
    sections: [{ id: 'taking-part', title: { en: OVERVIEW.section }, body: { en: `<p>${OVERVIEW.sectionBody}</p>` } }],
  });
  await publish('Protocol approved');
  await ok(
    api.post(`${base}/approval`, { headers, data: { isInternalOrganizationalApproved: true, isIrbEcApproved: true } }),
  );
  await ok(api.post(`${base}/launch`, { headers, data: { reason: 'IRB approval received' } }));
  const onFirst = await enrol(api, code, 'first');

  // Version 2: a consent carrying the privacy policy and the licence agreement; made live.
  await ok(api.post(`${base}/versions`, { headers, data: {} }));
  await save('consents', 'consents', {
    items: [
      {
        id: 'main',
        name: { en: 'Main consent' },
        sections: [{ id: 'why', title: { en: 'Why we ask' }, body: { en: '<p>To keep you informed.</p>' } }],
        disclaimers: [{ id: 'read', text: { en: 'I have read the form.' }, required: true }],
        privacyPolicy: { en: `<p>${PRIVACY}</p>` },
        license: { en: `<p>${LICENCE}</p>` },
      },
    ],
  });
  const v2 = await publish('Amendment 1: consent, privacy policy and licence');
  await ok(api.post(`${base}/versions/${v2}/make-live`, { headers, data: { reason: 'Amendment 1: go live' } }));
  const onSecond = await enrol(api, code, 'second');
  return { code, onFirst, onSecond };
}

/** Registers by open enrolment on the live version and confirms with the e-mailed code: the username. */
async function enrol(api: APIRequestContext, code: string, who: string): Promise<string> {
  const facts = await ok(api.get(`/api/v1/participant-web/studies/${code}/enrolment`));
  const username = `${who}#${code.toLowerCase()}`;
  const email = `${who}.${code.toLowerCase()}@example.org`;
  const registered = await ok(
    api.post(`/api/v1/participant-web/studies/${code}/registrations`, {
      data: {
        registrationProcess: 'OPEN_ENROLMENT',
        studyId: facts.studyId,
        studyVersionId: facts.studyVersionId,
        username,
        email,
        verificationMethod: 'email',
        password: DEMO_PASSWORD,
        confirmPassword: DEMO_PASSWORD,
        deviceId: 'documents-spec',
        deviceType: 'Web',
        participantLocalOffset: -300,
        participantLocalTime: new Date().toISOString().slice(0, 16),
        timeZone: 'America/New_York',
        language: 'en',
        countryId: 'US',
      },
    }),
  );
  let otp = '';
  await expect
    .poll(async () => {
      const box = await (await api.get(`/api/v1/dev/mailbox?recipient=${encodeURIComponent(email)}`)).json();
      otp = /\b(\d{6})\b/.exec(box.items[0]?.body ?? '')?.[1] ?? '';
      return otp;
    })
    .toMatch(/^\d{6}$/);
  await ok(api.post('/api/v1/participant-web/verification', { data: { pid: registered.pid, code: otp } }));
  return username;
}

async function signIn(page: Page, code: string, username: string) {
  await page.goto(`/participant/#/participants/web/${code}/login`);
  await page.getByRole('button', { name: 'Accept necessary cookies' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`#/participants/web/${code}/home`));
}

/** The PDF link answers a PDF. */
async function expectPdf(page: Page, link: ReturnType<Page['getByRole']>) {
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\.pdf$/);
  const res = await page.request.get(new URL(href!, page.url()).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect((await res.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

let built: Built;

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  built = await buildStudy(api);
  await api.dispose();
});

test.use({ viewport: { width: 390, height: 844 } });

test('a participant opens the study overview and the privacy policy and licence agreement from home, each with its PDF', async ({
  page,
}) => {
  await signIn(page, built.code, built.onSecond);

  // D-036: the overview, its title and text, the section under its heading.
  await page.getByRole('link', { name: 'About the study' }).click();
  await expect(page).toHaveURL(new RegExp(`#/participants/web/${built.code}/overview$`));
  await expect(page.getByRole('heading', { name: OVERVIEW.title, level: 1 })).toBeVisible();
  await expect(page.getByText(OVERVIEW.description)).toBeVisible();
  await expect(page.getByRole('heading', { name: OVERVIEW.section })).toBeVisible();
  await expect(page.getByText(OVERVIEW.sectionBody)).toBeVisible();
  await expect(page.getByText(SYNC_FAILED)).toHaveCount(0);
  await expect(page).toHaveTitle(new RegExp(OVERVIEW.title));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectPdf(page, page.getByRole('link', { name: `${OVERVIEW.title} (PDF)` }));
  await shot(page, 'participant-study-overview');
  await expectAccessible(page);

  // D-037: back home, then the privacy policy and the licence agreement on one page.
  await page.getByRole('link', { name: 'Back to the study portal' }).click();
  await page.getByRole('link', { name: 'Privacy policy and licence agreement' }).click();
  await expect(page).toHaveURL(new RegExp(`#/participants/web/${built.code}/documents$`));
  await expect(page.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeVisible();
  await expect(page.getByText(PRIVACY)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Licence agreement', level: 2 })).toBeVisible();
  await expect(page.getByText(LICENCE)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByText(SYNC_FAILED)).toHaveCount(0);
  await expectPdf(page, page.getByRole('link', { name: 'Privacy policy (PDF)' }));
  await expectPdf(page, page.getByRole('link', { name: 'Licence agreement (PDF)' }));
  await shot(page, 'participant-study-documents');
  await expectAccessible(page);
});

test('a participant whose version never wrote the privacy policy sees the data-sync message, not an empty page', async ({
  page,
}) => {
  await signIn(page, built.code, built.onFirst);
  // Their version has the overview…
  await page.getByRole('link', { name: 'About the study' }).click();
  await expect(page.getByRole('heading', { name: OVERVIEW.title, level: 1 })).toBeVisible();
  // …but no privacy policy and no licence agreement: their signed addresses answer 404 (D-115).
  await page.getByRole('link', { name: 'Back to the study portal' }).click();
  const notThere = page.waitForResponse((r) => /\/content\/[^/]+\/privacy_policy\.html$/.test(r.url()));
  await page.getByRole('link', { name: 'Privacy policy and licence agreement' }).click();
  expect((await notThere).status()).toBe(404);
  await expect(page).toHaveURL(new RegExp(`#/participants/web/${built.code}/documents$`));
  await expect(page.getByRole('alert')).toHaveText(SYNC_FAILED);
  await expect(page.getByText(SYNC_FAILED, { exact: true })).toBeVisible();
  // The page still says where the participant is; nothing of a document, no empty page.
  await expect(page.getByRole('heading', { name: 'Privacy policy and licence agreement', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy policy and licence agreement/);
  await expect(page.getByRole('heading', { name: 'Privacy policy', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /\(PDF\)$/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to the study portal' })).toBeVisible();
  await shot(page, 'participant-study-documents-missing');
  await expectAccessible(page);
});
