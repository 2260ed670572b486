// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type ConsentSignature, getMyConsents, type MyConsent } from '@trialpath/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18next, initI18n } from '../../i18n';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { demoSession } from '../../shared/test-session';
import { fakeServer, json, renderInStudy } from '../tasks/test-kit';
import { ConsentHomeCard } from './ConsentHomeCard';
import ConsentPage from './ConsentPage';
import { localOffset } from './signing';

const LIST = 'GET /api/v1/participant/consents';
const COHORT = 'PUT /api/v1/participant/cohort';
const SIGN = 'POST /api/v1/participant/consents/main/signatures';
const SIGNATURE_ID = '0f3b7a2e-8c1d-4e5f-9a6b-7c8d9e0f1a2b';
const PDF = `GET /api/v1/participant/consent-signatures/${SIGNATURE_ID}/pdf`;
const HASH = 'a'.repeat(64);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A consent with only what the signature step needs (no education, quiz, documents or disclaimers). */
const consent = {
  id: 'main',
  name: { en: 'Main consent', es: 'Consentimiento principal' },
  educationEnabled: false,
  comprehensionEnabled: false,
  documentAndSignatureEnabled: true,
  digitalSignatureEnabled: false,
  sections: [],
  quiz: [],
  documents: [],
  privacyPolicy: {},
  license: {},
  disclaimers: [],
  optionalConsents: [{ id: 'o1', text: { en: 'Keep my samples for future research.' } }],
  signatureMeaning: {},
} satisfies MyConsent['consent'];

function signature(over: Partial<ConsentSignature> = {}): ConsentSignature {
  return {
    id: SIGNATURE_ID,
    consentId: 'main',
    versionId: 'v-1',
    versionNumber: 1,
    contentHash: HASH,
    signedAt: '2026-03-05T10:00:00.000Z',
    participantName: 'Ana Pérez',
    meaning: 'My signature means I agree.',
    hasDrawnSignature: false,
    optionalConsents: { o1: true },
    quizAttempts: 0,
    countersignedAt: null,
    countersignedBy: null,
    status: 'participantSigned',
    ...over,
  };
}

function item(status: MyConsent['status'], sig: ConsentSignature | null = null): MyConsent {
  return { consent, contentHash: HASH, meaning: 'My signature means I agree.', status, signature: sig };
}

function list(items: MyConsent[], over: Record<string, unknown> = {}) {
  return {
    versionId: 'v-1',
    cohortRequired: false,
    cohortId: null,
    cohorts: [],
    items,
    complete: items.every((i) => i.status === 'SIGNED'),
    ...over,
  };
}

const UNSIGNED = list([item('UNSIGNED')]);
const SIGNED = list([item('SIGNED', signature())]);

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set(demoSession);
  queries.remove(getMyConsents);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const press = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
const bodyOf = (c: { body: unknown }) => c.body as Record<string, unknown>;

/** Answer the optional consent and fill the signature step. */
async function fillAndSign(password = 'secret') {
  fireEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
  press('Next');
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the meaning of my signature' }));
  fireEvent.change(screen.getByLabelText(/Your full name/), { target: { value: 'Ana Pérez' } });
  fireEvent.change(screen.getByLabelText(/Your password/), { target: { value: password } });
  press('Sign');
}

