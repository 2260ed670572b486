import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { QueriesPage } from './QueriesPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '1c7a2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const R = '2d8b3c4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const E = '4f0d5e6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a';
const BOSTON = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const LIST = `/api/v1/studies/${S}/queries`;

function query(id: string, over: Record<string, unknown> = {}) {
  const message = {
    id: `${id}-m`,
    kind: 'OPEN',
    text: 'Check the weight',
    statusAfter: 'OPEN',
    author: 'Clara Monitor',
    at: '2026-12-05T10:00:00.000Z',
  };
  return {
    id,
    status: 'OPEN',
    targetKind: 'response',
    targetId: R,
    targetKey: R,
    item: 'weight',
    itemText: { en: 'Weight (kg)' },
    activity: { id: 'a1', title: { en: 'Daily diary' } },
    participant: { id: P, participantId: 'DEMO-US001-0001' },
    site: { id: BOSTON, name: 'Boston' },
    openedBy: 'Clara Monitor',
    openedAt: '2026-12-05T10:00:00.000Z',
    updatedAt: '2026-12-05T10:00:00.000Z',
    closedBy: null,
    closedAt: null,
    assignedRole: null,
    lastMessage: message,
    messageCount: 1,
    may: { statuses: ['CLOSED'], comment: true },
    ...over,
  };
}

function serve() {
  const queries: URLSearchParams[] = [];
  const items = [
    query('6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'),
    query('7b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e', {
      status: 'RESPONDED',
      targetKind: 'siteForm',
      targetId: E,
      targetKey: `${E}:form-1`,
      item: 'pulse',
      itemText: { en: 'Pulse' },
      activity: { id: 'form-1', title: { en: 'Vitals' } },
    }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [path, q = ''] = url.split('?');
      if (path === LIST) {
        queries.push(new URLSearchParams(q));
        return jsonResponse({
          items,
          total: 2,
          page: 1,
          pageSize: 25,
          counts: { OPEN: 4, RESPONDED: 2, CLOSED: 7 },
          sites: [{ id: BOSTON, name: 'Boston' }],
        });
      }
      if (url === '/api/v1/feature-flags') return jsonResponse({ customerId: 'c', flags: {} });
      return jsonResponse({}, 404);
    }),
  );
  return { queries };
}

function renderPage(address = `/studies/${S}/queries`) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/queries', element: <QueriesPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [address] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['queries'], 'Cra');

describe("the study's data queries", { timeout: 20_000 }, () => {
  it('shows the counts per status and each query linking to its answer', async () => {
    serve();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Data queries' });
    const counts = screen.getByRole('group', { name: 'Counts per status' });
    expect(within(counts).getByTestId('count-OPEN').textContent).toBe('4');
    expect(within(counts).getByTestId('count-RESPONDED').textContent).toBe('2');
    expect(within(counts).getByTestId('count-CLOSED').textContent).toBe('7');
    expect(within(table).getByRole('link', { name: 'Weight (kg)' }).getAttribute('href')).toBe(
      `/studies/${S}/participants/${P}/responses/${R}`,
    );
    // a scheduled site form opens on the EDC's entry page by its key
    expect(within(table).getByRole('link', { name: 'Pulse' }).getAttribute('href')).toBe(
      `/studies/${S}/participants/${P}/site-forms/${encodeURIComponent(`${E}:form-1`)}`,
    );
    expect(within(table).getAllByRole('link', { name: 'DEMO-US001-0001' })[0]?.getAttribute('href')).toBe(
      `/studies/${S}/participants/${P}`,
    );
  });

  it('keeps the filters and the sort in the address and asks the server for them', async () => {
    const { queries } = serve();
    const router = renderPage(`/studies/${S}/queries?participant=${P}`);
    await screen.findByRole('table', { name: 'Data queries' });
    expect(queries[0]?.get('participantId')).toBe(P);
    expect(queries[0]?.get('status')).toBe('ALL');
    fireEvent.click(screen.getByRole('radio', { name: 'Responded' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?status=RESPONDED&participant=${P}`));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('RESPONDED'));
    fireEvent.click(screen.getByRole('button', { name: 'Show every participant' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=RESPONDED'));
    await waitFor(() => expect(queries.at(-1)?.get('participantId')).toBeNull());
  });

  it('reads a crafted address as the defaults', async () => {
    const { queries } = serve();
    renderPage(`/studies/${S}/queries?status=NOPE&site=x&sort=evil&pageSize=7`);
    await screen.findByRole('table', { name: 'Data queries' });
    expect(Object.fromEntries(queries[0]!)).toEqual({
      status: 'ALL',
      sort: 'updatedAt',
      order: 'desc',
      pageNum: '1',
      pageSize: '25',
    });
  });
});
