import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { S, SPAIN, SPAIN_REPORT, serve, WEEKLY, WEEKLY_REPORT } from './fixture.test-data';
import { ReportsPage } from './ReportsPage';

const LIST = `/api/v1/studies/${S}/reports`;

function renderList() {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/reports', element: <ReportsPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/studies/${S}/reports`] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

screenTestSetup(['reports', 'participants'], 'StudyCoordinator');

describe('the saved reports list (G-017)', { timeout: 20_000 }, () => {
  it('lists the reports newest change first, with who made them and links to open them', async () => {
    serve((c) => (c.path === LIST ? jsonResponse({ items: [WEEKLY_REPORT, SPAIN_REPORT] }) : undefined));
    renderList();
    const table = await screen.findByRole('table', { name: 'Saved reports' });
    const rows = bodyRows(table);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Spain completion',
      'Weekly status',
    ]);
    expect(within(rows[0]!).getByText('Carlos Coordinator')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Open Weekly status' }).getAttribute('href')).toBe(
      `/studies/${S}/reports/${WEEKLY}`,
    );
    expect(screen.getByRole('link', { name: 'New report' }).getAttribute('href')).toBe(`/studies/${S}/reports/new`);
    expect(screen.getByText('2 reports')).toBeTruthy();
  });

  it('asks before deleting, naming the report, then sends DELETE and reads the list again', async () => {
    let items = [WEEKLY_REPORT, SPAIN_REPORT];
    const calls = serve((c) => {
      if (c.path === LIST) return jsonResponse({ items });
      if (c.path === `${LIST}/${SPAIN}` && c.method === 'DELETE') {
        items = [WEEKLY_REPORT];
        return jsonResponse({ deleted: true });
      }
      return undefined;
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Spain completion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    expect(within(dialog).getByText(/Delete the report “Spain completion”\?/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${LIST}/${SPAIN}`]);
    await waitFor(() => expect(screen.queryByText('Spain completion')).toBeNull());
    expect(screen.getByText('Weekly status')).toBeTruthy();
  });

  it('cancelling the question deletes nothing', async () => {
    const calls = serve((c) => (c.path === LIST ? jsonResponse({ items: [WEEKLY_REPORT] }) : undefined));
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Weekly status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('says when the study has no saved report yet', async () => {
    serve((c) => (c.path === LIST ? jsonResponse({ items: [] }) : undefined));
    renderList();
    expect(await screen.findByRole('heading', { name: 'No saved reports yet' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a refusal of the list (403) says the person may not see the study’s reports', async () => {
    serve((c) => (c.path === LIST ? jsonResponse({ code: 'FORBIDDEN', message: 'No' }, 403) : undefined));
    renderList();
    expect(await screen.findByText(/You may not see the reports of this study/)).toBeTruthy();
  });
});
