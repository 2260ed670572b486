import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup, signInAs } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { ParticipantsPage } from './ParticipantsPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const SITE = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const LABEL = '0f3b7a2e-8c1d-4e5f-9a6b-7c8d9e0f1a2b';
const LIST = `/api/v1/studies/${S}/participants`;
const OPTIONS = `/api/v1/studies/${S}/participant-list-options`;

function entry(code: string, over: Record<string, unknown> = {}) {
  return {
    id: `${code}-id`,
    participantId: code,
    participantName: 'Alex Morgan',
    firstName: 'Alex',
    lastName: 'Morgan',
    email: 'alex@example.org',
    siteId: SITE,
    siteName: 'Boston',
    siteCode: 'US-001',
    status: 'NOTINVITED',
    consentStatus: 'NOT_SIGNED',
    source: 'MANUAL',
    versionId: null,
    versionName: null,
    languageId: 'en',
    registrationDate: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    labels: [{ id: LABEL, name: 'Call back', color: 'orange' }],
    ...over,
  };
}

const json = jsonResponse;

/** The list API: every call's query recorded; `identify` as a role with or without that right gets. */
function serve(identify: boolean) {
  const queries: URLSearchParams[] = [];
  const f = vi.fn(async (url: string) => {
    const [path, query = ''] = url.split('?');
    if (path === OPTIONS)
      return json({
        sites: [{ id: SITE, name: 'Boston', siteCode: 'US-001' }],
        versions: [],
        labels: [{ id: LABEL, name: 'Call back', color: 'orange' }],
        identify,
        manage: identify,
      });
    if (path === LIST) {
      queries.push(new URLSearchParams(query));
      const item = identify
        ? entry('DEMO-US001-0001-ABCDEFGHIJKLMNOP')
        : entry('DEMO-US001-0001', { participantName: null, firstName: null, lastName: null, email: null });
      return json({
        items: [item],
        total: 31,
        page: Number(new URLSearchParams(query).get('pageNum') ?? 1),
        pageSize: 25,
        identify,
      });
    }
    if (url === '/api/v1/feature-flags') return json({ customerId: 'c', flags: {} });
    return json({}, 404);
  });
  vi.stubGlobal('fetch', f);
  return queries;
}

function renderPage(address = `/studies/${S}/participants`) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/participants', element: <ParticipantsPage /> },
      { path: '*', element: null },
    ],
    { initialEntries: [address] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['participants'], null);

describe('the participant list screen (E-004, E-005)', { timeout: 20_000 }, () => {
  it('shows who participants are to a coordinator: a long id shortened, status, source, labels, the count', async () => {
    signInAs('StudyCoordinator');
    serve(true);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Participants' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('DEMO-US001-0001…MNOP')).toBeTruthy();
    expect(within(row).getByText('Alex Morgan')).toBeTruthy();
    expect(within(row).getByText('Imported')).toBeTruthy();
    expect(within(row).getByText('Manual')).toBeTruthy();
    expect(within(row).getByText('Call back')).toBeTruthy();
    expect(screen.getByText('31 participants')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Labels' })).toBeTruthy();
  });

  it('hides the name and e-mail columns from a role that may not identify participants, and says why', async () => {
    signInAs('Cra');
    serve(false);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Participants' });
    expect(within(table).queryByText('Name')).toBeNull();
    expect(within(table).queryByText('E-mail')).toBeNull();
    expect(
      screen.getByText('Your role does not show who participants are: names and e-mail addresses are hidden.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Labels' })).toBeNull();
  });

  it('opens the view the address names, and keeps a sort and a page in the address', async () => {
    signInAs('StudyCoordinator');
    const queries = serve(true);
    const router = renderPage(`/studies/${S}/participants?status=ACTIVE&label=${LABEL}&sort=site&order=desc`);
    await screen.findByRole('table', { name: 'Participants' });
    expect(Object.fromEntries(queries[0]!)).toMatchObject({
      filter: 'ACTIVE',
      customKey: LABEL,
      sortValue: 'site',
      sortOrder: 'desc',
      pageNum: '1',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Participant ID' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?status=ACTIVE&label=${LABEL}`));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toContain('page=2'));
    await waitFor(() => expect(queries.at(-1)!.get('pageNum')).toBe('2'));
  });

  it('searches after typing stops, from the first page', async () => {
    signInAs('StudyCoordinator');
    const queries = serve(true);
    const router = renderPage(`/studies/${S}/participants?page=3`);
    await screen.findByRole('table', { name: 'Participants' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'morg' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=morg'));
    await waitFor(() => expect(queries.at(-1)!.get('search')).toBe('morg'));
    expect(queries.at(-1)!.get('pageNum')).toBe('1');
  });
});
