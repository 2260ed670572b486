/**
 * Issue 11's journey. The study team opens DEMO for enrolment with an informed consent (comprehension quiz)
 * and a daily check-in whose first answer skips a question; a new participant enrols from the study link in
 * Spanish on a phone, confirms the account with the e-mailed code from the demo mailbox, fails the quiz once,
 * signs, downloads the signed PDF (its text read back) and answers today's check-in; another answers the
 * check-in offline, closes the tab, reopens online and the answer arrives once; a new consent version asks
 * the first participant to consent again.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { pdfTextOf } from '../../apps/api/test/support/pdf-text';
import { DEMO_PASSWORD, expectAccessible, shot } from '../support';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PORTAL = '/participant/#/participants/web/DEMO';
const t = (en: string, es: string) => ({ en, es });

const CONSENT = {
  id: 'informed-consent',
  name: t('Informed consent', 'Consentimiento informado'),
  educationEnabled: true,
  comprehensionEnabled: true,
  documentAndSignatureEnabled: true,
  digitalSignatureEnabled: false,
  sections: [
    {
      id: 'voluntary',
      title: t('Taking part is your choice', 'Participar es su decisión'),
      body: t('<p>You may stop at any time.</p>', '<p>Puede dejarlo en cualquier momento.</p>'),
    },
  ],
  quiz: [
    {
      id: 'leave',
      question: t('May you leave the study at any time?', '¿Puede dejar el estudio en cualquier momento?'),
      options: [
        { id: 'yes', text: t('Yes', 'Sí') },
        { id: 'no', text: t('No', 'No') },
      ],
      correctOptionId: 'yes',
      explanation: t('Taking part is voluntary.', 'Participar es voluntario: puede dejarlo cuando quiera.'),
    },
  ],
  documents: [
    {
      id: 'form',
      title: t('Consent form', 'Formulario de consentimiento'),
      body: t('<p>I agree to a daily check-in.</p>', '<p>Acepto responder un control diario.</p>'),
    },
  ],
  disclaimers: [{ id: 'read', text: t('I have read the form.', 'He leído el formulario.'), required: true }],
  optionalConsents: [
    { id: 'contact', text: t('Contact me about future studies.', 'Contácteme sobre estudios futuros.') },
  ],
};

const CHECK_IN = {
  title: t('Daily check-in', 'Control diario'),
  questions: [
    {
      id: 'feeling',
      identifier: 'feeling',
      type: 'MultiChoice',
      body: t('How are you feeling today?', '¿Cómo se siente hoy?'),
      constraints: { subType: 'single' },
      options: [
        { id: 'well', body: t('Well', 'Bien') },
        { id: 'unwell', body: t('Not well', 'No muy bien') },
      ],
      branching: { rules: [{ operator: 'eq', value: 'well', skipTo: 'notes' }] },
    },
    {
      id: 'symptoms',
      identifier: 'symptoms',
      type: 'MultiChoice',
      body: t('Which symptoms do you have?', '¿Qué síntomas tiene?'),
      constraints: { subType: 'multi' },
      options: [
        { id: 'headache', body: t('Headache', 'Dolor de cabeza') },
        { id: 'tiredness', body: t('Tiredness', 'Cansancio') },
      ],
    },
    {
      id: 'notes',
      identifier: 'notes',
      type: 'Text',
      optional: true,
      body: t('Anything else for the study team?', '¿Algo más para el equipo del estudio?'),
    },
  ],
};

interface Staff {
  api: APIRequestContext;
  auth: { authorization: string };
  studyId: string;
}

async function staff(api: APIRequestContext, username = 'studyadmin'): Promise<Staff> {
  const login = await api.post('/api/v1/auth/login', { data: { username, password: DEMO_PASSWORD } });
  const auth = { authorization: `Bearer ${(await login.json()).tokens.accessToken}` };
  const list = await api.get('/api/v1/studies?search=DEMO', { headers: auth });
  const studyId = (await list.json()).items.find((s: { code: string }) => s.code === 'DEMO').id as string;
  return { api, auth, studyId };
}

async function ok(res: Promise<import('@playwright/test').APIResponse>) {
  const r = await res;
  expect(r.status(), await r.text()).toBe(200);
  return r.json();
}

/** Saves one section of DEMO's draft with the revision it has now. */
async function saveSection(s: Staff, path: string, section: string, value: unknown) {
  const draft = await ok(s.api.get(`/api/v1/studies/${s.studyId}/versions/draft`, { headers: s.auth }));
  await ok(
    s.api.put(`/api/v1/studies/${s.studyId}/versions/${draft.id}/content/${path}`, {
      headers: s.auth,
      data: { revision: draft.sectionRevisions[section], value },
    }),
  );
  return draft.id as string;
}

