// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18next, initI18n } from '../../i18n';
import { session } from '../../shared/portal';
import { LANGUAGE_KEY, storeLanguageAndCountry } from '../../shared/storage';
import { fakeServer, json, renderInStudy, study } from '../tasks/test-kit';
import LoginPage from './LoginPage';

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
  vi.stubGlobal('fetch', fakeServer({ 'POST /api/v1/participant-auth/login': json(200, answer) }).fetch);
}

async function signIn() {
  renderInStudy(<LoginPage />);
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
