/**
 * Issue 12's journey (it runs after every other browser test: it changes DEMO's participants and its live version). The study team publishes DEMO with a daily weigh-in (participant-reported) and a vitals form
 * (site-entered, with a soft data edit check and a kit number only unblinded staff see). The coordinator — the site's
 * unblinded pharmacist — enters the vitals (the check warns), the investigator signs them; the monitor (blinded) opens a
 * query on the participant's weight; the coordinator corrects it with a reason and answers; the monitor closes it; the
 * correction shows the old and the new value. A transfer to Madrid is requested and approved by Madrid's investigator.
 * The monitor's screens and API answers hold no kit number. (Importing and inviting are in staff/participants.spec.ts.)
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, PI_RENEWED_PASSWORD, shot, staffSignIn } from '../support';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const t = (en: string) => ({ en });

interface Staff {
  api: APIRequestContext;
  auth: { authorization: string };
  studyId: string;
}

async function ok(res: Promise<import('@playwright/test').APIResponse>) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(200);
  return r.json();
}

/** pi.demo's password: the password-reset journey, when it ran before, changed it. */
let piPassword = DEMO_PASSWORD;
const passwordOf = (username: string) => (username === 'pi.demo' ? piPassword : DEMO_PASSWORD);

async function staff(api: APIRequestContext, username: string): Promise<Staff> {
  const login = await api.post('/api/v1/auth/login', { data: { username, password: passwordOf(username) } });
  const auth = { authorization: `Bearer ${(await login.json()).tokens.accessToken}` };
  const list = await api.get('/api/v1/studies?search=DEMO', { headers: auth });
  const studyId = (await list.json()).items.find((s: { code: string }) => s.code === 'DEMO').id as string;
  return { api, auth, studyId };
}

async function activity(s: Staff, kind: string, identifier: string, title: string, extra: Record<string, unknown>) {
  const made = await ok(
    s.api.post('/api/v1/activities', {
      headers: s.auth,
      data: { studyId: s.studyId, kind, identifier, title: t(title) },
    }),
  );
  const rev = await ok(s.api.get(`/api/v1/activities/${made.id}/revisions/${made.latest.id}`, { headers: s.auth }));
  const definition = { ...rev.definition, ...extra };
  await ok(
    s.api.put(`/api/v1/activities/${made.id}/revisions/${made.latest.id}`, {
      headers: s.auth,
      data: { lockVersion: rev.lockVersion, definition },
    }),
  );
  return { id: made.id as string, revisionId: made.latest.id as string, definition };
}

async function saveSection(s: Staff, path: string, section: string, value: unknown) {
  const draft = await ok(s.api.get(`/api/v1/studies/${s.studyId}/versions/draft`, { headers: s.auth }));
  await ok(
    s.api.put(`/api/v1/studies/${s.studyId}/versions/${draft.id}/content/${path}`, {
      headers: s.auth,
      data: { revision: draft.sectionRevisions[section], value },
    }),
  );
}

async function publishLive(s: Staff) {
  const draft = await ok(s.api.get(`/api/v1/studies/${s.studyId}/versions/draft`, { headers: s.auth }));
  const base = `/api/v1/studies/${s.studyId}/versions/${draft.id}`;
  await ok(s.api.post(`${base}/publish`, { headers: s.auth, data: { reason: 'Weigh-in and vitals' } }));
  await ok(s.api.post(`${base}/make-live`, { headers: s.auth, data: { reason: 'Weigh-in and vitals: go live' } }));
  await ok(s.api.post(`/api/v1/studies/${s.studyId}/versions`, { headers: s.auth, data: {} }));
  return draft.id as string;
}

const WEIGH_IN = [
  { id: 'w1', identifier: 'weight', type: 'Number', body: t('Weight (kg)'), constraints: { min: 20, max: 300 } },
];
const VITALS = [
  {
    id: 'v1',
    identifier: 'systolic',
    type: 'Number',
    body: t('Systolic blood pressure (mmHg)'),
    constraints: { min: 60, max: 260 },
    dataEditChecks: [{ id: 'high', check: 'SOFT', type: 'LESS_THAN', value: 180 }],
  },
  { id: 'v2', identifier: 'kit', type: 'Text', body: t('Kit number dispensed'), unblindedOnly: true },
];

interface World {
  studyId: string;
  participantId: string;
  participantCode: string;
  responseId: string;
  /** The participant's site (Boston), whose form data the investigator locks and unlocks. */
  siteId: string;
}

let world: World;

