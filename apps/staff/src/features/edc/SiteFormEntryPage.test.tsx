import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { SiteFormEntryPage } from './SiteFormEntryPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const E = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const URL_OF_ENTRY = `/api/v1/studies/${S}/participants/${P}/site-forms/${E}`;

const activity = {
  id: 'form-1',
  activityId: 'A-1',
  revisionId: '1',
  identifier: 'VITALS',
  type: 'dataCaptureForm',
  title: { en: 'Vitals' },
  questions: [
    {
      id: 'q1',
      identifier: 'weight',
      type: 'Number',
      body: { en: 'Weight (kg)' },
      constraints: { min: 20, max: 300 },
    },
    { id: 'q2', identifier: 'notes', type: 'Text', body: { en: 'Notes' }, optional: true },
  ],
};

function entry(over: Record<string, unknown> = {}) {
  return {
    key: E,
    entryId: E,
    scheduled: false,
    taskId: null,
    activityId: 'form-1',
    activityIdentifier: 'VITALS',
    activityName: 'Vitals',
    packetId: null,
    startDay: null,
    opensAt: null,
    status: 'IN_PROGRESS',
    locked: false,
    signature: null,
    created: { name: 'Carlos Coordinator', at: '2026-12-05T10:00:00.000Z' },
    updated: { name: 'Carlos Coordinator', at: '2026-12-05T10:00:00.000Z' },
    versionId: 'v1',
    activity,
    answers: { weight: { answer: '70' } },
    updatedAt: '2026-12-05T10:00:00.000Z',
    siteLocked: false,
    may: { enter: true, sign: true, lock: true },
    history: [
      {
        id: 1,
        action: 'edc.entry.save',
        summary: 'Site form saved',
        at: '2026-12-05T10:00:00.000Z',
        by: 'Carlos Coordinator',
        reason: 'Transcription error',
        changes: [{ item: 'weight', oldValue: { answer: '68' }, newValue: { answer: '70' } }],
      },
    ],
    ...over,
  };
}

function serve(current = entry(), answer?: () => Response) {
  const writes: { path: string; body: unknown }[] = [];
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    const [path] = url.split('?');
    if (init?.method === 'PUT' && path?.startsWith(URL_OF_ENTRY)) {
      writes.push({ path: path.slice(URL_OF_ENTRY.length), body: JSON.parse(String(init.body)) });
      return answer ? answer() : jsonResponse({ ...current, warnings: {} });
    }
    if (path === URL_OF_ENTRY) return jsonResponse(current);
    if (url === '/api/v1/feature-flags') return jsonResponse({ customerId: 'c', flags: {} });
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', f);
  return { writes };
}

function renderPage(extras?: (id: string) => React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '/studies/:studyId/participants/:participantId/site-forms/:entryKey',
        element: <SiteFormEntryPage renderItemExtras={extras} />,
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/studies/${S}/participants/${P}/site-forms/${E}`] },
  );
  renderApp(<RouterProvider router={router} />);
}

screenTestSetup(['edc'], 'StudyCoordinator');

const weightBox = () => screen.findByRole('textbox', { name: /Weight \(kg\)/ });

describe('the site form entry page (E-012)', { timeout: 20_000 }, () => {
  it('shows every question on one page with the saved answers, the history, and a slot beside each answer', async () => {
    serve();
    renderPage((id) => <button type="button">{`Query ${id}`}</button>);
    expect(((await weightBox()) as HTMLInputElement).value).toBe('70');
    expect(screen.getByRole('textbox', { name: /Notes/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Query weight' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Query notes' })).toBeTruthy();
    const history = screen.getByRole('table', { name: 'History of the form' });
    expect(within(history).getByText('Transcription error')).toBeTruthy();
    expect(within(history).getByText('68')).toBeTruthy();
    expect(within(history).getByText('Carlos Coordinator')).toBeTruthy();
  });

  it('a complete save with a missing required answer shows the error on its field and sends nothing', async () => {
    const { writes } = serve(entry({ answers: {} }));
    renderPage();
    await weightBox();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some answers need attention: see the fields marked.')).toBeTruthy();
    expect(screen.getByText('Please select an answer')).toBeTruthy();
    expect(writes).toEqual([]);
  });

  it('a change to a saved value asks a reason, listing old → new, and sends it with the entry as read', async () => {
    const { writes } = serve();
    renderPage();
    fireEvent.change(await weightBox(), { target: { value: '72' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save incomplete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Weight (kg): 70 → 72')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save with reason' }));
    expect(await within(dialog).findByText('Write the reason for change.')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for change/ }), {
      target: { value: 'Re-weighed' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save with reason' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([
      {
        path: '',
        body: {
          answers: { weight: { answer: '72' } },
          complete: false,
          expectedUpdatedAt: '2026-12-05T10:00:00.000Z',
          reason: 'Re-weighed',
        },
      },
    ]);
  });

  it('a first value needs no reason; a refusal of the server is shown and the answers kept', async () => {
    const { writes } = serve(entry({ answers: {} }), () =>
      jsonResponse(
        {
          code: 'CONFLICT',
          message:
            'Someone else saved this form after you opened it. Reload it to see their changes, then enter yours again.',
          messageKey: 'edc.staleEntry',
        },
        409,
      ),
    );
    renderPage();
    fireEvent.change(await weightBox(), { target: { value: '71' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Someone else saved this form/);
    expect(writes).toHaveLength(1);
    expect(((await weightBox()) as HTMLInputElement).value).toBe('71');
  });

  it('signs a completed form with the password, the meaning shown', async () => {
    const { writes } = serve(entry({ status: 'COMPLETED' }));
    renderPage();
    await weightBox();
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/As investigator I have reviewed the data of this form/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(writes).toEqual([{ path: '/signature', body: { currentPassword: 'secret' } }]));
  });

  it('a locked form cannot be entered; unlocking asks a reason', async () => {
    const { writes } = serve(entry({ locked: true }));
    renderPage();
    expect(((await weightBox()) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/This form is locked/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason for unlocking/ }), {
      target: { value: 'Correction' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(writes).toEqual([{ path: '/unlock', body: { reason: 'Correction' } }]));
  });
});
