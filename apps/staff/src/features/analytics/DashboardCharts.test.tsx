import '@trialpath/domain/staff-messages';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { DashboardCharts } from './DashboardCharts';
import { FACTS } from './fixture.test-data';

const S = '99999999-9999-4999-8999-999999999999';

screenTestSetup(['analytics', 'participants'], 'StudyCoordinator');

describe('the study dashboard’s charts (G-002)', { timeout: 20_000 }, () => {
  it('shows the study at a glance under the spec’s titles, with the way to every analytics screen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith(`/api/v1/studies/${S}/analytics/overall`) ? jsonResponse(FACTS) : jsonResponse({}, 404),
      ),
    );
    const router = createMemoryRouter(
      [{ path: '/studies/:studyId/dashboard', element: <DashboardCharts studyId={S} /> }],
      { initialEntries: [`/studies/${S}/dashboard`] },
    );
    renderApp(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Status Analytics', level: 3 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Enrollment Analytics', level: 3 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Data queries and missing data', level: 3 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open every analytics screen' }).getAttribute('href')).toBe(
      `/studies/${S}/vis`,
    );
  });
});
