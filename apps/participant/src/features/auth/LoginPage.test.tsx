// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
// The shared form parts (@trialpath/ui) use packages/ui's own copy of Mantine in tests: its provider goes around.
import { renderWithMantine } from '../../../../../packages/ui/src/test-utils';
import { i18next, initI18n } from '../../i18n';
import type { Study } from '../../shared/data';
import { session } from '../../shared/portal';
import { LANGUAGE_KEY, storeLanguageAndCountry } from '../../shared/storage';
import { RouteParamsContext } from '../layout/route-params';
import { StudyContext, studyTheme } from '../layout/study-context';
import LoginPage from './LoginPage';

const study: Study = {
  studyId: '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11',
  studyCode: 'DEMO',
  name: 'Demo study',
  color: null,
  versionId: null,
  countries: [],
  languages: [
    { language_id: 'en', language_culture: 'en', display_name: 'English', is_default: true },
    { language_id: 'es', language_culture: 'es', display_name: 'Español', is_default: false },
  ],
  branding: null,
  prototype: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The sign-in's answer for a participant whose account is in `languageId`. */
function signInAnswers(languageId: string) {
  const answer = {
    tokens: { accessToken: 'a.b.c', refreshToken: 'r', expiresIn: 900, pid: 'p-1' },
    participant: {
      pid: 'p-1',
      participantId: 'DEMO-ES001-0001',
      username: 'ana',
      email: null,
      mobile: null,
      mobileCountryCode: null,
      verificationMethod: 'email',
      studyId: study.studyId,
      siteId: 's-1',
      languageId,
      status: 'ACTIVE',
      startDate: null,
      registrationDate: null,
      studyVersionId: null,
      myStudyVersionId: null,
    },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) =>
      `${init.method ?? 'GET'} ${url}` === 'POST /api/v1/participant-auth/login'
        ? json(200, answer)
        : json(404, { code: 'NOT_FOUND', message: 'Not found' }),
    ),
  );
}

async function signIn() {
  renderWithMantine(
    <MantineProvider>
      <StudyContext.Provider value={studyTheme(study, 'en')}>
        <RouteParamsContext.Provider value={{}}>
          <LoginPage />
        </RouteParamsContext.Provider>
      </StudyContext.Provider>
    </MantineProvider>,
  );
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ana' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Trialpath#1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(window.location.hash).toBe('#/participants/web/DEMO/home'));
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  window.localStorage.clear();
  window.location.hash = '#/participants/web/DEMO/login';
  await i18next.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('sign-in and the language (D-020)', () => {
  it("a device that holds no language choice takes the participant's own", async () => {
    signInAnswers('es');
    await signIn();
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('es');
    expect(i18next.language).toBe('es');
  });

  it('a language chosen on this device is kept', async () => {
    storeLanguageAndCountry(window.localStorage, 'en', 'US');
    signInAnswers('es');
    await signIn();
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(i18next.language).toBe('en');
  });
});
