import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { BOSTON, type Call, MADRID, S, serve, WEEKLY, WEEKLY_REPORT } from './fixture.test-data';
import { ReportEditorPage } from './ReportEditorPage';

const LIST = `/api/v1/studies/${S}/reports`;
const NEW_ID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/reports/new', element: <ReportEditorPage /> },
      { path: '/studies/:studyId/reports/:reportId/edit', element: <ReportEditorPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [entry] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

/** Choose `option` in the multi-select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const sent = (calls: Call[], method: string) => calls.filter((c) => c.method === method);

screenTestSetup(['reports', 'participants'], 'StudyCoordinator');

describe('the report editor (G-017)', { timeout: 20_000 }, () => {
  it('a new report sends the chosen name, participants, fields and activities, then opens the report', async () => {
    const calls = serve((c) =>
      c.path === LIST && c.method === 'POST'
        ? jsonResponse({ ...WEEKLY_REPORT, id: NEW_ID, ...(c.body as object) }, 201)
        : undefined,
    );
    const router = renderAt(`/studies/${S}/reports/new`);
    expect(await screen.findByRole('heading', { name: 'New report', level: 1 })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Report name/ }), { target: { value: '  March sites ' } });
    await choose('Countries', 'Spain');
    await choose('Sites', 'Madrid (ES-001)');
    await choose('Sites', 'Boston (US-001)');
    await choose('Statuses', 'Screen failed');
    fireEvent.change(screen.getByLabelText('Registered from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Registered to'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Completion (%)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Status' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Country' }));
    await choose('Activities', 'Visit packet');
    await choose('Activities', 'Daily diary');
    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/studies/${S}/reports/${NEW_ID}`));
    expect(sent(calls, 'POST').map((c) => [c.path, c.body])).toEqual([
      [
        LIST,
        {
          name: 'March sites',
          definition: {
            filters: {
              countryIds: ['ES'],
              siteIds: [MADRID, BOSTON],
              statuses: ['SCREENFAILED'],
              participantsIds: [],
              fromDate: '2026-03-01',
              toDate: '2026-03-31',
            },
            // the contract's order, whatever order they were ticked in
            fields: ['participantId', 'site', 'country', 'completion'],
            activityIds: ['v1', 'a1'],
          },
        },
      ],
    ]);
  });

  it('refuses a report without a name or a field, saying so at the fields, and sends nothing', async () => {
    const calls = serve(() => undefined);
    renderAt(`/studies/${S}/reports/new`);
    await screen.findByRole('heading', { name: 'New report', level: 1 });
    for (const name of ['Participant ID', 'Site', 'Status']) fireEvent.click(screen.getByRole('checkbox', { name }));
    fireEvent.change(screen.getByLabelText('Registered from'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('Registered to'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));

    expect(await screen.findByText('Give the report a name.')).toBeTruthy();
    expect(screen.getByText('Choose at least one field.')).toBeTruthy();
    expect(screen.getByText('The start date is after the end date.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Report name/ }).getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows the server’s field refusal at its field', async () => {
    serve((c) =>
      c.method === 'POST'
        ? jsonResponse(
            {
              code: 'VALIDATION_FAILED',
              message: 'Invalid',
              fieldErrors: { 'definition.activityIds': ['This activity is not in the study.'] },
            },
            400,
          )
        : undefined,
    );
    renderAt(`/studies/${S}/reports/new`);
    fireEvent.change(await screen.findByRole('textbox', { name: /Report name/ }), { target: { value: 'R' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));
    const message = await screen.findByText('This activity is not in the study.');
    expect(message.closest('.mantine-InputWrapper-root')?.textContent).toContain('Activities');
  });

  it('an edit starts from the saved report and sends the updatedAt it read', async () => {
    const calls = serve((c) => {
      if (c.path !== `${LIST}/${WEEKLY}`) return undefined;
      if (c.method === 'GET') return jsonResponse(WEEKLY_REPORT);
      if (c.method === 'PUT') return jsonResponse({ ...WEEKLY_REPORT, updatedAt: '2026-03-22T09:00:00.000Z' });
      return undefined;
    });
    const router = renderAt(`/studies/${S}/reports/${WEEKLY}/edit`);
    const name = await screen.findByRole('textbox', { name: /Report name/ });
    expect((name as HTMLInputElement).value).toBe('Weekly status');
    expect(screen.getByRole('heading', { name: 'Edit report', level: 1 })).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Status' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(name, { target: { value: 'Weekly status (Boston)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/studies/${S}/reports/${WEEKLY}`));
    const [put] = sent(calls, 'PUT');
    expect(put?.body).toEqual({
      name: 'Weekly status (Boston)',
      definition: WEEKLY_REPORT.definition,
      expectedUpdatedAt: '2026-03-02T09:00:00.000Z',
    });
  });

  it('a save over someone else’s change (409) says so and reloading shows their version', async () => {
    let current = WEEKLY_REPORT;
    serve((c) => {
      if (c.path !== `${LIST}/${WEEKLY}`) return undefined;
      if (c.method === 'GET') return jsonResponse(current);
      if (c.method === 'PUT') {
        current = { ...WEEKLY_REPORT, name: 'Renamed by Ana', updatedAt: '2026-03-21T09:00:00.000Z' };
        return jsonResponse({ code: 'REPORT_CONFLICT', message: 'Changed since' }, 409);
      }
      return undefined;
    });
    const router = renderAt(`/studies/${S}/reports/${WEEKLY}/edit`);
    fireEvent.change(await screen.findByRole('textbox', { name: /Report name/ }), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone changed this report since you opened it.');
    expect(router.state.location.pathname).toBe(`/studies/${S}/reports/${WEEKLY}/edit`);
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Report name/ }) as HTMLInputElement).value).toBe('Renamed by Ana'),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
