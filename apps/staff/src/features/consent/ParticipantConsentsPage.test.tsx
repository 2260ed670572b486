import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { translate } from '@trialpath/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { storage } from '../../shared/storage';
import { renderApp } from '../../test-utils';
import { ParticipantConsentsPage } from './ParticipantConsentsPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const SIG = '0f3b7a2e-8c1d-4e5f-9a6b-7c8d9e0f1a2b';
const LIST = `/api/v1/studies/${S}/participants/${P}/consents`;
const COUNTERSIGN = `/api/v1/studies/${S}/participants/${P}/consent-signatures/${SIG}/countersign`;
const PDF = `/api/v1/studies/${S}/participants/${P}/consent-signatures/${SIG}/pdf`;

function jwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}.sig`;
}

const study = {
  id: S,
  code: 'DEMO',
  name: 'Trialpath Demo Study',
  sponsorName: null,
  status: 'LIVE',
  isNewStudyConfigurator: true,
  color: null,
  languages: ['en'],
  sites: [],
};

function signature(over: Record<string, unknown> = {}) {
  return {
    id: SIG,
    consentId: 'main',
    versionId: 'v-1',
    versionNumber: 2,
    contentHash: 'a'.repeat(64),
    signedAt: '2026-03-05T10:00:00.000Z',
    participantName: 'Ana Pérez',
    meaning: 'My signature means I agree.',
    hasDrawnSignature: false,
    optionalConsents: {},
    quizAttempts: 0,
    countersignedAt: null,
    countersignedBy: null,
    status: 'participantSigned',
    ...over,
  };
}

function list(mainSignature = signature()) {
  return {
    versionId: 'v-1',
    items: [
      { consentId: 'main', name: { en: 'Main consent' }, status: 'SIGNED', signatures: [mainSignature] },
      { consentId: 'samples', name: { en: 'Samples consent' }, status: 'UNSIGNED', signatures: [] },
      {
        consentId: 'imaging',
        name: { en: 'Imaging consent' },
        status: 'RECONSENT_REQUIRED',
        signatures: [signature({ id: '1e2d3c4b-5a69-4788-97a6-b5c4d3e2f1a0', consentId: 'imaging', versionNumber: 1 })],
      },
    ],
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The API of one study and one participant; the countersignature answers from `countersign`. */
function serve(countersign: () => Response = () => json(signature())) {
  let countersigned = false;
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === `/api/v1/studies/${S}`) return json(study);
    if (url === LIST)
      return json(
        list(
          countersigned
            ? signature({
                countersignedAt: '2026-03-06T09:00:00.000Z',
                countersignedBy: 'Dr Jones',
                status: 'piAndParticipantSigned',
              })
            : signature(),
        ),
      );
    if (url === COUNTERSIGN && init?.method === 'POST') {
      const res = countersign();
      if (res.ok) countersigned = true;
      return res;
    }
    if (url === PDF) return json({ fileName: 'main.pdf', contentType: 'application/pdf', base64: btoa('%PDF') });
    if (url === '/api/v1/feature-flags') return json({ customerId: 'c', flags: {} });
    return json({}, 404);
  });
  vi.stubGlobal('fetch', f);
  return f;
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/participants/:participantId/consents', element: <ParticipantConsentsPage /> },
      { path: '*', element: null },
    ],
    { initialEntries: [`/studies/${S}/participants/${P}/consents`] },
  );
  return renderApp(<RouterProvider router={router} />);
}

const signIn = (role: string) => {
  storage.setTokens(jwt({ sub: 'u1', authorities: [role] }), 'r');
  storage.setUser({ id: 'u1', username: 'someone' });
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('consent');
});
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const row = (id: string) => within(screen.getByTestId(`consent-row-${id}`));

describe('the participant consents screen (decision D-140)', { timeout: 20_000 }, () => {
  it("shows each consent's status, when and as whom it was signed, and the countersignature", async () => {
    signIn('StudyCoordinator');
    serve();
    renderPage();
    expect(await screen.findByRole('table', { name: 'Consents of the participant' })).toBeTruthy();
    expect(row('main').getByText('Signed')).toBeTruthy();
    expect(row('main').getByText('05 Mar 2026 10:00 AM UTC')).toBeTruthy();
    expect(row('main').getByText('Ana Pérez')).toBeTruthy();
    expect(row('samples').getByText('Unsigned')).toBeTruthy();
    expect(row('samples').queryByRole('button')).toBeNull();
    expect(row('imaging').getByText('Re-consent required')).toBeTruthy();
    // a coordinator may download but not countersign
    expect(row('main').getByRole('button', { name: 'Download PDF: Main consent' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Countersign/ })).toBeNull();
  });

  it('an investigator countersigns with the meaning accepted and the password; a refusal is shown; success reads the list again', async () => {
    signIn('Pi');
    let answer = json({ code: 'INVALID_CREDENTIALS', message: 'The password is not correct.' }, 403);
    const f = serve(() => answer);
    renderPage();
    // only the signed, not yet countersigned consent can be countersigned (not the one to sign again)
    fireEvent.click(await screen.findByRole('button', { name: 'Countersign: Main consent' }));
    expect(screen.queryByRole('button', { name: 'Countersign: Imaging consent' })).toBeNull();
    const dialog = within(await screen.findByRole('dialog', { name: 'Countersign “Main consent”' }));
    expect(dialog.getByTestId('countersign-meaning').textContent).toBe(
      translate('consent.countersignMeaning', undefined, 'en'),
    );
    expect(dialog.getByRole('button', { name: 'Close' })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Countersign' }));
    expect(dialog.getByText('Accept the meaning of your signature to sign.')).toBeTruthy();
    expect(dialog.getByText('Enter your password.')).toBeTruthy();
    expect(f.mock.calls.some(([u]) => u === COUNTERSIGN)).toBe(false);

    fireEvent.click(dialog.getByRole('checkbox', { name: 'I have read and accept the meaning of my signature' }));
    fireEvent.change(dialog.getByLabelText(/Your password/), { target: { value: 'wrong' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Countersign' }));
    expect(await dialog.findByText('The password is not correct.')).toBeTruthy();
    expect((dialog.getByLabelText(/Your password/) as HTMLInputElement).value).toBe('wrong');

    answer = json(signature({ countersignedAt: '2026-03-06T09:00:00.000Z', countersignedBy: 'Dr Jones' }));
    fireEvent.change(dialog.getByLabelText(/Your password/), { target: { value: 'right' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Countersign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await row('main').findByText('Dr Jones')).toBeTruthy();
    expect(row('main').getByText('06 Mar 2026 09:00 AM UTC')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Countersign: Main consent' })).toBeNull();
    const posts = f.mock.calls.filter(([u, init]) => u === COUNTERSIGN && init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { currentPassword: 'wrong', meaningAccepted: true },
      { currentPassword: 'right', meaningAccepted: true },
    ]);
  });

  it('downloads a signed PDF under its file name', async () => {
    signIn('StudyCoordinator');
    serve();
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download PDF: Main consent' }));
    await waitFor(() => expect(saved).toEqual(['main.pdf']));
  });
});
