/**
 * The booking dialog's recording switch (F-037) as the participant's country features say (F-112), against a stubbed
 * fetch: where the study or the participant's country does not record video visits, the switch is off and says why.
 */
import '@trialpath/domain/staff-messages';
import { screen, waitFor } from '@testing-library/react';
import type { Appointment } from '@trialpath/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { AppointmentDialog } from './AppointmentDialog';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const appointment: Appointment = {
  id: '3e9c4d5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
  studyId: S,
  siteId: '1c7a2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  siteName: 'Madrid',
  participantId: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  participantCode: 'DEMO-ES001-0001',
  participantTimeZone: 'Europe/Madrid',
  host: { id: 'u1', name: 'Marta Madrid' },
  visitType: 'telehealth',
  visitMode: 'video',
  kind: 'UNSCHEDULED',
  taskId: null,
  taskName: null,
  taskStartDay: 1,
  taskEndDay: 1,
  startsAt: '2026-12-20T10:00:00.000Z',
  endsAt: '2026-12-20T10:30:00.000Z',
  state: 'BOOKED',
  statusCode: 0,
  note: null,
  allowRecording: true,
  createdBy: { id: 'u1', name: 'Marta Madrid' },
  createdAt: '2026-12-01T10:00:00.000Z',
  endedReason: null,
  recordingCount: 0,
};

/** The country features as the server would say them; everything else empty. */
function stubFeatures(visitTelehealthRecordingEnabled: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [path] = String(url).split('?');
      if (path === `/api/v1/studies/${S}/telehealth/country-features`)
        return jsonResponse({
          countryId: 'ES',
          studyTelehealthRecordingEnabled: true,
          visitTelehealthRecordingEnabled,
        });
      return jsonResponse({ items: [], total: 0, pageNum: 1, pageSize: 25 });
    }),
  );
}

/** The dialog for this booked appointment, or (null) for a new one. */
const show = (booked: Appointment | null = appointment) =>
  renderApp(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            path: '*',
            element: <AppointmentDialog studyId={S} appointment={booked ?? undefined} onClose={() => {}} />,
          },
        ],
        { initialEntries: ['/'] },
      )}
    />,
  );

screenTestSetup(['telehealth']);

describe('the booking dialog’s recording switch (F-037, F-112)', { timeout: 20_000 }, () => {
  it('is off, and says why, where the participant’s country does not record video visits', async () => {
    stubFeatures(false);
    show();
    expect(
      await screen.findByText(
        'Recording is not allowed for this participant: the study or their country does not record video visits.',
      ),
    ).toBeTruthy();
    const box = screen.getByRole('checkbox', { name: 'This visit may be recorded' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    expect(box.checked).toBe(false);
  });

  it('is on and may be changed where it does', async () => {
    stubFeatures(true);
    show();
    const box = (await screen.findByRole('checkbox', { name: 'This visit may be recorded' })) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));
    expect(box.disabled).toBe(false);
    expect(screen.queryByText(/Recording is not allowed for this participant/)).toBeNull();
  });
});

describe('the booking dialog when the participants cannot be read (F-129)', { timeout: 20_000 }, () => {
  it("says 'Error while getting participant.' instead of an empty list", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).split('?')[0] === `/api/v1/studies/${S}/participants`
          ? jsonResponse({ code: 'INTERNAL', message: 'Something went wrong.' }, 500)
          : jsonResponse({ items: [], total: 0, pageNum: 1, pageSize: 25 }),
      ),
    );
    show(null);
    expect(await screen.findByText('Error while getting participant.')).toBeTruthy();
  });
});
