import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { MessagesPage } from './MessagesPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const BOSTON = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const MADRID = '6e1b9d2f-3c4a-4b6e-9f7a-8b9c0d1e2f3a';
const M1 = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const BASE = `/api/v1/studies/${S}/participant-messages`;

const message = {
  id: M1,
  subject: 'Clinic closed on Friday',
  body: 'Please come on Monday instead.',
  sentAt: '2026-12-05T10:00:00.000Z',
  sentBy: { id: 'u1', name: 'Carlos Coordinator' },
  audience: 'SITES',
  sites: [{ id: BOSTON, name: 'Boston', siteCode: 'US-001' }],
  statuses: [],
  channels: { email: true, sms: false, push: false },
  recipients: 3,
  read: 1,
  reach: { portal: 3, email: 2, sms: 0, push: 0 },
};

const recipient = (code: string, over: Record<string, unknown> = {}) => ({
  participant: { id: `${code}-id`, participantId: code, name: 'Alex Morgan' },
  site: { id: BOSTON, name: 'Boston', siteCode: 'US-001' },
  email: 'SENT',
  sms: 'NOT_CHOSEN',
  push: 'NOT_CHOSEN',
  readAt: null,
  ...over,
});

const preview = {
  total: 3,
  reach: { portal: 3, email: 2, sms: 0, push: 0 },
  skipped: { email: { NO_ADDRESS: 1 }, sms: {}, push: {} },
  sample: [],
  identify: true,
};

/** The API of the page: every call recorded; the send answered by `answer`. */
function serve(options: { identify?: boolean; manage?: boolean; answer?: () => Response } = {}) {
  const calls: { method: string; path: string; query: URLSearchParams; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path = '', query = ''] = url.split('?');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path,
        query: new URLSearchParams(query),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (path === `/api/v1/studies/${S}/participant-list-options`)
        return json({
          sites: [
            { id: BOSTON, name: 'Boston', siteCode: 'US-001' },
            { id: MADRID, name: 'Madrid', siteCode: 'ES-001' },
          ],
          versions: [],
          labels: [],
          identify: options.identify ?? true,
          manage: options.manage ?? true,
        });
      if (path === BASE && method === 'GET') return json({ items: [message], total: 1, page: 1, pageSize: 25 });
      if (path === BASE && method === 'POST')
        return options.answer ? options.answer() : json({ ...message, id: 'new', recipients: 3 });
      if (path === `${BASE}/recipients`) return json(preview);
      if (path === `${BASE}/${M1}`)
        return json({
          message,
          recipients: {
            items: [
              recipient('DEMO-US001-0001', { readAt: '2026-12-05T12:00:00.000Z' }),
              recipient('DEMO-US001-0003', { email: 'NO_ADDRESS' }),
            ].map((r) => (options.identify === false ? { ...r, participant: { ...r.participant, name: null } } : r)),
            total: 2,
            page: 1,
            pageSize: 25,
          },
          identify: options.identify ?? true,
        });
      if (url === '/api/v1/feature-flags') return json({ customerId: 'c', flags: {} });
      return json({}, 404);
    }),
  );
  return calls;
}

function renderPage(address = `/studies/${S}/messages`) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/messages', element: <MessagesPage /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [address] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['messages', 'participants'], 'StudyCoordinator');

const table = () => screen.findByRole('table', { name: 'Sent messages' });

