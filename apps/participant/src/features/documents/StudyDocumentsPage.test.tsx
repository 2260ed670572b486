// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { PortalData } from '@trialpath/contract';
import { translate } from '@trialpath/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../i18n';
import { session, storage } from '../../shared/portal';
import { forgetStudy, rememberStudy } from '../../shared/storage';
import { demoSession } from '../../shared/test-session';
import { fakeServer, json, networkDown, renderInStudy } from '../tasks/test-kit';
import StudyDocumentsPage from './StudyDocumentsPage';

// demoSession's pid is p-1: the page asks for that participant's own portal data.
const PORTAL_DATA = 'GET /api/v1/participant/portal-data?participantId=p-1';
const SIGNED = '/api/v1/participant-web/content/token-1';
const SYNC_FAILED = 'Data sync failed, please try again after some time.';

const file = (name: string) => ({ name, url: `${SIGNED}/${name}` });
const DOCUMENTS = ['study_overview', 'privacy_policy', 'licenseAgreement'];

function portalData(names = DOCUMENTS): PortalData {
  return {
    versionId: 'v-1',
    expiresAt: '2026-03-05T11:00:00.000Z',
    listOfSignedHTMLURL: names.map((n) => file(`${n}.html`)),
    listOfSignedJSONURL: [file('config.json')],
    listOfSignedPDFURL: names.map((n) => file(`${n}.pdf`)),
    listOfSignedAgreementsURL: [file('licenseAgreement.html')],
    listOfImages: [],
    icons: [],
  };
}

const html = (title: string, body: string) =>
  new Response(`<!doctype html><html><body><h1>${title}</h1>\n<section>${body}</section></body></html>`, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
const doc = (name: string) => `GET ${SIGNED}/${name}.html`;
const missing = () => new Response('', { status: 404 });

function serve(routes: Record<string, Response | (() => Response)>) {
  const server = fakeServer({ [PORTAL_DATA]: json(200, portalData()), ...routes });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

function open(page: 'overview' | 'documents') {
  window.location.hash = `#/participants/web/DEMO/${page}`;
  renderInStudy(<StudyDocumentsPage />);
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set(demoSession);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('the study documents pages (D-036, D-037)', () => {
  it('the overview: its title as the heading and the tab’s, its text, its PDF', async () => {
    serve({ [doc('study_overview')]: html('About the heart study', '<p>We study hearts.</p>') });
    open('overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'About the heart study' })).toBeTruthy();
    expect(screen.getByText('We study hearts.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'About the heart study (PDF)' }).getAttribute('href')).toBe(
      `${SIGNED}/study_overview.pdf`,
    );
    // The tab's title follows the render (an effect): waited for, not raced.
    await waitFor(() => expect(document.title).toBe('About the heart study · Demo study'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the privacy policy and the licence agreement on one page, each with its PDF', async () => {
    serve({
      [doc('privacy_policy')]: html('Privacy policy', '<p>We keep your data safe.</p>'),
      [doc('licenseAgreement')]: html('Licence agreement', '<p>You may use the portal.</p>'),
    });
    open('documents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Licence agreement' })).toBeTruthy();
    expect(screen.getByText('We keep your data safe.')).toBeTruthy();
    expect(screen.getByText('You may use the portal.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy policy (PDF)' }).getAttribute('href')).toBe(
      `${SIGNED}/privacy_policy.pdf`,
    );
    expect(screen.getByRole('link', { name: 'Licence agreement (PDF)' }).getAttribute('href')).toBe(
      `${SIGNED}/licenseAgreement.pdf`,
    );
  });
});

describe('before sign-in (a person deciding whether to join)', () => {
  const PUBLIC_DATA = 'GET /api/v1/participant-web/studies/s-1/versions/v-9/portal-data';
  afterEach(() => forgetStudy(storage, 'DEMO'));

  it('reads the portal data of the version this device keeps for the study (001 §7, §9)', async () => {
    session.clear();
    rememberStudy(storage, { studyCode: 'DEMO', name: 'Demo study', versionId: 'v-9' });
    const server = serve({
      [PUBLIC_DATA]: json(200, portalData()),
      [doc('study_overview')]: html('About the heart study', '<p>We study hearts.</p>'),
    });
    open('overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'About the heart study' })).toBeTruthy();
    const asked = server.calls.map((c) => `${c.method} ${c.url}`);
    expect(asked).toContain(PUBLIC_DATA);
    expect(asked).not.toContain(PORTAL_DATA);
  });

  it('no version kept (the study runs none yet): the data-sync message, no call', async () => {
    session.clear();
    const server = serve({});
    open('overview');
    expect((await screen.findByRole('alert')).textContent).toBe(SYNC_FAILED);
    expect(server.calls.filter((c) => c.url.includes('portal-data'))).toEqual([]);
  });
});

describe('missing content is the data-sync message (D-115)', () => {
  it('a 404 on one signed address: the message alone under the page’s name, no half page', async () => {
    serve({
      [doc('privacy_policy')]: html('Privacy policy', '<p>We keep your data safe.</p>'),
      [doc('licenseAgreement')]: missing,
    });
    open('documents');
    expect((await screen.findByRole('alert')).textContent).toBe(SYNC_FAILED);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy policy and licence agreement');
    expect(screen.queryByText('We keep your data safe.')).toBeNull();
    expect(screen.queryByRole('link', { name: /\(PDF\)$/ })).toBeNull();
    await waitFor(() => expect(document.title).toBe('Privacy policy and licence agreement · Demo study'));
  });

  it('a document the portal data does not name at all: the same message', async () => {
    serve({ [PORTAL_DATA]: json(200, portalData(['privacy_policy', 'licenseAgreement'])) });
    open('overview');
    expect((await screen.findByRole('alert')).textContent).toBe(SYNC_FAILED);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('About the study');
  });

  it('in Spanish, the catalogue’s Spanish message', async () => {
    await changeLanguage('es');
    serve({ [doc('study_overview')]: missing });
    open('overview');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'La sincronización de datos ha fallado; inténtelo de nuevo más tarde.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sobre el estudio');
  });

  it('a failed fetch is not missing content: the network messages, online and offline', async () => {
    serve({ [doc('study_overview')]: networkDown });
    open('overview');
    expect((await screen.findByRole('alert')).textContent).toBe(translate('network.serverIssue', undefined, 'en'));
    cleanup();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    open('overview');
    expect((await screen.findByRole('alert')).textContent).toBe(
      translate('network.offlineParticipant', undefined, 'en'),
    );
  });
});
