import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { SiteFormsPanel } from './SiteFormsPanel';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const T = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const E = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const LIST = `/api/v1/studies/${S}/participants/${P}/site-forms`;

function item(over: Record<string, unknown>) {
  return {
    key: `${T}:vitals`,
    entryId: null,
    scheduled: true,
    taskId: T,
    activityId: 'vitals',
    activityIdentifier: 'VITALS',
    activityName: 'Vitals',
    packetId: 'visit',
    startDay: 7,
    opensAt: '2026-12-05T00:00:00.000Z',
    status: 'NOT_STARTED',
    locked: false,
    signature: null,
    created: null,
    updated: null,
    ...over,
  };
}

function serve(over: Record<string, unknown> = {}) {
  const writes: unknown[] = [];
  const body = {
    siteId: 's1',
    siteLock: null,
    may: { enter: true, sign: false, lock: false },
    items: [
      item({}),
      item({
        key: E,
        entryId: E,
        scheduled: false,
        taskId: null,
        activityId: 'ae',
        activityIdentifier: 'AE',
        activityName: 'Adverse event',
        packetId: null,
        startDay: null,
        status: 'SIGNED',
        locked: true,
        signature: { signerName: 'Priya Investigator', meaning: 'm', signedAt: '2026-12-06T10:00:00.000Z' },
        updated: { name: 'Carlos Coordinator', at: '2026-12-06T09:00:00.000Z' },
      }),
    ],
    unscheduledForms: [
      { activityId: 'vitals', identifier: 'VITALS', name: 'Vitals' },
      { activityId: 'ae', identifier: 'AE', name: 'Adverse event' },
    ],
    ...over,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST' && url === LIST) {
        writes.push(JSON.parse(String(init.body)));
        return jsonResponse({
          ...item({ key: 'new-entry', entryId: 'new-entry', scheduled: false, taskId: null, activityId: 'ae' }),
          versionId: 'v1',
          activity: {
            id: 'ae',
            activityId: 'A-2',
            revisionId: '1',
            identifier: 'AE',
            type: 'dataCaptureForm',
            title: { en: 'Adverse event' },
            questions: [],
          },
          answers: {},
          updatedAt: '2026-12-06T10:00:00.000Z',
          siteLocked: false,
          may: { enter: true, sign: false, lock: false },
          history: [],
        });
      }
      if (url === LIST) return jsonResponse(body);
      if (url === '/api/v1/feature-flags') return jsonResponse({ customerId: 'c', flags: {} });
      return jsonResponse({}, 404);
    }),
  );
  return { writes };
}

function renderPanel() {
  const router = createMemoryRouter(
    [
      {
        path: '/studies/:studyId/participants/:participantId',
        element: <SiteFormsPanel studyId={S} participantId={P} />,
      },
      { path: '/studies/:studyId/participants/:participantId/site-forms/:entryKey', element: <p>entry page</p> },
    ],
    { initialEntries: [`/studies/${S}/participants/${P}`] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['edc'], 'StudyCoordinator');

describe('the participant’s site forms panel (E-012, E-013)', { timeout: 20_000 }, () => {
  it('lists scheduled and unscheduled forms with status, lock and signature, and Enter or View', async () => {
    serve();
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Site forms' });
    const visit = within(table).getByText('Vitals').closest('tr')!;
    expect(within(visit).getByText('Day 7')).toBeTruthy();
    expect(within(visit).getByText('Not started')).toBeTruthy();
    expect(within(visit).getByRole('link', { name: 'Enter Vitals' }).getAttribute('href')).toBe(
      `/studies/${S}/participants/${P}/site-forms/${encodeURIComponent(`${T}:vitals`)}`,
    );
    const ae = within(table).getByText('Adverse event').closest('tr')!;
    expect(within(ae).getByText('Unscheduled')).toBeTruthy();
    expect(within(ae).getByText('Signed')).toBeTruthy();
    expect(within(ae).getByText('Locked')).toBeTruthy();
    expect(within(ae).getByText('Signed by Priya Investigator')).toBeTruthy();
    // a locked form is only viewed
    expect(within(ae).getByRole('link', { name: 'View Adverse event' })).toBeTruthy();
  });

  it('starts an unscheduled form chosen from the version’s forms and opens it', async () => {
    const { writes } = serve();
    const router = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Unscheduled form' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await within(dialog).findByText('Choose a form.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Form/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Adverse event' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/studies/${S}/participants/${P}/site-forms/new-entry`),
    );
    expect(writes).toEqual([{ activityId: 'ae' }]);
  });

  it('under a site lock says so and offers no unscheduled form', async () => {
    serve({ siteLock: { lockedBy: 'Priya Investigator', lockedAt: '2026-12-06T10:00:00.000Z' } });
    renderPanel();
    expect(await screen.findByText(/The site’s data is locked \(Priya Investigator/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unscheduled form' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Site forms' });
    expect(within(table).getByRole('link', { name: 'View Vitals' })).toBeTruthy();
  });
});
