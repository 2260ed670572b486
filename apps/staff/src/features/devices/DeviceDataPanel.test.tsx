import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, screenTestSetup, signInAs } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { DeviceDataPanel } from './DeviceDataPanel';
import { DATA_PATH, measurement, P, S, SETTINGS_PATH, serve, settingsOf } from './fixture.test-data';

function renderPanel() {
  const router = createMemoryRouter(
    [
      {
        path: '/studies/:studyId/participants/:participantId',
        element: (
          <Suspense fallback={null}>
            <p>profile</p>
            <DeviceDataPanel studyId={S} participantId={P} />
          </Suspense>
        ),
      },
    ],
    { initialEntries: [`/studies/${S}/participants/${P}`] },
  );
  renderApp(<RouterProvider router={router} />);
}

const BP = [
  measurement({ code: '8462-4', value: 82, effectiveAt: '2026-03-05T08:30:00.000Z' }),
  measurement({ code: '8480-6', value: 128, effectiveAt: '2026-03-05T08:30:00.000Z' }),
  measurement({
    code: '8462-4',
    value: 79,
    effectiveAt: '2026-03-01T08:30:00.000Z',
    deviceName: null,
    sourceName: 'Withings Health Mate',
    sourceFormat: 'OMH',
  }),
];
const WEIGHT = [measurement({ type: 'bodyWeight', code: '29463-7', value: 72.4, unit: 'kg' })];

screenTestSetup(['devices'], 'StudyCoordinator');

describe('the participant’s device data panel', { timeout: 20_000 }, () => {
  it('lists the measurements of the first type newest first, with a chart, and switches type and dates', async () => {
    const calls = serve((c) => {
      if (c.path === SETTINGS_PATH) return jsonResponse(settingsOf());
      if (c.path === DATA_PATH) {
        const items = c.query.get('type') === 'bodyWeight' ? WEIGHT : BP;
        return jsonResponse({ items, total: items.length, page: 1, pageSize: 500 });
      }
      return undefined;
    });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Device data' });
    const table = await within(panel).findByRole('table', { name: 'Device measurements' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['Diastolic', '82 mm[Hg]', 'Omron Evolv BP7000'],
      ['Systolic', '128 mm[Hg]', 'Omron Evolv BP7000'],
      ['Diastolic', '79 mm[Hg]', 'Withings Health Mate'],
    ]);
    expect(within(panel).getByRole('figure', { name: 'Blood pressure over time' })).toBeTruthy();
    expect(within(panel).getByText('3 measurements')).toBeTruthy();
    expect(calls.find((c) => c.path === DATA_PATH)!.query.get('type')).toBe('bloodPressure');

    fireEvent.click(within(panel).getByRole('combobox', { name: 'Measurement' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Body weight' }));
    await within(panel).findByText('72.4 kg');
    fireEvent.change(within(panel).getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(panel).getByLabelText('To'), { target: { value: '2026-03-31' } });
    await waitFor(() => expect(calls.at(-1)!.query.get('to')).toBe('2026-03-31'));
    expect(calls.at(-1)!.query.get('from')).toBe('2026-03-01');
    expect(calls.at(-1)!.query.get('type')).toBe('bodyWeight');
  });

  it('is not shown when the study collects no device data', async () => {
    const calls = serve((c) => (c.path === SETTINGS_PATH ? jsonResponse(settingsOf({ deviceTypes: [] })) : undefined));
    renderPanel();
    await screen.findByText('profile');
    await waitFor(() => expect(calls.some((c) => c.path === SETTINGS_PATH)).toBe(true));
    expect(screen.queryByRole('region', { name: 'Device data' })).toBeNull();
    expect(calls.some((c) => c.path === DATA_PATH)).toBe(false);
  });

  it('is not shown, nor asked for, to a role that may not see responses', async () => {
    signInAs('SystemAdmin');
    const calls = serve((c) => (c.path === SETTINGS_PATH ? jsonResponse(settingsOf()) : undefined));
    renderPanel();
    await screen.findByText('profile');
    expect(screen.queryByRole('region', { name: 'Device data' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
