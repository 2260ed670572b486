import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { SiteTransfersPage } from './SiteTransfersPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const BOSTON = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const MADRID = '6e1b9d2f-3c4a-4b6e-9f7a-8b9c0d1e2f3a';
const T1 = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const T2 = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const LIST = `/api/v1/studies/${S}/site-transfers`;

const json = jsonResponse;

function transfer(id: string, code: string, over: Record<string, unknown> = {}) {
  return {
    id,
    participant: { id: `${code}-id`, participantId: code, name: 'Sam Patel', visible: true },
    fromSite: { id: BOSTON, name: 'Boston', siteCode: 'US-001' },
    toSite: { id: MADRID, name: 'Madrid', siteCode: 'ES-001' },
    status: 'PENDING',
    reason: 'Moving to Spain for work',
    requestedBy: 'Carlos Coordinator',
    requestedAt: '2026-12-05T10:00:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    reviewReason: null,
    mayReview: false,
    mayCancel: false,
    ...over,
  };
}

/** The list API (every query recorded) and the review and cancel calls (their bodies recorded, answered by `answer`). */
function serve(options: { identify?: boolean; answer?: () => Response } = {}) {
  const queries: URLSearchParams[] = [];
  const writes: { path: string; body: unknown }[] = [];
  const items = [
    transfer(T1, 'DEMO-ES001-0002', {
      participant: { id: 'p2', participantId: 'DEMO-ES001-0002', name: 'Mateo Ruiz', visible: false },
      fromSite: { id: MADRID, name: 'Madrid', siteCode: 'ES-001' },
      toSite: { id: BOSTON, name: 'Boston', siteCode: 'US-001' },
      requestedBy: 'Priya Investigator',
      reason: 'Closer to home',
      mayReview: true,
    }),
    transfer(T2, 'DEMO-US001-0003', { mayCancel: true }),
  ].map((x) => (options.identify === false ? { ...x, participant: { ...x.participant, name: null } } : x));
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    const [path, query = ''] = url.split('?');
    if (path === LIST) {
      queries.push(new URLSearchParams(query));
      return json({ items, total: items.length, page: 1, pageSize: 25, identify: options.identify ?? true });
    }
    if (init?.method === 'PUT' && path?.startsWith(`${LIST}/`)) {
      writes.push({ path: path.slice(LIST.length), body: JSON.parse(String(init.body)) });
      return options.answer ? options.answer() : json({ ...items[0], status: 'APPROVED', mayReview: false });
    }
    if (url === '/api/v1/feature-flags') return json({ customerId: 'c', flags: {} });
    return json({}, 404);
  });
  vi.stubGlobal('fetch', f);
  return { queries, writes };
}

function renderPage(address = `/studies/${S}/participant-transfers`) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/participant-transfers', element: <SiteTransfersPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [address] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['transfers'], 'StudyCoordinator');

const rowOf = async (code: string) => {
  const table = await screen.findByRole('table', { name: 'Site transfers' });
  return within(table).getByText(code).closest('tr')!;
};

