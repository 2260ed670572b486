import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultStudyContent, STUDY_CONTENT_SECTIONS } from '@trialpath/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { storage } from '../../shared/storage';
import { renderApp } from '../../test-utils';
import { checkSettings, ForcedSpirometryPage } from './SpirometryPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const V = '6f1c2a8e-3b7d-4c1e-9a2f-0d8e7b6c5a41';
const AT = '2026-01-01T00:00:00.000Z';

/** An unsigned test JWT with these claims (the portal never checks signatures). */
function jwt(claims: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}.sig`;
}

const study = {
  id: S,
  code: 'DEMO',
  name: 'Trialpath Demo Study',
  sponsorName: null,
  status: 'DESIGN',
  isNewStudyConfigurator: true,
  color: null,
  languages: ['en'],
  sites: [],
};
const version = (status: 'DRAFT' | 'PUBLISHED', spirometry = defaultStudyContent().spirometry) => ({
  id: V,
  studyId: S,
  number: 2,
  name: 'v2',
  status,
  notes: null,
  revision: 0,
  content: { ...defaultStudyContent(), spirometry },
  sectionRevisions: Object.fromEntries(STUDY_CONTENT_SECTIONS.map((s) => [s, 0])),
  createdAt: AT,
  updatedAt: AT,
});
const summary = (status: string) => ({
  id: V,
  studyId: S,
  number: 2,
  name: 'v2',
  shortName: 'v2',
  status,
  notes: null,
  isLive: false,
  isTest: true,
  createdBy: null,
  createdAt: AT,
  updatedAt: AT,
  publishedBy: null,
  publishedAt: null,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The API of one study with one version; a section save answers as the server does. */
function serve(status: 'DRAFT' | 'PUBLISHED') {
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === `/api/v1/studies/${S}`) return json(study);
    if (url === `/api/v1/studies/${S}/versions`) return json({ items: [summary(status)] });
    if (url === `/api/v1/studies/${S}/versions/${V}`) return json(version(status));
    if (url === `/api/v1/studies/${S}/versions/${V}/content/spirometry` && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      return json({
        versionId: V,
        section: 'spirometry',
        value: body.value,
        revision: 1,
        versionRevision: 1,
        updatedAt: AT,
      });
    }
    if (url === '/api/v1/feature-flags') return json({ customerId: 'c', flags: {} });
    return json({}, 404);
  });
  vi.stubGlobal('fetch', f);
  return f;
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/eDro/forced-spirometry', element: <ForcedSpirometryPage /> },
      { path: '*', element: null },
    ],
    { initialEntries: [`/studies/${S}/eDro/forced-spirometry`] },
  );
  return renderApp(<RouterProvider router={router} />);
}

const signIn = (role: string) => {
  storage.setTokens(jwt({ sub: 'u1', authorities: [role] }), 'r');
  storage.setUser({ id: 'u1', username: 'someone' });
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('edro');
});
beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Typing into Mantine inputs is slow on a busy machine: room beyond the default 5 s.
describe('the forced-spirometry screen (C-019, decision 0045)', { timeout: 20_000 }, () => {
  it("shows the draft's settings; refuses a bad value on its field; saves the section with the revision read", async () => {
    signIn('StudyAdmin');
    const f = serve('DRAFT');
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Forced spirometry' })).toBeTruthy();
    const min = (await screen.findByLabelText('Fewest efforts')) as HTMLInputElement;
    expect(min.value).toBe('3');
    expect((screen.getByLabelText('Most efforts') as HTMLInputElement).value).toBe('8');
    expect(screen.getByText('All changes saved')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save the settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(min, { target: { value: '2' } });
    expect(await screen.findByText('Enter a value of at least 3.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(min, { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Most efforts'), { target: { value: '4' } });
    expect(await screen.findByText('The most efforts cannot be fewer than the fewest (5).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Most efforts'), { target: { value: '6' } });
    fireEvent.click(screen.getByLabelText('The study’s eDROs take forced spirometry'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // the grader follows the settings as they stand, saved or not
    expect(screen.getByLabelText('PEF of effort 1, in litres per second')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Record the peak expiratory flow (PEF)'));
    expect(screen.queryByLabelText('PEF of effort 1, in litres per second')).toBeNull();
    fireEvent.click(screen.getByLabelText('Record the peak expiratory flow (PEF)'));

    fireEvent.click(save);
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());
    const put = f.mock.calls.find(([u, init]) => u.endsWith('/content/spirometry') && init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({
      revision: 0,
      value: { ...defaultStudyContent().spirometry, enabled: true, minEfforts: 5, maxEfforts: 6 },
    });
  });

  it('a published version is read-only, with the reason', async () => {
    signIn('StudyAdmin');
    serve('PUBLISHED');
    renderPage();
    expect(
      await screen.findByText(
        'This version is no longer a draft: its settings can no longer be changed. Create a new version to change them.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText('Fewest efforts') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save the settings' })).toBeNull();
    // the grader still works on the version's settings
    expect(screen.getByLabelText('FVC of effort 1, in litres')).toBeTruthy();
  });

  it('a role that may not design the study sees the standard settings read-only and reads no version', async () => {
    signIn('Crc');
    const f = serve('DRAFT');
    renderPage();
    expect(await screen.findByText(/Your role may not design this study/)).toBeTruthy();
    expect((screen.getByLabelText('Fewest efforts') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save the settings' })).toBeNull();
    expect(f.mock.calls.some(([u]) => u.includes('/versions'))).toBe(false);
  });

  it('checks the typed settings: an empty number is required, a text with a trailing zero is its number', () => {
    const d = defaultStudyContent().spirometry;
    expect(checkSettings({ ...d, minEfforts: '' }, 'en').errors).toEqual({ minEfforts: 'This field is required.' });
    expect(checkSettings({ ...d, lowRatioAlertPercent: '72.0' }, 'en')).toEqual({
      value: { ...d, lowRatioAlertPercent: 72 },
      errors: {},
    });
  });
});