describe('consent page', () => {
  it('asks for the cohort first when the study needs one, then shows the consents of that cohort', async () => {
    const cohorts = [
      { id: 'young', name: { en: 'Adults under 65' }, description: { en: 'Aged 18 to 64.' } },
      { id: 'old', name: { en: 'Adults 65 and over' }, description: { en: 'Aged 65 or more.' } },
    ];
    let chosen = false;
    const server = fakeServer({
      [LIST]: () =>
        chosen
          ? json(200, list([item('UNSIGNED')], { cohortId: 'old' }))
          : json(200, list([], { cohortRequired: true, cohorts, complete: false })),
      [COHORT]: () => {
        chosen = true;
        return json(200, { cohortId: 'old' });
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderInStudy(<ConsentPage />);
    expect(await screen.findByRole('heading', { name: 'Choose your group' })).toBeTruthy();
    expect(screen.queryByText('Main consent')).toBeNull();
    expect(screen.getByText('Aged 65 or more.')).toBeTruthy();
    press('Continue');
    expect(screen.getByText('Choose a group to go on.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: /Adults 65 and over/ }));
    press('Continue');
    expect(await screen.findByRole('heading', { name: 'Main consent' })).toBeTruthy();
    const put = server.calls.find((c) => c.method === 'PUT');
    expect(bodyOf(put!)).toEqual({ cohortId: 'old' });
  });

  it('signs with a request id made for the attempt and keeps it for a retry; then lists the signed PDF', async () => {
    const server = fakeServer({
      [LIST]: [json(200, UNSIGNED), json(200, UNSIGNED), json(200, UNSIGNED), json(200, SIGNED)],
      [SIGN]: [json(500, { code: 'INTERNAL', message: 'The server could not save it.' }), json(200, signature())],
    });
    vi.stubGlobal('fetch', server.fetch);
    renderInStudy(<ConsentPage />);
    expect(await screen.findByRole('heading', { name: 'Main consent' })).toBeTruthy();
    await fillAndSign();
    expect((await screen.findByTestId('sign-failure')).textContent).toBe('The server could not save it.');
    // everything typed is still there
    expect((screen.getByLabelText(/Your full name/) as HTMLInputElement).value).toBe('Ana Pérez');
    press('Sign');
    expect(await screen.findByRole('heading', { name: 'Thank you for signing' })).toBeTruthy();

    const [first, second] = server.posts();
    expect(bodyOf(first!).requestId).toMatch(UUID);
    expect(bodyOf(second!).requestId).toBe(bodyOf(first!).requestId);
    expect(bodyOf(second!)).toEqual({
      requestId: bodyOf(first!).requestId,
      contentHash: HASH,
      password: 'secret',
      meaningAccepted: true,
      typedName: 'Ana Pérez',
      drawnSignature: null,
      acceptedDisclaimers: [],
      optionalConsents: { o1: true },
      quizAttempts: 0,
      localOffset: localOffset(),
    });
    expect(screen.getByTestId('signed-main').textContent).toContain('Main consent');
    expect(screen.getByRole('button', { name: 'Download signed PDF' })).toBeTruthy();
  });

  it('goes on to the next consent once one is signed, its heading taking the focus', async () => {
    const extra = { ...consent, id: 'extra', name: { en: 'Extra consent' } };
    const extraItem = (status: MyConsent['status']): MyConsent => ({ ...item(status), consent: extra });
    let signedMain = false;
    const server = fakeServer({
      [LIST]: () =>
        json(200, list([signedMain ? item('SIGNED', signature()) : item('UNSIGNED'), extraItem('UNSIGNED')])),
      [SIGN]: () => {
        signedMain = true;
        return json(200, signature());
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderInStudy(<ConsentPage />);
    expect(await screen.findByText('Consent 1 of 2')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Main consent' })).toBeTruthy();
    await fillAndSign();
    expect(await screen.findByRole('heading', { name: 'Extra consent' })).toBeTruthy();
    expect(screen.getByText('Consent 2 of 2')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Optional choices'));
    // the new consent starts empty: nothing typed for the first one is carried over
    expect((screen.getByRole('radio', { name: 'Yes' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says why a consent is asked again when the study changed it', async () => {
    vi.stubGlobal('fetch', fakeServer({ [LIST]: json(200, list([item('RECONSENT_REQUIRED', signature())])) }).fetch);
    renderInStudy(<ConsentPage />);
    expect((await screen.findByTestId('reconsent')).textContent).toBe(
      'The study has changed this consent. Please read it and sign it again.',
    );
    expect(screen.getByRole('heading', { name: 'Main consent' })).toBeTruthy();
  });

  it('opened later, lists the signed consents and downloads the signed PDF under its name', async () => {
    vi.stubGlobal(
      'fetch',
      fakeServer({
        [LIST]: json(200, SIGNED),
        [PDF]: json(200, { fileName: 'consent-main.pdf', contentType: 'application/pdf', base64: btoa('%PDF-1.7') }),
      }).fetch,
    );
    const created: Blob[] = [];
    const createObjectURL = (b: Blob) => {
      created.push(b);
      return 'blob:x';
    };
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderInStudy(<ConsentPage />);
    expect(await screen.findByRole('heading', { name: 'Your signed consents' })).toBeTruthy();
    expect(screen.getByTestId('signed-main').textContent).toContain('Ana Pérez');
    expect(screen.queryByRole('button', { name: 'Sign' })).toBeNull();
    press('Download signed PDF');
    await waitFor(() => expect(clicked).toEqual(['consent-main.pdf']));
    expect(created[0]?.type).toBe('application/pdf');
    expect(await created[0]!.text()).toBe('%PDF-1.7');
  });
});

describe('home consent card', () => {
  it('asks the participant to sign while a consent waits, and links to the consent page', async () => {
    vi.stubGlobal('fetch', fakeServer({ [LIST]: json(200, UNSIGNED) }).fetch);
    renderInStudy(<ConsentHomeCard />);
    expect(await screen.findByRole('heading', { name: 'Please sign your consent' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read and sign' }).getAttribute('href')).toBe(
      '#/participants/web/DEMO/consent',
    );
  });

  it('once everything is signed, only links to the signed consents', async () => {
    vi.stubGlobal('fetch', fakeServer({ [LIST]: json(200, SIGNED) }).fetch);
    renderInStudy(<ConsentHomeCard />);
    expect((await screen.findByRole('link', { name: 'Your signed consents' })).getAttribute('href')).toBe(
      '#/participants/web/DEMO/consent',
    );
    expect(screen.queryByTestId('consent-card')).toBeNull();
  });
});

describe('consent texts in Spanish', () => {
  it("join the portal's Spanish strings when Spanish is chosen after the consent code loaded", async () => {
    vi.stubGlobal('fetch', fakeServer({ [LIST]: json(200, UNSIGNED) }).fetch);
    await changeLanguage('es');
    try {
      // the portal's own Spanish strings were loaded, not skipped
      expect(i18next.t('nav.backToHome')).toBe('Volver al inicio');
      renderInStudy(<ConsentHomeCard />, {}, 'es');
      expect(await screen.findByRole('heading', { name: 'Firme su consentimiento' })).toBeTruthy();
    } finally {
      await changeLanguage('en');
    }
  });
});

describe('local offset', () => {
  it('writes the offset from UTC as ±HH:mm', () => {
    expect(localOffset({ getTimezoneOffset: () => -330 })).toBe('+05:30');
    expect(localOffset({ getTimezoneOffset: () => 300 })).toBe('-05:00');
    expect(localOffset({ getTimezoneOffset: () => 0 })).toBe('+00:00');
  });
});
