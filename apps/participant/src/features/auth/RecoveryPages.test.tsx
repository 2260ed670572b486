// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// The shared form parts (@trialpath/ui) use packages/ui's own copy of Mantine in tests: its provider goes around.
import { renderWithMantine } from '../../../../../packages/ui/src/test-utils';
import { initI18n } from '../../i18n';
import type { Study } from '../../shared/data';
import { COUNTRY_KEY } from '../../shared/storage';
import { RouteParamsContext } from '../layout/route-params';
import { StudyContext, studyTheme } from '../layout/study-context';
import ForgotPasswordPage from './ForgotPasswordPage';
import ForgotUsernamePage from './ForgotUsernamePage';

const country = (isoCode2: string, sortOrder: number, isDefault = false) => ({
  countryId: isoCode2,
  name: isoCode2,
  countryType: 'study' as const,
  countryGroupId: null,
  isoCode2,
  isoCode3: `${isoCode2}X`,
  baseUrlWeb: '',
  havingOnlyDraftLanguage: false,
  default: isDefault,
  active: true,
  sortOrder,
});

const study: Study = {
  studyId: '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11',
  studyCode: 'DEMO',
  name: 'Demo study',
  color: null,
  versionId: null,
  countries: [country('US', 1, true), country('ES', 2)],
  languages: [{ language_id: 'en', language_culture: 'en', display_name: 'English', is_default: true }],
  branding: null,
  prototype: null,
};

const FORGOT_PASSWORD = 'POST /api/v1/participant-auth/forgot-password';
const FORGOT_USERNAME = 'POST /api/v1/participant-auth/forgot-username';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch answering `METHOD path` from a table; every request body is kept. */
function fakeServer(routes: Record<string, Response>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${url}`;
      calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return (routes[key] ?? json(404, { code: 'NOT_FOUND', message: 'Not found' })).clone();
    }),
  );
  return { bodies: (key: string) => calls.filter((c) => c.key === key).map((c) => c.body) };
}

function renderPage(ui: ReactNode) {
  return renderWithMantine(
    <MantineProvider>
      <StudyContext.Provider value={studyTheme(study, 'en')}>
        <RouteParamsContext.Provider value={{}}>{ui}</RouteParamsContext.Provider>
      </StudyContext.Provider>
    </MantineProvider>,
  );
}

const SENT = { ok: true, message: 'If the details match an account, we have sent an e-mail.' };

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  window.localStorage.clear();
  window.location.hash = '#/participants/web/DEMO/forgot-password';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function askForLink(username: string) {
  renderPage(<ForgotPasswordPage />);
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('forgot password (D-032, D-085)', () => {
  it('sends the user type, the request kind and the country chosen on the language page', async () => {
    window.localStorage.setItem(COUNTRY_KEY, 'ES');
    const server = fakeServer({ [FORGOT_PASSWORD]: json(200, SENT) });
    await askForLink(' ana.garcia ');
    expect(await screen.findByText(/we have e-mailed a link to reset the password/)).toBeTruthy();
    expect(server.bodies(FORGOT_PASSWORD)).toEqual([
      {
        studyCode: 'DEMO',
        username: 'ana.garcia',
        language: 'en',
        userType: 'webParticipant',
        requestKind: 'resetLink',
        countryId: 'ES',
      },
    ]);
  });

  it('someone who never saw the language page sends its first choice (US)', async () => {
    const server = fakeServer({ [FORGOT_PASSWORD]: json(200, SENT) });
    await askForLink('ana.garcia');
    await waitFor(() => expect(server.bodies(FORGOT_PASSWORD)).toHaveLength(1));
    expect(server.bodies(FORGOT_PASSWORD)[0]).toMatchObject({ countryId: 'US', userType: 'webParticipant' });
  });

  it("a refusal on a field the page does not show is 'Error occurred. Try again' (001 §8)", async () => {
    fakeServer({
      [FORGOT_PASSWORD]: json(400, {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid. Please check them and try again.',
        messageKey: 'errors.validationFailed',
        fieldErrors: { countryId: ['Trialpath does not support the country ZZ.'] },
        fieldErrorKeys: { countryId: [{ key: 'studies.countryUnknown', params: { country: 'ZZ' } }] },
      }),
    });
    await askForLink('ana.garcia');
    expect((await screen.findByRole('alert')).textContent).toBe('Error occurred. Try again');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeTruthy();
  });

  it("the request limit is 'Attempt limit exceeded, please try after some time.' (001 §8)", async () => {
    fakeServer({
      [FORGOT_PASSWORD]: json(429, {
        code: 'RESET_REQUEST_LIMIT',
        message: 'Too many reset requests for this account.',
        messageKey: 'auth.resetRequestLimit',
      }),
    });
    await askForLink('ana.garcia');
    expect((await screen.findByRole('alert')).textContent).toBe('Attempt limit exceeded, please try after some time.');
  });
});

describe('forgot username (D-031)', () => {
  it('sends the study and the e-mail address, then the same answer whether or not it matched', async () => {
    const server = fakeServer({ [FORGOT_USERNAME]: json(200, SENT) });
    renderPage(<ForgotUsernamePage />);
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'ana@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my username' }));
    expect(await screen.findByText(/we have sent the username to it/)).toBeTruthy();
    expect(server.bodies(FORGOT_USERNAME)).toEqual([{ studyCode: 'DEMO', email: 'ana@example.org', language: 'en' }]);
  });
});