describe('the messages screen (E-024)', { timeout: 20_000 }, () => {
  it('lists the sent messages with their audience, channels, recipients and readers', async () => {
    serve();
    renderPage();
    const row = within(await table())
      .getByRole('button', { name: 'Open the message “Clinic closed on Friday”' })
      .closest('tr')!;
    expect(within(row).getByText('Sites: Boston · Everyone still in the study')).toBeTruthy();
    expect(within(row).getByText('E-mail 2')).toBeTruthy();
    expect(within(row).getByText('1 of 3')).toBeTruthy();
    expect(within(row).getByText('Carlos Coordinator')).toBeTruthy();
    expect(screen.getByText('1 message')).toBeTruthy();
  });

  it('keeps the site chosen in the address and asks the server for that site', async () => {
    const calls = serve();
    const router = renderPage();
    await table();
    fireEvent.click(screen.getByRole('combobox', { name: 'Site' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Madrid (ES-001)' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?site=${MADRID}`));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === BASE && c.method === 'GET')
          .at(-1)
          ?.query.get('siteId'),
      ).toBe(MADRID),
    );
  });

  it('opens a message with each recipient’s channels and reading', async () => {
    serve();
    renderPage();
    fireEvent.click(within(await table()).getByRole('button', { name: 'Open the message “Clinic closed on Friday”' }));
    const dialog = await screen.findByRole('dialog');
    const recipients = await within(dialog).findByRole('table', { name: 'Recipients' });
    const first = within(recipients).getByText('DEMO-US001-0001').closest('tr')!;
    expect(within(first).getByText('E-mail: Sent')).toBeTruthy();
    expect(within(first).queryByText(/^Text/)).toBeNull();
    const second = within(recipients).getByText('DEMO-US001-0003').closest('tr')!;
    expect(within(second).getByText('E-mail: No e-mail address')).toBeTruthy();
    expect(within(second).getByText('Not yet')).toBeTruthy();
    expect(within(dialog).getByText('Please come on Monday instead.')).toBeTruthy();
    expect(within(recipients).getAllByText('Alex Morgan')).toHaveLength(2);
  });

  it('shows no names to a role that may not identify participants, and no "New message" to one that may not send', async () => {
    serve({ identify: false, manage: false });
    renderPage();
    fireEvent.click(within(await table()).getByRole('button', { name: 'Open the message “Clinic closed on Friday”' }));
    const recipients = await within(await screen.findByRole('dialog')).findByRole('table', { name: 'Recipients' });
    expect(within(recipients).queryByRole('columnheader', { name: 'Name' })).toBeNull();
    expect(within(recipients).queryByText('Alex Morgan')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New message' })).toBeNull();
  });
});

describe('writing a message (E-112, E-113)', { timeout: 20_000 }, () => {
  const openCompose = async () => {
    await table();
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    return screen.findByRole('dialog', { name: 'New message to participants' });
  };
  const fill = (dialog: HTMLElement) => {
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Subject/ }), {
      target: { value: 'Clinic closed on Friday' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Message/ }), {
      target: { value: 'Please come on Monday instead.' },
    });
  };

  it('asks for what is missing before anything is sent', async () => {
    const calls = serve();
    renderPage();
    const dialog = await openCompose();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Sites' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check recipients' }));
    expect(await within(dialog).findByText('Write the subject.')).toBeTruthy();
    expect(within(dialog).getByText('Write the message.')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one site.')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith(`${BASE}/recipients`) || c.method === 'POST')).toBe(false);
  });

  it('checks the recipients, then sends with the count confirmed', async () => {
    const calls = serve();
    renderPage();
    const dialog = await openCompose();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'E-mail' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check recipients' }));
    expect(await within(dialog).findByText('It will reach 3 participants in the portal.')).toBeTruthy();
    expect(within(dialog).getByText(/E-mail: 2 — Not by E-mail: No e-mail address \(1\)/)).toBeTruthy();
    const asked = calls.find((c) => c.path === `${BASE}/recipients`)!;
    expect(Object.fromEntries(asked.query)).toMatchObject({ audience: 'STUDY', email: 'true', sms: 'false' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send to 3 participants' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      audience: 'STUDY',
      participantIds: [],
      siteIds: [],
      statuses: [],
      channels: { email: true, sms: false, push: false },
      subject: 'Clinic closed on Friday',
      body: 'Please come on Monday instead.',
      confirmedCount: 3,
    });
  });

  it('checks again after a change of audience or channels', async () => {
    serve();
    renderPage();
    const dialog = await openCompose();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check recipients' }));
    await within(dialog).findByRole('button', { name: 'Send to 3 participants' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Push' }));
    expect(within(dialog).queryByRole('button', { name: 'Send to 3 participants' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Check recipients' })).toBeTruthy();
  });

  it('shows a refusal in the dialog, the text kept, and asks for a new check', async () => {
    serve({
      answer: () =>
        json(
          {
            code: 'CONFLICT',
            message: 'The recipients changed since you checked them: 4 now instead of 3. Check them again, then send.',
            messageKey: 'messaging.countChanged',
            params: { count: 4, confirmed: 3 },
          },
          409,
        ),
    });
    renderPage();
    const dialog = await openCompose();
    fill(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check recipients' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send to 3 participants' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'The recipients changed since you checked them: 4 now instead of 3. Check them again, then send.',
    );
    expect((within(dialog).getByRole('textbox', { name: /^Subject/ }) as HTMLInputElement).value).toBe(
      'Clinic closed on Friday',
    );
    expect(within(dialog).getByRole('button', { name: 'Check recipients' })).toBeTruthy();
  });
});
