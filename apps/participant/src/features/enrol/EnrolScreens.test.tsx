// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getStudyEnrolment } from '@trialpath/contract';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// The shared form parts (@trialpath/ui) use packages/ui's own copy of Mantine in tests: its provider goes around.
import { renderWithMantine } from '../../../../../packages/ui/src/test-utils';
import { initI18n } from '../../i18n';
import type { Study } from '../../shared/data';
import { queries } from '../../shared/data';
import { storage } from '../../shared/portal';
import { COUNTRY_KEY, DEVICE_ID_KEY } from '../../shared/storage';
import { RouteParamsContext } from '../layout/route-params';
import { StudyContext, studyTheme } from '../layout/study-context';
import type { EnrolmentFacts } from './enrol-logic';
import { pendingVerification, storePendingVerification } from './enrol-storage';
import LoginPage from '../auth/LoginPage';
import LanguagePage from '../language/LanguagePage';
import EnrolPage from './EnrolPage';
import LinkLanding from './LinkLanding';
import VerifyLinkPage from './VerifyLinkPage';
import VerifyPage from './VerifyPage';

const STUDY_ID = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const VERSION_ID = '5c0b8a34-9d4e-4f3a-8b2c-1d0e9f8a7b6c';
const SCREENING = '9b2f1c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const PID = '7a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const DEVICE = '0b9e7c4e-5d7a-4f1e-9a51-6d1c6b1f2a33';

const study: Study = {
  studyId: STUDY_ID,
  studyCode: 'DEMO',
  name: 'Demo study',
  color: null,
  versionId: null,
  countries: [],
  languages: [{ language_id: 'en', language_culture: 'en', display_name: 'English', is_default: true }],
  branding: null,
  prototype: null,
};

