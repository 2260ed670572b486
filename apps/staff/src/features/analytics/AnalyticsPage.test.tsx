import '@trialpath/domain/staff-messages';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { AnalyticsHomeRedirect, AnalyticsPage } from './AnalyticsPage';
import { FACTS, MADRID } from './fixture.test-data';

const S = '99999999-9999-4999-8999-999999999999';

/** The analytics call (each query recorded; Spain narrows to Madrid) and the participant search. */
function serve() {
  const asked: URLSearchParams[] = [];
  const f = vi.fn(async (url: string) => {
    const [path, query = ''] = url.split('?');
    if (path === `/api/v1/studies/${S}/analytics/overall`) {
      const q = new URLSearchParams(query);
      asked.push(q);
      if (q.get('countryIds') === 'ES')
        return jsonResponse({
          ...FACTS,
          sites: FACTS.sites.filter((s) => s.id === MADRID),
          statusBySite: FACTS.statusBySite.filter((r) => r.siteId === MADRID),
        });
      return jsonResponse(FACTS);
    }
    if (url === '/api/v1/feature-flags') return jsonResponse({ customerId: 'c', flags: {} });
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', f);
  return asked;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/vis', element: <AnalyticsHomeRedirect /> },
      { path: '/studies/:studyId/vis/:screen', element: <AnalyticsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [entry] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['analytics', 'participants'], 'StudyCoordinator');

describe('the analytics screens (G-002…G-016)', { timeout: 20_000 }, () => {
  it('vis opens the executive summary with the filters of the address kept (G-003)', async () => {
    serve();
    const router = renderAt(`/studies/${S}/vis?countryIds=ES`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/studies/${S}/vis/study-executive`));
    expect(router.state.location.search).toBe('?countryIds=ES');
    expect(await screen.findByRole('heading', { name: 'Study executive summary', level: 1 })).toBeTruthy();
  });

  it('shows the screen’s charts under their titles, each with its table on demand', async () => {
    serve();
    renderAt(`/studies/${S}/vis/participant-status`);
    expect(await screen.findByRole('heading', { name: 'Status Analytics', level: 2 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Top 5 Country', level: 2 })).toBeTruthy();
    const card = screen.getByRole('heading', { name: 'Top 5 Site', level: 2 }).closest('section, div[class*="Paper"]');
    const toggle = within(card as HTMLElement).getByRole('button', { name: 'Show as table' });
    fireEvent.click(toggle);
    const table = await within(card as HTMLElement).findByRole('table', { name: 'Top 5 Site' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Study SitesNumber of Participants', 'Boston7', 'Madrid5']);
  });

  it('the menu carries the spec’s labels and keeps the filters when moving between screens (G-021…G-029)', async () => {
    serve();
    renderAt(`/studies/${S}/vis/study-executive?siteIds=${MADRID}`);
    const menu = (await screen.findAllByRole('navigation', { name: 'Analytics menu' }))[0]!;
    for (const label of ['Home', 'Dashboards', 'Enrollment', 'Recruitment', 'eConsents', 'Participant Status'])
      expect(within(menu).getByText(label)).toBeTruthy();
    const link = within(menu).getByRole('link', { name: 'Participant Status' });
    expect(link.getAttribute('href')).toBe(`/studies/${S}/vis/participant-status?siteIds=${MADRID}`);
    expect(within(menu).getByRole('link', { name: 'Dashboards' }).getAttribute('href')).toBe(`/studies/${S}/dashboard`);
  });

  it('asks the server with the filters of the address, and a date chosen goes to the address (G-019)', async () => {
    const asked = serve();
    const router = renderAt(`/studies/${S}/vis/participant-status?fromDate=2026-03-01&toDate=2026-03-31`);
    await screen.findByRole('heading', { name: 'Status Analytics', level: 2 });
    expect(asked[0]!.get('fromDate')).toBe('2026-03-01');
    expect(asked[0]!.get('toDate')).toBe('2026-03-31');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-05' } });
    await waitFor(() => expect(router.state.location.search).toContain('fromDate=2026-03-05'));
    await waitFor(() => expect(asked.at(-1)!.get('fromDate')).toBe('2026-03-05'));
  });

  it('two filters changed at once are both kept in the address', async () => {
    serve();
    const router = renderAt(`/studies/${S}/vis/participant-status?countryIds=ES`);
    await screen.findByRole('heading', { name: 'Status Analytics', level: 2 });
    // in one batch: the second change comes before the page has re-rendered with the first
    act(() => {
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2020-01-01' } });
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2035-12-31' } });
    });
    await waitFor(() => expect(router.state.location.search).toContain('toDate=2035-12-31'));
    expect(router.state.location.search).toContain('fromDate=2020-01-01');
    expect(router.state.location.search).toContain('countryIds=ES');
  });

  it('a participant focus without chosen participants says how to choose them', async () => {
    serve();
    renderAt(`/studies/${S}/vis/participant-focus`);
    expect(await screen.findByText(/Choose one or more participants/)).toBeTruthy();
  });

  it('an unknown screen says so', async () => {
    serve();
    renderAt(`/studies/${S}/vis/nothing-here`);
    expect(await screen.findByText('There is no analytics screen of this name.')).toBeTruthy();
  });
});