/** Publishes the draft (and makes it live), then opens the next draft so the study keeps one to edit. */
async function publishDraft(s: Staff, reason: string, live: boolean) {
  const draft = await ok(s.api.get(`/api/v1/studies/${s.studyId}/versions/draft`, { headers: s.auth }));
  const base = `/api/v1/studies/${s.studyId}/versions/${draft.id}`;
  await ok(s.api.post(`${base}/publish`, { headers: s.auth, data: { reason } }));
  if (live) await ok(s.api.post(`${base}/make-live`, { headers: s.auth, data: { reason: `${reason}: go live` } }));
  await ok(s.api.post(`/api/v1/studies/${s.studyId}/versions`, { headers: s.auth, data: {} }));
  return draft.id as string;
}

/** DEMO's draft gets open enrolment, the consent and the daily check-in; published and made live. */
async function openTheStudy(s: Staff) {
  const created = await ok(
    s.api.post('/api/v1/activities', {
      headers: s.auth,
      data: { studyId: s.studyId, kind: 'survey', identifier: 'DAILY-CHECK-IN', title: CHECK_IN.title },
    }),
  );
  const revision = await ok(
    s.api.get(`/api/v1/activities/${created.id}/revisions/${created.latest.id}`, { headers: s.auth }),
  );
  await ok(
    s.api.put(`/api/v1/activities/${created.id}/revisions/${created.latest.id}`, {
      headers: s.auth,
      data: { lockVersion: revision.lockVersion, definition: { ...revision.definition, ...CHECK_IN } },
    }),
  );
  await saveSection(s, 'registration', 'registration', { verificationMethod: 'email', openEnrolment: true });
  await saveSection(s, 'consents', 'consents', { items: [CONSENT] });
  await saveSection(s, 'study-activities', 'studyActivities', {
    items: [{ id: created.id, revisionId: created.latest.id }],
  });
  await saveSection(s, 'schedule', 'schedule', {
    schedules: [
      {
        id: 'daily-check-in',
        target: { kind: 'activity', activityId: created.id },
        startDay: 0,
        endDay: 29,
        repeat: { kind: 'everyNDays', interval: 1 },
      },
    ],
  });
  return publishDraft(s, 'Open enrolment with eConsent and the daily check-in', true);
}