function facts(over: Partial<EnrolmentFacts> = {}): EnrolmentFacts {
  return {
    studyId: STUDY_ID,
    studyCode: 'DEMO',
    studyVersionId: VERSION_ID,
    openEnrolment: true,
    verificationMethod: 'email',
    defaultLanguage: 'en',
    eligibility: {
      heading: {},
      introduction: {},
      questions: [{ id: 'adult', text: { en: 'Are you 18 or older?' } }],
      ineligibleMessage: {},
    },
    registration: {
      heading: {},
      introduction: {},
      submitLabel: {},
      completedMessage: {},
      email: 'required',
      mobile: 'hidden',
    },
    ...over,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch answering `METHOD path` from a table (a list is used in turn, its last answer repeating). */
function fakeServer(routes: Record<string, Response | Response[]>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const used = new Map<string, number>();
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const key = `${method} ${url}`;
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[key];
    if (route === undefined) return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    const list = Array.isArray(route) ? route : [route];
    const n = used.get(key) ?? 0;
    used.set(key, n + 1);
    return list[Math.min(n, list.length - 1)]!.clone();
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, posts: (path: string) => calls.filter((c) => c.method === 'POST' && c.url === path) };
}

const FACTS = 'GET /api/v1/participant-web/studies/DEMO/enrolment';
const SCREEN = 'POST /api/v1/participant-web/studies/DEMO/eligibility';
const CHECK = 'POST /api/v1/participant-web/studies/DEMO/username-check';
const REGISTER = 'POST /api/v1/participant-web/studies/DEMO/registrations';
const VERIFY = 'POST /api/v1/participant-web/verification';
const RESEND = 'POST /api/v1/participant-web/verification/resend';

function renderPage(ui: ReactNode, params: Record<string, string> = {}) {
  return renderWithMantine(
    <MantineProvider>
      <StudyContext.Provider value={studyTheme(study, 'en')}>
        <RouteParamsContext.Provider value={params}>{ui}</RouteParamsContext.Provider>
      </StudyContext.Provider>
    </MantineProvider>,
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem(DEVICE_ID_KEY, DEVICE);
  window.location.hash = '#/participants/web/DEMO/join';
  queries.remove(getStudyEnrolment);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('joining from the study link', () => {
  it('an ineligible answer shows the study’s own message (rich text) and no form', async () => {
    fakeServer({
      [FACTS]: json(200, facts()),
      [SCREEN]: json(200, {
        eligible: false,
        screeningId: null,
        ineligibleMessage: { en: '<p>Sorry, <strong>not</strong> this time.</p><script>x()</script>' },
        defaultLanguage: 'en',
      }),
    });
    renderPage(<EnrolPage />);
    // nothing chosen yet: the page says to answer, before any call
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect((await screen.findAllByText('Please answer every question.')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Thank you for your interest')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Sorry, not this time.');
    expect(status.querySelector('strong')?.textContent).toBe('not');
    expect(status.querySelector('script')).toBeNull();
    expect(screen.queryByLabelText('Username')).toBeNull();
  });

  it('eligible → the form; a taken username is said on leaving the field; the registration carries the screening, then the code screen', async () => {
    window.localStorage.setItem(COUNTRY_KEY, 'US');
    const server = fakeServer({
      [FACTS]: json(200, facts()),
      [SCREEN]: json(200, { eligible: true, screeningId: SCREENING, ineligibleMessage: {}, defaultLanguage: 'en' }),
      [CHECK]: [
        json(200, { isUnique: false, failedRules: [], message: 'This username is already taken.' }),
        json(200, { isUnique: true, failedRules: [], message: null }),
      ],
      [REGISTER]: json(200, {
        pid: PID,
        participantId: 'DEMO-US001-0007',
        username: 'joiner1#x',
        status: 'REGISTERED',
        verificationMethod: 'email',
        destination: 'a•••@example.org',
        codeExpiresAt: '2026-12-02T10:00:00.000Z',
      }),
    });
    renderPage(<EnrolPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    // e-mail verification: the e-mail field, no mobile number
    expect(screen.getByLabelText('E-mail address')).toBeTruthy();
    expect(screen.queryByLabelText('Mobile number')).toBeNull();

    type('Username', 'taken#name1');
    fireEvent.blur(screen.getByLabelText('Username'));
    expect(await screen.findByText('This username is already taken.')).toBeTruthy();
    type('Username', 'joiner1#x');
    fireEvent.blur(screen.getByLabelText('Username'));
    expect(await screen.findByText('This username is available.')).toBeTruthy();

    type('E-mail address', 'ana@example.org');
    type('Password', 'Joining#2024');
    type('Confirm password', 'Joining#2024');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(window.location.hash).toBe('#/participants/web/DEMO/verify'));
    const [post] = server.posts('/api/v1/participant-web/studies/DEMO/registrations');
    expect(post!.body).toMatchObject({
      registrationProcess: 'OPEN_ENROLMENT',
      screeningId: SCREENING,
      studyId: STUDY_ID,
      studyVersionId: VERSION_ID,
      username: 'joiner1#x',
      email: 'ana@example.org',
      verificationMethod: 'email',
      confirmPassword: 'Joining#2024',
      deviceId: DEVICE,
      deviceType: 'Web',
      countryId: 'US',
      language: 'en',
    });
    expect(pendingVerification(storage, 'DEMO')).toEqual({
      studyCode: 'DEMO',
      pid: PID,
      verificationMethod: 'email',
      destination: 'a•••@example.org',
    });
    expect(window.localStorage.getItem('trialpath.openEnrolEmail')).toBe('ana@example.org');
    expect(window.localStorage.getItem('trialpath.openStudy')).toBe('true');
    expect(window.localStorage.getItem('trialpath.fromWeb')).toBe('true');
  });

  it('a study verifying by phone asks for the mobile number; a closed study says so', async () => {
    fakeServer({
      [FACTS]: json(
        200,
        facts({
          verificationMethod: 'phone',
          eligibility: { heading: {}, introduction: {}, questions: [], ineligibleMessage: {} },
          registration: { ...facts().registration, email: 'optional', mobile: 'required' },
        }),
      ),
    });
    renderPage(<EnrolPage />);
    expect(await screen.findByLabelText('Mobile number')).toBeTruthy();
    expect(screen.getByLabelText('Country code')).toBeTruthy();
    expect(
      screen.getByText('We will send a code to this number by text message to confirm your account.'),
    ).toBeTruthy();
    cleanup();
    queries.remove(getStudyEnrolment);
    fakeServer({ [FACTS]: json(200, facts({ openEnrolment: false })) });
    renderPage(<EnrolPage />);
    expect(
      await screen.findByText(
        'This study is not open for enrolment. If your study team invited you, please use the link in their invitation.',
      ),
    ).toBeTruthy();
  });

  it('an invitation link opens the form at once and sends its token', async () => {
    const server = fakeServer({
      [FACTS]: json(200, facts({ openEnrolment: false })),
      [REGISTER]: json(400, {
        code: 'RESET_TOKEN_EXPIRED',
        message: 'This link has expired. Please request a new one.',
        messageKey: 'auth.resetTokenExpired',
      }),
    });
    renderPage(<EnrolPage />, { token: 'invite-token-123' });
    expect(
      await screen.findByText('Your study team invited you. Choose a username and a password to create your account.'),
    ).toBeTruthy();
    type('Username', 'joiner1#x');
    type('E-mail address', 'ana@example.org');
    type('Password', 'Joining#2024');
    type('Confirm password', 'Joining#2024');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This link has expired. Please request a new one.')).toBeTruthy();
    const [post] = server.posts('/api/v1/participant-web/studies/DEMO/registrations');
    expect(post!.body).toMatchObject({ registrationProcess: 'INVITATION', activationToken: 'invite-token-123' });
    expect(post!.body).not.toHaveProperty('screeningId');
  });
});

describe('the code screen', () => {
  it('a wrong code says so with the attempts left; a new code on request; the right one → confirmed, on to log in', async () => {
    storePendingVerification(storage, {
      studyCode: 'DEMO',
      pid: PID,
      verificationMethod: 'email',
      destination: 'a•••@example.org',
    });
    const server = fakeServer({
      [VERIFY]: [
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'The code is not correct. Please check it and try again.',
          messageKey: 'otp.invalid',
          fieldErrors: { code: ['The code is not correct. Please check it and try again.'] },
          fieldErrorKeys: { code: [{ key: 'otp.invalid' }] },
          details: { attemptsRemaining: 3 },
        }),
        json(200, { verified: true, studyCode: 'DEMO', username: 'joiner1#x' }),
      ],
      [RESEND]: json(200, { verificationMethod: 'email', destination: 'a•••@example.org', codeExpiresAt: 'x' }),
    });
    renderPage(<VerifyPage />);
    expect(
      screen.getByText('We sent a 6-digit code to a•••@example.org. You can also open the link in that e-mail.'),
    ).toBeTruthy();
    type('Verification code', '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The code is not correct. Please check it and try again.')).toBeTruthy();
    expect(screen.getByText('Attempts left for this code: 3.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code has been sent to a•••@example.org.')).toBeTruthy();

    type('Verification code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your account is confirmed')).toBeTruthy();
    expect(server.posts('/api/v1/participant-web/verification').map((c) => c.body)).toEqual([
      { pid: PID, code: '000000' },
      { pid: PID, code: '123456' },
    ]);
    expect(pendingVerification(storage, 'DEMO')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(window.location.hash).toBe('#/participants/web/DEMO/login');
  });

  it('without an account waiting on this device it says where to go instead', () => {
    fakeServer({});
    renderPage(<VerifyPage />);
    expect(
      screen.getByText(
        'There is no account waiting for confirmation on this device. Open the link in the e-mail we sent you, or log in.',
      ),
    ).toBeTruthy();
  });
});

describe('the way in from the language and sign-in pages', () => {
  it('open enrolment offers "Join the study" on the language page, which keeps the choice and opens the join page', async () => {
    fakeServer({ [FACTS]: json(200, facts()) });
    renderPage(<LanguagePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Join the study' }));
    expect(window.location.hash).toBe('#/participants/web/DEMO/join');
    expect(window.localStorage.getItem('trialpath.language')).toBe('en');
    expect(window.localStorage.getItem('trialpath.openStudy')).toBe('true');
  });

  it('no "Join the study" when the study is closed to enrolment', async () => {
    const server = fakeServer({ [FACTS]: json(200, facts({ openEnrolment: false })) });
    renderPage(<LanguagePage />);
    await waitFor(() => expect(server.calls.some((c) => c.url.endsWith('/enrolment'))).toBe(true));
    await waitFor(() => expect(window.localStorage.getItem('trialpath.openStudy')).toBe('false'));
    expect(screen.queryByRole('button', { name: 'Join the study' })).toBeNull();
  });

  it('a sign-in refused as not verified offers the code screen for that account', async () => {
    fakeServer({
      [FACTS]: json(200, facts({ openEnrolment: false })),
      'POST /api/v1/participant-auth/login': json(403, {
        code: 'NOT_VERIFIED',
        message: 'Access token not available. Seems your account is not fully verified.',
        messageKey: 'auth.notVerified',
        details: { pid: PID, verificationMethod: 'phone' },
      }),
    });
    renderPage(<LoginPage />);
    type('Username', 'joiner1#x');
    type('Password', 'Joining#2024');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('Access token not available. Seems your account is not fully verified.'),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm your account' }));
    expect(window.location.hash).toBe('#/participants/web/DEMO/verify');
    expect(pendingVerification(storage, 'DEMO')).toEqual({
      studyCode: 'DEMO',
      pid: PID,
      verificationMethod: 'phone',
      destination: '',
    });
  });
});

describe('the e-mailed links (000 §2.1; decision D-025)', () => {
  it('a verify-participant-v3 link asks which study, then opens that study’s verify-link page', async () => {
    const server = fakeServer({
      [`GET /api/v1/participant-web/verification-links?studyId=${STUDY_ID}&token=tok-123&email=ana%40example.org&participantId=${PID}`]:
        json(200, { studyCode: 'DEMO', state: 'valid' }),
    });
    renderPage(
      <LinkLanding segments={['studies', STUDY_ID, PID, 'tok-123', 'ana@example.org', 'verify-participant-v3']} />,
    );
    await waitFor(() =>
      expect(window.location.hash).toBe(`#/participants/web/DEMO/verify-link/tok-123/ana%40example.org/${PID}`),
    );
    expect(server.calls).toHaveLength(1);
  });

  it('a participant-reset-password link opens the study’s reset page in the link’s language; a dead one says so', async () => {
    fakeServer({
      'GET /api/v1/participant-web/reset-links/en/reset-tok-1': json(200, { valid: true, studyCode: 'DEMO' }),
      'GET /api/v1/participant-web/reset-links/en/reset-tok-2': json(200, { valid: false, studyCode: null }),
    });
    renderPage(<LinkLanding segments={['participant-reset-password', 'reset-tok-1', 'en', 'es']} />);
    await waitFor(() => expect(window.location.hash).toBe('#/participants/web/DEMO/reset-password/reset-tok-1'));
    expect(window.localStorage.getItem('trialpath.language')).toBe('es');
    cleanup();
    await initI18n('en');
    renderPage(<LinkLanding segments={['participant-reset-password', 'reset-tok-2', 'en', 'en']} />);
    expect(
      await screen.findByText('This password reset link is not valid or has expired. Please ask for a new one.'),
    ).toBeTruthy();
  });

  it('the study’s verify-link page confirms the account when it opens; an expired link leads to the code screen', async () => {
    const server = fakeServer({
      'POST /api/v1/participant-web/verification-links': [
        json(200, { verified: true, studyCode: 'DEMO', username: 'joiner1#x' }),
        json(400, {
          code: 'VALIDATION_FAILED',
          message: 'This verification link has expired. Enter the code from the e-mail, or ask for a new one.',
          messageKey: 'enrolment.linkExpired',
        }),
      ],
    });
    const params = { token: 'tok-123', email: 'ana@example.org', participantId: PID };
    renderPage(<VerifyLinkPage />, params);
    expect(await screen.findByText('Your account is confirmed')).toBeTruthy();
    expect(server.posts('/api/v1/participant-web/verification-links')[0]!.body).toEqual({
      studyId: STUDY_ID,
      token: 'tok-123',
      email: 'ana@example.org',
      participantId: PID,
    });
    cleanup();
    renderPage(<VerifyLinkPage />, params);
    expect(
      await screen.findByText(
        'This verification link has expired. Enter the code from the e-mail, or ask for a new one.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Enter the code instead' })).toBeTruthy();
    expect(pendingVerification(storage, 'DEMO')).toMatchObject({ pid: PID, verificationMethod: 'email' });
  });
});