test('setup: DEMO publishes a weigh-in and a vitals form; the participant weighs in (27 kg, a typo)', async ({
  request,
}) => {
  const admin = await staff(request, 'studyadmin');
  const pi = await request.post('/api/v1/auth/login', { data: { username: 'pi.demo', password: DEMO_PASSWORD } });
  if (pi.status() !== 200) piPassword = PI_RENEWED_PASSWORD;
  // earlier browser tests may have published DEMO's draft without opening another: open one
  const draft = await request.get(`/api/v1/studies/${admin.studyId}/versions/draft`, { headers: admin.auth });
  if (draft.status() !== 200)
    await ok(request.post(`/api/v1/studies/${admin.studyId}/versions`, { headers: admin.auth, data: {} }));
  const stamp = Date.now().toString(36).slice(-5).toUpperCase();
  const weigh = await activity(admin, 'survey', `WEIGH-IN-${stamp}`, 'Weigh-in', { questions: WEIGH_IN });
  const vitals = await activity(admin, 'dataCaptureForm', `VITALS-${stamp}`, 'Vitals', {
    questions: VITALS,
    allowDataEditChecks: true,
  });
  // no consent is owed on this version (an earlier journey's consent would hold the weigh-in back)
  await saveSection(admin, 'consents', 'consents', { items: [] });
  // the schedule goes first: an activity that is still scheduled cannot leave the version
  await saveSection(admin, 'schedule', 'schedule', { schedules: [], packets: [] });
  await saveSection(admin, 'study-activities', 'studyActivities', {
    items: [weigh, vitals].map((a) => ({ id: a.id, revisionId: a.revisionId })),
  });
  await saveSection(admin, 'schedule', 'schedule', {
    schedules: [
      {
        id: 'weigh-in',
        target: { kind: 'activity', activityId: weigh.id },
        startDay: 0,
        endDay: 6,
        repeat: { kind: 'everyNDays', interval: 1 },
      },
      { id: 'vitals', target: { kind: 'activity', activityId: vitals.id }, startDay: 0 },
    ],
  });
  const versionId = await publishLive(admin);

  const crc = await staff(request, 'crc.demo');
  const list = await ok(
    request.get(`/api/v1/studies/${crc.studyId}/participants?search=DEMO-US001-0001`, { headers: crc.auth }),
  );
  const p = list.items[0] as { id: string; participantId: string };
  const base = `/api/v1/studies/${crc.studyId}/participants/${p.id}`;
  await ok(
    request.put(`${base}/study-version`, {
      headers: crc.auth,
      data: { versionId, reason: 'Enrolled on the weigh-in' },
    }),
  );
  const today = new Date().toISOString().slice(0, 10);
  await ok(request.post(`${base}/day-zero`, { headers: crc.auth, data: { date: today, timeZone: 'UTC' } }));
  // the coordinator is the site's unblinded pharmacist (C-157): they enter the kit number
  const me = await ok(request.get('/api/v1/me', { headers: crc.auth }));
  const boston = (await ok(request.get(`/api/v1/studies/${crc.studyId}/sites`, { headers: admin.auth }))).items.find(
    (s: { siteId: string }) => s.siteId === 'US-001',
  ).id;
  await ok(
    request.put(`/api/v1/studies/${crc.studyId}/sites/${boston}/team/${me.id}/blinded`, {
      headers: admin.auth,
      data: { blinded: false, reason: 'Unblinded pharmacist' },
    }),
  );

  // the participant's weigh-in of today, through the portal's API
  const login = await ok(
    request.post('/api/v1/participant-auth/login', {
      data: { studyCode: 'DEMO', username: 'participant.demo', password: DEMO_PASSWORD, deviceId: 'journey-edc' },
    }),
  );
  const auth = { authorization: `Bearer ${login.tokens.accessToken}` };
  let task: { id: string } | undefined;
  await expect
    .poll(
      async () => {
        const tasks = await ok(request.get('/api/v1/participant/tasks?scope=today', { headers: auth }));
        task = tasks.items.find((x: { activityId: string }) => x.activityId === weigh.id);
        return Boolean(task);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  // the portal's result payload (packages/domain build-payload.ts) for one number question, answered 27
  const now = new Date().toISOString().slice(0, 19);
  const body = {
    studyId: crc.studyId,
    surveyId: weigh.id,
    activityId: weigh.id,
    participantId: p.id,
    results: [
      {
        appLanguageId: 1,
        displayLanguage: 'en',
        displayAnswerText: '27',
        displayQuestionText: 'Weight (kg)',
        questionId: 'weight',
        questionType: 'Number',
        questionText: 'Weight (kg)',
        isSkipped: false,
        timeTaken: 1,
        startTime: '',
        endTime: '',
        status: 'Completed',
        siteId: boston,
        answerText: '27',
        optionId: '',
      },
    ],
    deviceType: 'Web',
    uuidFromMobile: crypto.randomUUID(),
    deviceId: 'journey-edc',
    imageFileNames: [],
    taskInstanceId: task!.id,
    studyVersionId: versionId,
    completionTimeUtc: `${now}Z`,
    completionTimeLocal: now,
    completionLocalOffset: '+00:00',
  };
  const stored = await ok(
    request.post(`/api/v1/participant/activities/${weigh.id}/results`, { headers: auth, data: body }),
  );
  world = {
    studyId: crc.studyId,
    participantId: p.id,
    participantCode: p.participantId,
    responseId: stored.responseId,
    siteId: (await ok(request.get(`${base}`, { headers: crc.auth }))).siteId,
  };
});

const profile = (tab: string) => `/#/studies/${world.studyId}/participants/${world.participantId}?tab=${tab}`;

async function signInAs(page: Page, username: string) {
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear()).catch(() => {});
  await staffSignIn(page, username, passwordOf(username));
  // signed in once the studies list shows (the portal goes there itself; a page opened earlier would be replaced)
  await expect(page.getByRole('heading', { name: 'Studies', level: 1 })).toBeVisible();
}

test('the coordinator enters the vitals (the data edit check warns), the investigator signs them', async ({ page }) => {
  await signInAs(page, 'crc.demo');
  await page.goto(profile('siteForms'));
  await page.getByRole('link', { name: 'Enter Vitals' }).click();
  await page.getByRole('textbox', { name: /Systolic blood pressure/ }).fill('190');
  await page.getByRole('textbox', { name: /Kit number dispensed/ }).fill('K-114');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Form saved.')).toBeVisible();
  await expect(page.getByText(/180/).first()).toBeVisible();
  await shot(page, 'edc-vitals-entered');
  await expectAccessible(page);

  await signInAs(page, 'pi.demo');
  await page.goto(profile('siteForms'));
  await page
    .getByRole('link', { name: /Vitals/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Sign', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign this form' });
  await dialog.getByLabel('Your password').fill(piPassword);
  await dialog.getByRole('button', { name: 'Sign' }).click();
  await expect(page.getByText('Form signed.')).toBeVisible();
  await expect(page.getByText(/Signed by Priya Investigator/)).toBeVisible();
  await shot(page, 'edc-vitals-signed');

  // the investigator locks the site's form data from the site page, then unlocks it with a reason
  await page.goto(`/#/studies/${world.studyId}/research-team/research-site/${world.siteId}/view`);
  const lockPanel = page.getByRole('region', { name: 'Site form data' });
  await lockPanel.getByRole('button', { name: 'Lock the site’s data' }).click();
  await page
    .getByRole('dialog', { name: 'Lock the site’s form data' })
    .getByRole('button', { name: 'Lock the site’s data' })
    .click();
  await expect(lockPanel.getByText(/^Locked by Priya Investigator on /)).toBeVisible();
  await shot(page, 'edc-site-data-locked');
  await expectAccessible(page);
  await lockPanel.getByRole('button', { name: 'Unlock the site’s data' }).click();
  const unlock = page.getByRole('dialog', { name: 'Unlock the site’s form data' });
  await unlock.getByRole('textbox', { name: /Reason for unlocking/ }).fill('Vitals to be completed at the next visit');
  await unlock.getByRole('button', { name: 'Unlock the site’s data' }).click();
  await expect(lockPanel.getByText('Open: the site’s forms can be entered and changed.')).toBeVisible();
});

test('the monitor queries the participant’s weight; the coordinator corrects it with a reason and answers; the monitor closes it', async ({
  page,
}) => {
  const responsePage = `/#/studies/${world.studyId}/participants/${world.participantId}/responses/${world.responseId}`;
  await signInAs(page, 'cra.demo');
  await page.goto(responsePage);
  await page.getByRole('button', { name: 'Raise a query on Weight (kg)' }).click();
  const drawer = page.getByRole('dialog', { name: 'Queries on Weight (kg)' });
  await drawer.getByLabel('What needs checking?').fill('27 kg is unlikely for an adult. Please check the source.');
  await drawer.getByRole('button', { name: 'Raise query' }).click();
  await expect(page.getByText('Query raised.')).toBeVisible();
  // a monitor queries but never corrects
  await expect(page.getByRole('button', { name: /^Correct the answer/ })).toHaveCount(0);
  await shot(page, 'query-raised');

  await signInAs(page, 'crc.demo');
  await page.goto(responsePage);
  await page.getByRole('button', { name: 'Correct the answer to Weight (kg)' }).click();
  const correction = page.getByRole('dialog', { name: 'Correct: Weight (kg)' });
  await correction.getByRole('textbox', { name: 'Weight (kg)' }).fill('72');
  await correction.getByRole('textbox', { name: /Reason for change/ }).fill('Scale log at the visit says 72 kg');
  await correction.getByRole('button', { name: 'Save the correction' }).click();
  const corrections = page.getByRole('table', { name: 'Corrections of this response' });
  await expect(corrections.getByRole('cell', { name: '27', exact: true })).toBeVisible();
  await expect(corrections.getByRole('cell', { name: '72', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /Queries on Weight \(kg\)/ }).click();
  const thread = page.getByRole('dialog', { name: 'Queries on Weight (kg)' });
  await thread.getByLabel('Message').fill('Corrected from the scale log: 72 kg.');
  await thread.getByRole('button', { name: 'Send response' }).click();
  await expect(page.getByText('Response sent.')).toBeVisible();
  await shot(page, 'query-answered-corrected');

  await signInAs(page, 'cra.demo');
  await page.goto(responsePage);
  await page.getByRole('button', { name: /Queries on Weight \(kg\)/ }).click();
  const again = page.getByRole('dialog', { name: 'Queries on Weight (kg)' });
  await again.getByLabel('Message').fill('Thank you: resolved.');
  await again.getByRole('button', { name: 'Close query' }).click();
  await expect(page.getByText('Query closed.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('table', { name: 'Corrections of this response' })).toContainText(
    'Scale log at the visit says 72 kg',
  );
  await shot(page, 'query-closed-audit');
  await expectAccessible(page);
});

test('the monitor (blinded) sees no kit number, on screen or in the API', async ({ page, request }) => {
  const cra = await staff(request, 'cra.demo');
  const forms = await ok(
    request.get(`/api/v1/studies/${world.studyId}/participants/${world.participantId}/site-forms`, {
      headers: cra.auth,
    }),
  );
  const entry = forms.items.find((f: { entryId: string | null }) => f.entryId);
  const read = await request.get(
    `/api/v1/studies/${world.studyId}/participants/${world.participantId}/site-forms/${encodeURIComponent(entry.key)}`,
    { headers: cra.auth },
  );
  const text = await read.text();
  expect(read.status()).toBe(200);
  expect(text).toContain('190');
  expect(text).not.toContain('K-114');
  expect(text).not.toContain('Kit number dispensed');
  const trail = await request.get(
    `/api/v1/studies/${world.studyId}/participants/${world.participantId}/site-forms/${encodeURIComponent(entry.key)}/audit-trail`,
    { headers: cra.auth },
  );
  expect(await trail.text()).not.toContain('K-114');

  await signInAs(page, 'cra.demo');
  await page.goto(profile('siteForms'));
  await page
    .getByRole('link', { name: /Vitals/ })
    .first()
    .click();
  await expect(page.getByRole('textbox', { name: 'Systolic blood pressure (mmHg)' })).toHaveValue('190');
  await expect(page.getByText('Kit number dispensed')).toHaveCount(0);
  await expect(page.getByText('K-114')).toHaveCount(0);
  await shot(page, 'blinded-monitor-vitals');
});

test('a transfer to Madrid is requested and approved by Madrid’s investigator; the participant moves', async ({
  page,
  request,
}) => {
  // Madrid's investigator: pi.demo joins Madrid's team (another site of the study)
  const admin = await staff(request, 'studyadmin');
  const sites = (await ok(request.get(`/api/v1/studies/${admin.studyId}/sites`, { headers: admin.auth }))).items;
  const madrid = sites.find((s: { siteId: string }) => s.siteId === 'ES-001');
  const pi = await staff(request, 'pi.demo');
  const piMe = await ok(request.get('/api/v1/me', { headers: pi.auth }));
  await ok(
    request.post(`/api/v1/studies/${admin.studyId}/team`, {
      headers: admin.auth,
      data: { userId: piMe.id, role: 'Pi', siteId: madrid.id },
    }),
  );

  await signInAs(page, 'crc.demo');
  await page.goto(profile('overview'));
  await page.getByRole('button', { name: 'Transfer to another site' }).click();
  const ask = page.getByRole('dialog', { name: `Transfer ${world.participantCode} to another site` });
  await ask.getByRole('combobox', { name: 'New site' }).click();
  await page.getByRole('option', { name: /Madrid/ }).click();
  await ask.getByRole('textbox', { name: /Reason for the transfer/ }).fill('Moved to Madrid for work');
  await ask.getByRole('button', { name: 'Ask for the transfer' }).click();
  await expect(page.getByText(/was asked for/)).toBeVisible();

  await signInAs(page, 'pi.demo');
  await page.goto(`/#/studies/${world.studyId}/participant-transfers`);
  await page.getByRole('button', { name: `Approve the transfer of ${world.participantCode}` }).click();
  const review = page.getByRole('dialog');
  await review.getByRole('textbox', { name: /Review reason/ }).fill('Madrid takes over the visits');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${world.participantCode} is now at`)).toBeVisible();
  await shot(page, 'transfer-approved');
  const detail = await ok(
    request.get(`/api/v1/studies/${world.studyId}/participants/${world.participantId}`, { headers: pi.auth }),
  );
  expect(detail.siteCode).toBe('ES-001');
});
