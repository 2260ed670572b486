import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, screenTestSetup, signInAs } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { S, SETTINGS_PATH, serve, settingsOf } from './fixture.test-data';
import { MedicalDevicesPage } from './MedicalDevicesPage';

function renderPage(twin = false) {
  const path = twin
    ? '/studies/:studyId/test/customize/medical-devices'
    : '/studies/:studyId/customize/medical-devices';
  const router = createMemoryRouter([{ path, element: <MedicalDevicesPage /> }], {
    initialEntries: [path.replace(':studyId', S)],
  });
  renderApp(<RouterProvider router={router} />);
}

screenTestSetup(['devices'], 'StudyAdmin');

describe('the medical devices screen (H-038)', { timeout: 20_000 }, () => {
  it('shows the types collected with their LOINC codes, and saves a changed choice', async () => {
    const calls = serve((c) => {
      if (c.path === SETTINGS_PATH && c.method === 'GET') return jsonResponse(settingsOf());
      if (c.path === SETTINGS_PATH && c.method === 'PUT')
        return jsonResponse(settingsOf({ deviceTypes: ['bloodPressure'] }));
      return undefined;
    });
    renderPage();
    const types = await screen.findByRole('region', { name: 'Measurement types' });
    const bp = within(types).getByRole('checkbox', { name: 'Blood pressure' }) as HTMLInputElement;
    expect(bp.checked).toBe(true);
    await within(types).findByText('LOINC 85354-9, 8480-6, 8462-4 · UCUM mm[Hg]');
    expect((within(types).getByRole('checkbox', { name: 'Steps' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(types).getByRole('checkbox', { name: 'Body weight' }));
    fireEvent.click(within(types).getByRole('checkbox', { name: 'Spirometry' }));
    fireEvent.click(within(types).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      deviceTypes: ['bloodPressure', 'spirometry'],
      wearableSources: ['withings'],
      ingestionEnabled: true,
    });
  });

  it('searches the catalogue and saves the chosen devices (H-030, H-031)', async () => {
    const calls = serve((c) => {
      if (c.path === SETTINGS_PATH) return jsonResponse(settingsOf());
      if (c.path === `/api/v1/studies/${S}/validic-devices` && c.method === 'PUT') return jsonResponse({ items: [] });
      return undefined;
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Devices' });
    expect(within(section).getByText('Chosen devices (1)')).toBeTruthy();
    fireEvent.change(within(section).getByRole('textbox', { name: 'Search devices' }), {
      target: { value: 'omron platinum' },
    });
    const table = await within(section).findByRole('table', { name: 'Device catalogue' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(
      calls
        .filter((c) => c.path === '/api/v1/devices/catalogue')
        .at(-1)!
        .query.get('search'),
    ).toBe('omron platinum');
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Choose Omron Platinum BP5450' }));
    expect(within(section).getByText('Chosen devices (2)')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Save devices' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ deviceIds: ['omron-bp7000', 'omron-bp5450'] });
  });

  it('makes a test data key and shows it once; the endpoints and a sample bundle are shown', async () => {
    const calls = serve((c) => {
      if (c.path === SETTINGS_PATH) return jsonResponse(settingsOf());
      if (c.path === `/api/v1/studies/${S}/device-ingestion-key`)
        return jsonResponse({
          key: 'tpdk_secret-key-1234',
          hint: '1234',
          createdAt: '2026-03-06T10:00:00.000Z',
          environment: 'TEST',
        });
      return undefined;
    });
    renderPage();
    const intake = await screen.findByRole('region', { name: 'Sending device data' });
    expect(within(intake).getByText(/Ends in …x9Qa/)).toBeTruthy();
    expect(within(intake).getByText('No key yet: a gateway cannot send data.')).toBeTruthy();
    expect(
      within(intake).getByText(/\/api\/v1\/studies\/9{8}-.*\/device-data\/:participantCode\?token=\{key\}/),
    ).toBeTruthy();
    expect(within(intake).getByText(/"resourceType": "Bundle"/)).toBeTruthy();
    fireEvent.click(within(intake).getByRole('button', { name: 'Make key' }));
    const dialog = await screen.findByRole('dialog', { name: 'The new ingestion key' });
    expect(within(dialog).getByText('tpdk_secret-key-1234')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ environment: 'TEST' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByText('tpdk_secret-key-1234')).toBeNull());
  });

  it('is read-only in the test twin: no save, no key button, choices disabled', async () => {
    serve((c) => (c.path === SETTINGS_PATH ? jsonResponse(settingsOf()) : undefined));
    renderPage(true);
    await screen.findByText(/Read-only: this is the study’s test twin/);
    const types = await screen.findByRole('region', { name: 'Measurement types' });
    expect((within(types).getByRole('checkbox', { name: 'Blood pressure' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save devices' })).toBeNull();
    expect(screen.queryByRole('button', { name: /key/ })).toBeNull();
  });

  it('is read-only for a role that cannot design the study', async () => {
    signInAs('Cra');
    serve((c) => (c.path === SETTINGS_PATH ? jsonResponse(settingsOf()) : undefined));
    renderPage();
    await screen.findByText('Read-only: changing device settings needs a study builder’s role.');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