describe('the site transfers screen (E-022)', { timeout: 20_000 }, () => {
  it('shows the pending transfers first, with what the person may do on each', async () => {
    const { queries } = serve();
    renderPage();
    const incoming = await rowOf('DEMO-ES001-0002');
    expect(queries[0]?.get('status')).toBe('PENDING');
    expect(within(incoming).getByText('Mateo Ruiz')).toBeTruthy();
    expect(within(incoming).getByText('Madrid → Boston')).toBeTruthy();
    expect(within(incoming).getByText(/^Priya Investigator, /)).toBeTruthy();
    expect(within(incoming).getByText('Closer to home')).toBeTruthy();
    expect(within(incoming).getByText('Pending')).toBeTruthy();
    expect(within(incoming).getByRole('button', { name: 'Approve the transfer of DEMO-ES001-0002' })).toBeTruthy();
    expect(within(incoming).getByRole('button', { name: 'Refuse the transfer of DEMO-ES001-0002' })).toBeTruthy();
    expect(within(incoming).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    // a participant not (yet) at one of the person's sites has no profile link
    expect(within(incoming).queryByRole('link')).toBeNull();
    const outgoing = await rowOf('DEMO-US001-0003');
    expect(within(outgoing).getByRole('link', { name: 'DEMO-US001-0003' }).getAttribute('href')).toBe(
      `/studies/${S}/participants/DEMO-US001-0003-id`,
    );
    expect(within(outgoing).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(outgoing).getByRole('button', { name: 'Cancel the transfer of DEMO-US001-0003' })).toBeTruthy();
    expect(screen.getByText('2 transfers')).toBeTruthy();
  });

  it('keeps the status filter in the address and asks the server for it', async () => {
    const { queries } = serve();
    const router = renderPage();
    await rowOf('DEMO-ES001-0002');
    fireEvent.click(screen.getByText('Approved'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=APPROVED'));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('APPROVED'));
    fireEvent.click(screen.getByText('All'));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('ALL'));
  });

  it('opens on the status the address names', async () => {
    const { queries } = serve();
    renderPage(`/studies/${S}/participant-transfers?status=REFUSED`);
    await rowOf('DEMO-ES001-0002');
    expect(queries[0]?.get('status')).toBe('REFUSED');
  });

  it('approves with a review reason, asked before anything is sent, then refreshes the list', async () => {
    const { queries, writes } = serve();
    renderPage();
    const row = await rowOf('DEMO-ES001-0002');
    fireEvent.click(within(row).getByRole('button', { name: 'Approve the transfer of DEMO-ES001-0002' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/DEMO-ES001-0002 moves from Madrid to Boston now/)).toBeTruthy();
    expect(within(dialog).getByText('Asked by Priya Investigator: Closer to home')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByText('Write the reason (at least 3 characters).')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Review reason/ }), {
      target: { value: ' Boston has room ' },
    });
    const before = queries.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([{ path: `/${T1}/review`, body: { status: 'APPROVED', reviewReason: 'Boston has room' } }]);
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
  });

  it('cancels a request with its reason', async () => {
    const { writes } = serve({ answer: () => json(transfer(T2, 'DEMO-US001-0003', { status: 'CANCELLED' })) });
    renderPage();
    const row = await rowOf('DEMO-US001-0003');
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel the transfer of DEMO-US001-0003' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Reason for cancelling/ }), {
      target: { value: 'Participant stays in Boston' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes).toEqual([{ path: `/${T2}/cancel`, body: { reason: 'Participant stays in Boston' } }]);
  });

  it('shows a refusal in the dialog, the reason kept', async () => {
    serve({
      answer: () =>
        json(
          {
            code: 'CONFLICT',
            message: 'This transfer was reviewed or cancelled meanwhile. Reload to see where it stands.',
            messageKey: 'participants.transfer.noLongerPending',
          },
          409,
        ),
    });
    renderPage();
    const row = await rowOf('DEMO-ES001-0002');
    fireEvent.click(within(row).getByRole('button', { name: 'Refuse the transfer of DEMO-ES001-0002' }));
    const dialog = await screen.findByRole('dialog');
    const reason = within(dialog).getByRole('textbox', { name: /^Review reason/ });
    fireEvent.change(reason, { target: { value: 'No capacity' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'This transfer was reviewed or cancelled meanwhile. Reload to see where it stands.',
    );
    expect((reason as HTMLTextAreaElement).value).toBe('No capacity');
  });

  it('shows no names to a role that may not identify participants', async () => {
    serve({ identify: false });
    renderPage();
    await rowOf('DEMO-ES001-0002');
    expect(screen.queryByRole('columnheader', { name: 'Name' })).toBeNull();
    expect(screen.queryByText('Mateo Ruiz')).toBeNull();
  });
});
