// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  getParticipantAddress,
  getParticipantProfile,
  getParticipantSiteDetails,
  getPrincipalInvestigatorPhone,
} from '@trialpath/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideStudyPage, PAGES, resolveRoute } from '../../app/routes';
import { changeLanguage, initI18n } from '../../i18n';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { demoSession } from '../../shared/test-session';
import HomePage from '../home/HomePage';
import { fakeServer, json, renderInStudy } from '../tasks/test-kit';
import SitePage from './SitePage';

// demoSession's pid is p-1; test-kit's study is s-1.
const ADDRESS = 'GET /api/v1/participant-web/participants/p-1/address';
const DETAILS = 'GET /api/v1/participant-web/studies/s-1/participants/p-1/site';
const piOf = (siteId: string) => `GET /api/v1/participant-web/sites/${siteId}/participants/p-1/investigator-phone`;

const BOSTON = {
  name: 'Boston Research Center',
  phoneNumber: '617-555-0134',
  siteEmail: 'research@boston-center.example',
  type: 'CLINIC',
  address: '55 Fruit Street, Suite 4B',
  city: 'Boston',
  state: 'MA',
  country: 'United States',
  zipcode: '02114',
};
const site = (over: Record<string, unknown> = {}) => ({
  siteId: 'site-1',
  siteCode: 'US-001',
  countryId: 'US',
  contactName: 'Rosa Reception',
  ...BOSTON,
  ...over,
});
const PRIYA = { name: 'Priya Investigator', phoneNumber: '6175550199' };
const NOBODY = { name: null, phoneNumber: null };

