import '@trialpath/domain/staff-messages';
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { ParticipantQueriesPanel } from './ParticipantQueriesPanel';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '1c7a2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const R = '2d8b3c4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const Q = '3e9c4d5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';

const message = {
  id: 'm1',
  kind: 'RESPONSE',
  text: 'Typo: 25 kg',
  statusAfter: 'RESPONDED',
  author: 'Carlos Coordinator',
  at: '2026-12-05T11:00:00.000Z',
};
const query = {
  id: Q,
  status: 'RESPONDED',
  targetKind: 'response',
  targetId: R,
  targetKey: R,
  item: 'weight',
  itemText: { en: 'Weight (kg)' },
  activity: { id: 'a1', title: { en: 'Daily diary' } },
  participant: { id: P, participantId: 'DEMO-US001-0001' },
  site: { id: 's1', name: 'Boston' },
  openedBy: 'Clara Monitor',
  openedAt: '2026-12-05T10:00:00.000Z',
  updatedAt: '2026-12-05T11:00:00.000Z',
  closedBy: null,
  closedAt: null,
  assignedRole: null,
  lastMessage: message,
  messageCount: 2,
  may: { statuses: ['OPEN', 'CLOSED'], comment: true },
};

screenTestSetup(['queries'], 'Cra');

describe("the participant's queries panel", { timeout: 20_000 }, () => {
  it('lists the queries with the counts; a thread opens with what the monitor may do', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const [path] = url.split('?');
        if (path === `/api/v1/studies/${S}/participants/${P}/queries`)
          return jsonResponse({ items: [query], counts: { OPEN: 0, RESPONDED: 1, CLOSED: 3 } });
        if (path === `/api/v1/studies/${S}/queries/${Q}`)
          return jsonResponse({
            ...query,
            messages: [{ ...message, id: 'm0', kind: 'OPEN', text: 'Check the weight', statusAfter: 'OPEN' }, message],
          });
        return jsonResponse({}, 404);
      }),
    );
    const router = createMemoryRouter(
      [{ path: '*', element: <ParticipantQueriesPanel studyId={S} participantId={P} /> }],
      { initialEntries: [`/studies/${S}/participants/${P}`] },
    );
    renderApp(<RouterProvider router={router} />);
    const table = await screen.findByRole('table', { name: 'Queries on this participant’s answers' });
    expect(within(table).getByText('Typo: 25 kg')).toBeTruthy();
    const counts = screen.getByRole('group', { name: 'Counts per status' });
    expect(counts.textContent).toContain('Responded1');
    expect(counts.textContent).toContain('Closed3');
    fireEvent.click(within(table).getByRole('button', { name: 'View the query on Weight (kg)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Query on Weight (kg)' });
    expect(await within(drawer).findByText('Check the weight')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Close query' })).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Reopen query' })).toBeTruthy();
    expect(within(drawer).queryByRole('button', { name: 'Send response' })).toBeNull();
  });
});