/** The 6-digit code of the newest message to this address in the demo mailbox. */
async function mailedCode(api: APIRequestContext, email: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const box = await (await api.get(`/api/v1/dev/mailbox?recipient=${encodeURIComponent(email)}`)).json();
      code = /\b(\d{6})\b/.exec(box.items[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Enrols from the study link: language, eligibility (none), the form, the mailed code, then signs in. */
async function enrol(page: Page, api: APIRequestContext, username: string, email: string, spanish: boolean) {
  await page.goto(`${PORTAL}/language`);
  await page.getByRole('button', { name: /Accept necessary cookies|Aceptar cookies necesarias/ }).click();
  if (spanish) await page.getByText('Español').click();
  await page.getByRole('button', { name: spanish ? 'Continuar' : 'Continue' }).click();
  await page.getByRole('button', { name: spanish ? 'Unirse al estudio' : 'Join the study' }).click();
  await expect(page.getByRole('heading', { name: spanish ? 'Cree su cuenta' : 'Create your account' })).toBeVisible();
  await page.getByLabel(spanish ? 'Nombre de usuario' : 'Username').fill(username);
  await page.getByLabel(spanish ? 'Dirección de correo electrónico' : 'E-mail address').fill(email);
  await page.getByLabel(spanish ? 'Contraseña' : 'Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel(spanish ? 'Confirmar contraseña' : 'Confirm password').fill(DEMO_PASSWORD);
  if (spanish) {
    await shot(page, 'participant-register-es');
    await expectAccessible(page);
  }
  await page.getByRole('button', { name: spanish ? 'Crear cuenta' : 'Create account' }).click();
  await expect(
    page.getByRole('heading', { name: spanish ? 'Confirme su cuenta' : 'Confirm your account' }),
  ).toBeVisible();
  const code = await mailedCode(api, email);
  await page.getByLabel(spanish ? 'Código de verificación' : 'Verification code').fill(code);
  if (spanish) await shot(page, 'participant-verify-es');
  await page.getByRole('button', { name: spanish ? 'Confirmar' : 'Confirm' }).click();
  await page.getByRole('button', { name: spanish ? 'Iniciar sesión' : 'Log in' }).click();
  await page.getByLabel(spanish ? 'Nombre de usuario' : 'Username').fill(username);
  await page.getByLabel(spanish ? 'Contraseña' : 'Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: spanish ? 'Iniciar sesión' : 'Log in' }).click();
  await expect(page).toHaveURL(/#\/participants\/web\/DEMO\/home/);
}

let s: Staff;
let firstVersion: string;

test('the study team opens DEMO with an eConsent and a daily check-in', async ({ request }) => {
  s = await staff(request);
  firstVersion = await openTheStudy(s);
  expect(firstVersion).toMatch(/^[0-9a-f-]{36}$/);
});

test('a new participant enrols in Spanish on a phone, fails the quiz once, signs and downloads the PDF, answers today’s check-in', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await enrol(page, request, 'lucia#2026', 'lucia.journey@example.org', true);

  // home asks for the consent first; tasks wait for it
  const card = page.getByRole('link', { name: /Leer y firmar|Read and sign/ });
  await expect(card).toBeVisible();
  await shot(page, 'participant-home-consent-es');
  await expectAccessible(page);
  await card.click();
  await expect(page.getByRole('heading', { name: 'Participar es su decisión' })).toBeVisible();
  await shot(page, 'participant-consent-section-es');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // the quiz: a wrong answer explains and asks again
  await expect(page.getByText('¿Puede dejar el estudio en cualquier momento?')).toBeVisible();
  await page.getByRole('radio', { name: 'No' }).check();
  await page.getByRole('button', { name: 'Comprobar respuesta' }).click();
  await expect(page.getByText('Participar es voluntario: puede dejarlo cuando quiera.')).toBeVisible();
  await shot(page, 'participant-consent-quiz-wrong-es');
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Sí' }).check();
  await page.getByRole('button', { name: 'Comprobar respuesta' }).click();

  // the form, the statement and the optional consent
  await expect(page.getByText('Acepto responder un control diario.')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('checkbox', { name: /He leído el formulario/ }).check();
  await shot(page, 'participant-consent-statements-es');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page
    .getByRole('radiogroup', { name: /Contácteme sobre estudios futuros/ })
    .getByRole('radio', { name: 'Sí' })
    .check();
  await shot(page, 'participant-consent-optional-es');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Siguiente' }).click();

  // the signature: meaning, name, password
  await expect(page.getByText(/Al firmar, confirmo que he leído y entendido este consentimiento/)).toBeVisible();
  await page.getByRole('checkbox', { name: 'He leído y acepto el significado de mi firma' }).check();
  await page.getByLabel('Su nombre completo').fill('Lucía Journey');
  await page.getByLabel('Su contraseña').fill(DEMO_PASSWORD);
  await shot(page, 'participant-consent-sign-es');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Firmar', exact: true }).click();

  // done: the signed PDF, read back
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /Descargar PDF firmado/ })
    .first()
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^consent-DEMO-US001-\d{4}-informed-consent-v\d+\.pdf$/);
  const text = pdfTextOf(readFileSync(await file.path()));
  for (const line of [
    'Consentimiento informado',
    'Acepto responder un control diario.',
    'Firmado por: Lucía Journey',
    'Manifiesto de firma',
    'Contácteme sobre estudios futuros.: Sí',
  ])
    expect(text).toContain(line);
  await shot(page, 'participant-consent-signed-es');
  await expectAccessible(page);

  // today's check-in: "Bien" skips the symptoms question
  await page.goto(`${PORTAL}/home`);
  const answer = page.getByRole('link', { name: /Responder|Answer/ }).first();
  await expect(async () => {
    await page.reload();
    await expect(answer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await shot(page, 'participant-home-tasks-es');
  await expectAccessible(page);
  await answer.click();
  await expect(page.getByText('¿Cómo se siente hoy?')).toBeVisible();
  await page.getByRole('radio', { name: 'Bien', exact: true }).check();
  await page.getByRole('button', { name: /Siguiente|Comenzar/ }).click();
  await expect(page.getByText('¿Algo más para el equipo del estudio?')).toBeVisible();
  await expect(page.getByText('¿Qué síntomas tiene?')).toHaveCount(0);
  await shot(page, 'participant-task-question-es');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('button', { name: /Volver al inicio/ })).toBeVisible();
  await shot(page, 'participant-task-done-es');
  await expectAccessible(page);
});

/** A participant's own API session (as the portal holds it). */
async function participantApi(api: APIRequestContext, username: string) {
  const r = await ok(
    api.post('/api/v1/participant-auth/login', {
      data: { studyCode: 'DEMO', username, password: DEMO_PASSWORD, deviceId: 'journey-device' },
    }),
  );
  return { pid: r.participant.pid as string, auth: { authorization: `Bearer ${r.tokens.accessToken}` } };
}

test('another participant answers the check-in offline, closes the tab, reopens online: the answer arrives once', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await enrol(page, request, 'omar#2026', 'omar.journey@example.org', false);
  // the consent signed through the API (the first journey signed on screen)
  const me = await participantApi(request, 'omar#2026');
  const consents = await ok(request.get('/api/v1/participant/consents', { headers: me.auth }));
  await ok(
    request.post('/api/v1/participant/consents/informed-consent/signatures', {
      headers: me.auth,
      data: {
        requestId: crypto.randomUUID(),
        contentHash: consents.items[0].contentHash,
        password: DEMO_PASSWORD,
        meaningAccepted: true,
        typedName: 'Omar Journey',
        drawnSignature: null,
        acceptedDisclaimers: ['read'],
        optionalConsents: { contact: false },
        quizAttempts: 0,
        localOffset: '+00:00',
      },
    }),
  );
  const answer = page.getByRole('link', { name: 'Answer' }).first();
  await expect(async () => {
    await page.reload();
    await expect(answer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await answer.click();
  await expect(page.getByText('How are you feeling today?')).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('radio', { name: 'Not well', exact: true }).check();
  await page.getByRole('button', { name: /Next|Start/ }).click();
  // "Not well": the symptoms question is asked
  await page.getByRole('checkbox', { name: 'Tiredness' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox').fill('Written on the train, no signal.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Your answers are saved' })).toBeVisible();
  await expect(
    page.getByText('They are kept on this device and will be sent when the connection returns.'),
  ).toBeVisible();
  await shot(page, 'participant-task-offline-en');
  await expectAccessible(page);
  // nothing reached the server
  const before = await ok(request.get('/api/v1/participant/tasks?scope=today', { headers: me.auth }));
  expect(before.items.filter((i: { answeredAt: string | null }) => i.answeredAt !== null)).toHaveLength(0);
  await page.close();

  // the tab is gone; the connection returns; the portal opens again and sends what it kept
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`${PORTAL}/home`);
  await expect
    .poll(
      async () => {
        const now = await ok(request.get('/api/v1/participant/tasks?scope=today', { headers: me.auth }));
        return now.items.filter((i: { answeredAt: string | null }) => i.answeredAt !== null).length;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await again.reload();
  await expect(again.getByText('Written on the train', { exact: false })).toHaveCount(0);
  await shot(again, 'participant-home-after-offline-en');
  await expectAccessible(again);
  await context.close();
});

test('a new consent version asks the first participant to consent again', async ({ browser, request }) => {
  s = { ...s, api: request };
  const config = await ok(request.get(`/api/v1/studies/${s.studyId}/consents`, { headers: s.auth }));
  const changed = {
    ...CONSENT,
    documents: [
      {
        id: 'form',
        title: t('Consent form', 'Formulario de consentimiento'),
        body: t(
          '<p>I agree to a daily check-in and a monthly video visit.</p>',
          '<p>Acepto responder un control diario y una videoconsulta mensual.</p>',
        ),
      },
    ],
  };
  await ok(
    request.put(`/api/v1/studies/${s.studyId}/consents/informed-consent`, {
      headers: s.auth,
      data: { revision: config.revision, consent: changed },
    }),
  );
  const amended = await publishDraft(s, 'Amendment: monthly video visit', false);
  const lucia = await participantApi(request, 'lucia#2026');
  // the coordinator puts the participant on the amended version
  const crc = await staff(request, 'crc.demo');
  await ok(
    request.put(`/api/v1/studies/${s.studyId}/participants/${lucia.pid}/study-version`, {
      headers: crc.auth,
      data: { versionId: amended, reason: 'Amendment approved by the IRB' },
    }),
  );
  const status = await ok(request.get('/api/v1/participant/consents', { headers: lucia.auth }));
  expect(status.items[0].status).toBe('RECONSENT_REQUIRED');

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${PORTAL}/language`);
  await page.getByRole('button', { name: 'Accept necessary cookies' }).click();
  await page.getByText('Español').click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Nombre de usuario').fill('lucia#2026');
  await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(
    page.getByText('El estudio ha cambiado un consentimiento que usted firmó. Léalo y fírmelo de nuevo.'),
  ).toBeVisible();
  await shot(page, 'participant-home-reconsent-es');
  await expectAccessible(page);
  await page.getByRole('link', { name: /Leer y firmar/ }).click();
  await expect(page.getByText('El estudio ha cambiado este consentimiento. Léalo y fírmelo de nuevo.')).toBeVisible();
  await shot(page, 'participant-reconsent-es');
  await expectAccessible(page);
  await context.close();
});
