import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { S, SETTINGS_PATH, serve, settingsOf } from './fixture.test-data';
import { WearablesPage } from './WearablesPage';

function renderPage(twin = false) {
  const path = twin ? '/studies/:studyId/test/customize/wearables' : '/studies/:studyId/customize/wearables';
  const router = createMemoryRouter([{ path, element: <WearablesPage /> }], {
    initialEntries: [path.replace(':studyId', S)],
  });
  renderApp(<RouterProvider router={router} />);
}

screenTestSetup(['devices'], 'StudyAdmin');

describe('the wearables screen (H-039)', { timeout: 20_000 }, () => {
  it('shows the sources chosen, the Open mHealth schemas accepted and which the study collects; saves sources', async () => {
    const calls = serve((c) => (c.path === SETTINGS_PATH ? jsonResponse(settingsOf()) : undefined));
    renderPage();
    const sources = await screen.findByRole('region', { name: 'Wearable sources' });
    expect((within(sources).getByRole('checkbox', { name: 'Withings Health Mate' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(sources).getByRole('checkbox', { name: 'Oura' }) as HTMLInputElement).checked).toBe(false);
    const table = await screen.findByRole('table', { name: 'Accepted Open mHealth schemas' });
    const row = (schema: string) => within(table).getByText(schema).closest('tr') as HTMLElement;
    await within(table).findByText('omh:blood-pressure');
    expect(within(row('omh:blood-pressure')).getByText('Yes')).toBeTruthy();
    expect(within(row('omh:step-count')).getByText('Steps')).toBeTruthy();
    expect(within(row('omh:step-count')).getByText(/^No/)).toBeTruthy();
    expect(screen.getByText(/"namespace": "omh"/)).toBeTruthy();
    fireEvent.click(within(sources).getByRole('checkbox', { name: 'Oura' }));
    fireEvent.click(within(sources).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      deviceTypes: ['bloodPressure', 'bodyWeight'],
      wearableSources: ['withings', 'oura'],
      ingestionEnabled: true,
    });
  });

  it('is read-only in the test twin', async () => {
    serve((c) => (c.path === SETTINGS_PATH ? jsonResponse(settingsOf()) : undefined));
    renderPage(true);
    await screen.findByText(/Read-only: this is the study’s test twin/);
    expect(((await screen.findByRole('checkbox', { name: 'Oura' })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