function serve(routes: Record<string, Response | Response[]>) {
  const server = fakeServer({
    [ADDRESS]: json(200, BOSTON),
    [DETAILS]: json(200, { data: [site()] }),
    [piOf('site-1')]: json(200, PRIYA),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const link = (name: string | RegExp) => screen.getByRole('link', { name });

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set(demoSession);
  queries.remove(
    getParticipantAddress,
    getParticipantSiteDetails,
    getPrincipalInvestigatorPhone,
    getParticipantProfile,
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the site screen (D-039)', () => {
  it('shows the site’s name, type, address, contact person, phone and e-mail (D-047, D-072, D-073)', async () => {
    serve({});
    renderInStudy(<SitePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your study site' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Boston Research Center' })).toBeTruthy();
    expect(screen.getByText('Clinic')).toBeTruthy();
    expect(screen.getByTestId('site-address').textContent).toBe(
      '55 Fruit Street, Suite 4B\nBoston, MA 02114\nUnited States',
    );
    const contact = within(screen.getByRole('region', { name: 'Contact' }));
    expect(contact.getByText('Rosa Reception')).toBeTruthy();
    expect(contact.getByRole('link', { name: '(617) 555-0134' }).getAttribute('href')).toBe('tel:+16175550134');
    expect(contact.getByRole('link', { name: 'research@boston-center.example' }).getAttribute('href')).toBe(
      'mailto:research@boston-center.example',
    );
    await waitFor(() => expect(document.title).toBe('Your study site · Demo study'));
    expect(link('Back to home').getAttribute('href')).toBe('#/participants/web/DEMO/home');
  });

  it('asks for the investigator of the details’ first item, and uses that item’s contact person (D-073, D-074)', async () => {
    const server = serve({
      [DETAILS]: json(200, { data: [site(), site({ siteId: 'site-2', contactName: 'Someone Else' })] }),
    });
    renderInStudy(<SitePage />);
    expect(await screen.findByRole('link', { name: 'Call the study doctor' })).toBeTruthy();
    expect(screen.getByText('Rosa Reception')).toBeTruthy();
    expect(screen.queryByText('Someone Else')).toBeNull();
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toContain(piOf('site-1'));
    expect(server.calls.some((c) => c.url.includes('site-2'))).toBe(false);
  });

  it('shows an international number as typed, with its tel: address, and the texts in Spanish', async () => {
    await changeLanguage('es');
    const madrid = { ...BOSTON, name: 'Madrid Centro', type: 'HOME_HEALTH', phoneNumber: '+34 932 27 54 00' };
    serve({ [ADDRESS]: json(200, madrid), [piOf('site-1')]: json(200, NOBODY) });
    renderInStudy(<SitePage />, {}, 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Su centro del estudio' })).toBeTruthy();
    expect(screen.getByText('Atención domiciliaria')).toBeTruthy();
    expect(link('+34 932 27 54 00').getAttribute('href')).toBe('tel:+34932275400');
    expect((await screen.findByRole('link', { name: 'Llamar al centro del estudio' })).getAttribute('href')).toBe(
      'tel:+34932275400',
    );
  });

  it('says so when the site has no address on record yet', async () => {
    serve({ [ADDRESS]: json(200, { ...BOSTON, address: '', city: '', state: '', zipcode: '' }) });
    renderInStudy(<SitePage />);
    expect(await screen.findByText('The site’s address is not on record yet.')).toBeTruthy();
    expect(screen.queryByTestId('site-address')).toBeNull();
  });

  it('says the site could not be loaded when the details hold no site', async () => {
    serve({ [DETAILS]: json(200, { data: [] }) });
    renderInStudy(<SitePage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your site details could not be loaded.');
  });

  it('shows the server’s message when the site cannot be read, and reads again on Try again', async () => {
    const server = serve({
      [ADDRESS]: [
        json(403, { code: 'FORBIDDEN', message: 'You can see only your own site details.' }),
        json(200, BOSTON),
      ],
    });
    renderInStudy(<SitePage />);
    expect((await screen.findByRole('alert')).textContent).toContain('You can see only your own site details.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Boston Research Center' })).toBeTruthy();
    expect(server.calls.filter((c) => c.url.endsWith('/address')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('whom to call (decision D-075)', () => {
  it('offers the study doctor’s phone, formatted, when the investigator has one', async () => {
    serve({});
    renderInStudy(<SitePage />);
    const call = await screen.findByRole('link', { name: 'Call the study doctor' });
    expect(call.getAttribute('href')).toBe('tel:+16175550199');
    expect(screen.getByText('Your study doctor: Priya Investigator')).toBeTruthy();
    expect(screen.getByTestId('call-number').textContent).toBe('(617) 555-0199');
  });

  it.each([
    ['the site has no investigator', json(200, NOBODY)],
    ['the investigator has no phone on record', json(200, { name: 'Priya Investigator', phoneNumber: null })],
    ['the investigator’s phone cannot be read', json(500, { code: 'INTERNAL', message: 'Failed.' })],
  ])('offers the site’s phone when %s', async (_case, answer) => {
    serve({ [piOf('site-1')]: answer });
    renderInStudy(<SitePage />);
    const call = await screen.findByRole('link', { name: 'Call the study site' });
    expect(call.getAttribute('href')).toBe('tel:+16175550134');
    expect(screen.getByTestId('call-number').textContent).toBe('(617) 555-0134');
    expect(screen.queryByText(/Your study doctor/)).toBeNull();
  });

  it('says whom to ask when neither the investigator nor the site has a phone', async () => {
    serve({ [ADDRESS]: json(200, { ...BOSTON, phoneNumber: '' }), [piOf('site-1')]: json(200, NOBODY) });
    renderInStudy(<SitePage />);
    expect(await screen.findByText(/No phone number is on record for your site yet/)).toBeTruthy();
    expect(screen.queryByTestId('call-button')).toBeNull();
    expect(screen.queryByTestId('site-phone')).toBeNull();
  });
});

describe('the way to the site screen', () => {
  it('is a signed-in page of its own, linked from home', async () => {
    expect(resolveRoute(['participants', 'web', 'DEMO', 'site'])).toEqual({
      kind: 'study',
      studyCode: 'DEMO',
      page: PAGES.site,
      params: {},
    });
    expect(decideStudyPage(PAGES.site, 'DEMO', null)).toEqual({
      kind: 'redirect',
      to: '/participants/web/DEMO/login',
    });
    serve({});
    renderInStudy(<HomePage />);
    expect((await screen.findByRole('link', { name: 'Study site and contact' })).getAttribute('href')).toBe(
      '#/participants/web/DEMO/site',
    );
  });
});
