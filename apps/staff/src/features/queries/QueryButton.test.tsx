import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { QueryButton } from './QueryButton';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '1c7a2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const R = '2d8b3c4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const Q = '3e9c4d5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
const TARGET = `/api/v1/studies/${S}/query-targets/response/${R}/queries`;
const ONE = `/api/v1/studies/${S}/queries/${Q}`;

function query(over: Record<string, unknown> = {}) {
  const message = {
    id: 'm1',
    kind: 'OPEN',
    text: 'Weight 250 kg looks wrong',
    statusAfter: 'OPEN',
    author: 'Clara Monitor',
    at: '2026-12-05T10:00:00.000Z',
  };
  return {
    id: Q,
    status: 'OPEN',
    targetKind: 'response',
    targetId: R,
    targetKey: R,
    item: 'weight',
    itemText: { en: 'Weight (kg)' },
    activity: { id: 'a1', title: { en: 'Daily diary' } },
    participant: { id: P, participantId: 'DEMO-US001-0001' },
    site: { id: 's1', name: 'Boston' },
    openedBy: 'Clara Monitor',
    openedAt: '2026-12-05T10:00:00.000Z',
    updatedAt: '2026-12-05T10:00:00.000Z',
    closedBy: null,
    closedAt: null,
    assignedRole: null,
    lastMessage: message,
    messageCount: 1,
    may: { statuses: ['RESPONDED'], comment: true },
    messages: [message],
    ...over,
  };
}

/** The target's queries, one query's thread, and the writes (bodies recorded, answered by `answer`). */
function serve(o: { items?: unknown[]; mayRaise?: boolean; answer?: (path: string) => Response } = {}) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    const [path = ''] = url.split('?');
    if (init?.method === 'PUT' || init?.method === 'POST') {
      writes.push({ method: init.method, path, body: JSON.parse(String(init.body)) });
      return o.answer ? o.answer(path) : jsonResponse(query({ status: 'RESPONDED' }));
    }
    if (path === TARGET) return jsonResponse({ items: o.items ?? [query()], mayRaise: o.mayRaise ?? false });
    if (path === ONE) return jsonResponse(query());
    if (url === '/api/v1/feature-flags') return jsonResponse({ customerId: 'c', flags: {} });
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', f);
  return { writes };
}

function renderButton() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <QueryButton
            studyId={S}
            participantId={P}
            targetKind="response"
            targetId={R}
            item="weight"
            itemLabel="Weight (kg)"
          />
        ),
      },
    ],
    { initialEntries: [`/studies/${S}/participants/${P}/responses/${R}`] },
  );
  renderApp(<RouterProvider router={router} />);
}

screenTestSetup(['queries'], 'StudyCoordinator');

describe('the query button next to an answer', { timeout: 20_000 }, () => {
  it('shows the open query and lets site staff respond from its thread, with the status they saw', async () => {
    const { writes } = serve();
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Queries on Weight (kg): Open' }));
    const drawer = await screen.findByRole('dialog', { name: 'Queries on Weight (kg)' });
    expect(await within(drawer).findByText('Weight 250 kg looks wrong')).toBeTruthy();
    // the server says the site may respond and write a note, not close
    expect(within(drawer).queryByRole('button', { name: 'Close query' })).toBeNull();
    fireEvent.change(within(drawer).getByLabelText('Message'), { target: { value: 'Typo: 25 kg' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send response' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: ONE,
      body: { status: 'RESPONDED', expectedStatus: 'OPEN', text: 'Typo: 25 kg' },
    });
  });

  it("keeps a refusal in the drawer with the server's words", async () => {
    serve({
      answer: () =>
        jsonResponse(
          {
            code: 'CONFLICT',
            message: 'Someone changed this query meanwhile: it is now CLOSED. Read the thread again and retry.',
          },
          409,
        ),
    });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Queries on Weight (kg): Open' }));
    const drawer = await screen.findByRole('dialog', { name: 'Queries on Weight (kg)' });
    fireEvent.change(await within(drawer).findByLabelText('Message'), { target: { value: 'Done' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Send response' }));
    expect((await within(drawer).findByRole('alert')).textContent).toBe(
      'Someone changed this query meanwhile: it is now CLOSED. Read the thread again and retry.',
    );
  });

  it('offers a monitor a new query when none is open, and sends the answer it is about', async () => {
    const { writes } = serve({ items: [], mayRaise: true, answer: () => jsonResponse(query()) });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Raise a query on Weight (kg)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Queries on Weight (kg)' });
    fireEvent.change(within(drawer).getByLabelText(/What needs checking/), {
      target: { value: 'Please check the source' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Raise query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: `/api/v1/studies/${S}/queries`,
      body: { targetKind: 'response', targetId: R, item: 'weight', text: 'Please check the source' },
    });
  });

  it('assigns the new query to a role of the site team when chosen (decision E-queries, addendum)', async () => {
    const { writes } = serve({ items: [], mayRaise: true, answer: () => jsonResponse(query()) });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Raise a query on Weight (kg)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Queries on Weight (kg)' });
    fireEvent.change(within(drawer).getByLabelText(/What needs checking/), { target: { value: 'Please check' } });
    const assign = within(drawer).getByRole('combobox', { name: 'Who answers it' });
    expect(
      within(assign)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('The site team');
    fireEvent.change(assign, { target: { value: 'Pi' } });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Raise query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({
      targetKind: 'response',
      targetId: R,
      item: 'weight',
      text: 'Please check',
      assignedRole: 'Pi',
    });
  });

  it('shows nothing to someone who may not raise one when the answer has no query', async () => {
    serve({ items: [], mayRaise: false });
    renderButton();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a closed query shows as a count; its thread offers the monitor to reopen it', async () => {
    const closed = query({
      status: 'CLOSED',
      closedBy: 'Clara Monitor',
      closedAt: '2026-12-06T10:00:00.000Z',
      may: { statuses: ['OPEN'], comment: false },
    });
    serve({ items: [closed], mayRaise: true });
    vi.mocked(fetch).mockImplementation(async (url) => {
      const path = String(url).split('?')[0];
      if (path === TARGET) return jsonResponse({ items: [closed], mayRaise: true });
      if (path === ONE) return jsonResponse({ ...closed, messages: closed.messages });
      return jsonResponse({}, 404);
    });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Queries on Weight (kg): 1 closed' }));
    const drawer = await screen.findByRole('dialog', { name: 'Queries on Weight (kg)' });
    expect(await within(drawer).findByRole('button', { name: 'Reopen query' })).toBeTruthy();
    // a new query may be raised while none is active
    expect(within(drawer).getByRole('button', { name: 'Raise query' })).toBeTruthy();
  });
});
