import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { ParticipantMessagesPanel } from './ParticipantMessagesPanel';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const LIST = `/api/v1/studies/${S}/participants/${P}/messages`;
const BASE = `/api/v1/studies/${S}/participant-messages`;

const item = (id: string, subject: string, over: Record<string, unknown> = {}) => ({
  id,
  subject,
  body: `${subject}: the text.`,
  sentAt: '2026-12-05T10:00:00.000Z',
  sentBy: { id: 'u1', name: 'Carlos Coordinator' },
  email: 'QUEUED',
  sms: 'NOT_OPTED_IN',
  push: 'NOT_CHOSEN',
  readAt: null,
  ...over,
});

function serve(items: unknown[]) {
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
      if (path === LIST) return json({ items });
      if (path === `${BASE}/recipients`)
        return json({
          total: 1,
          reach: { portal: 1, email: 0, sms: 0, push: 0 },
          skipped: { email: {}, sms: {}, push: {} },
          sample: [],
          identify: true,
        });
      if (path === BASE && method === 'POST')
        return json({
          id: 'm9',
          subject: 'Your visit',
          body: 'See you Monday.',
          sentAt: '2026-12-05T10:00:00.000Z',
          sentBy: { id: 'u1', name: 'Carlos Coordinator' },
          audience: 'PARTICIPANTS',
          sites: [],
          statuses: [],
          channels: { email: false, sms: false, push: false },
          recipients: 1,
          read: 0,
          reach: { portal: 1, email: 0, sms: 0, push: 0 },
        });
      return json({}, 404);
    }),
  );
  return calls;
}

const render = (mayManage = true) =>
  renderApp(
    <MemoryRouter>
      <ParticipantMessagesPanel
        studyId={S}
        participant={{ id: P, participantId: 'DEMO-US001-0001' }}
        mayManage={mayManage}
      />
    </MemoryRouter>,
  );

screenTestSetup(['messages', 'participants'], 'StudyCoordinator');

describe('a participant’s messages (E-015)', { timeout: 20_000 }, () => {
  it('lists them newest first with who sent them, each channel and whether they were read', async () => {
    serve([item('m2', 'Newer'), item('m1', 'Older', { readAt: '2026-12-06T09:00:00.000Z', sms: 'NOT_CHOSEN' })]);
    render();
    const list = await screen.findByRole('list', { name: 'Messages to this participant' });
    const [newer, older] = within(list).getAllByRole('listitem');
    expect(within(newer!).getByText('Newer')).toBeTruthy();
    expect(within(newer!).getByText('Not read yet')).toBeTruthy();
    expect(within(newer!).getByText('E-mail: Queued')).toBeTruthy();
    expect(within(newer!).getByText('Text (SMS): Not opted in to texts')).toBeTruthy();
    expect(within(newer!).queryByText(/^Push/)).toBeNull();
    expect(within(newer!).getByText(/^Carlos Coordinator, /)).toBeTruthy();
    expect(within(older!).getByText(/^Read /)).toBeTruthy();
  });

  it('says when there are none, and offers no sending to who may not manage participants', async () => {
    serve([]);
    render(false);
    expect(await screen.findByText('No messages sent to this participant yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send a message' })).toBeNull();
  });

  it('sends a message to this participant only', async () => {
    const calls = serve([]);
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message to DEMO-US001-0001' });
    expect(within(dialog).queryByRole('radio', { name: 'Whole study' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Subject/ }), { target: { value: 'Your visit' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Message/ }), {
      target: { value: 'See you Monday.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check recipients' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Send to 1 participant' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === `${BASE}/recipients`)?.query.get('participantIds')).toBe(P);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      audience: 'PARTICIPANTS',
      participantIds: [P],
      subject: 'Your visit',
      body: 'See you Monday.',
      confirmedCount: 1,
    });
  });
});
