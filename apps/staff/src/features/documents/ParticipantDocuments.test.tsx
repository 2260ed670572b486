import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { storage } from '../../shared/storage';
import { renderApp } from '../../test-utils';
import { ParticipantDocumentsPage } from './ParticipantDocumentsPage';
import { ParticipantDocumentsPanel } from './ParticipantDocumentsPanel';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const D1 = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const D2 = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const HASH = 'a'.repeat(64);
const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const BASE = `/api/v1/studies/${S}/participant-documents`;

const allowed = {
  requestSignature: false,
  resend: false,
  cancelRequest: false,
  sendMail: false,
  requestPiSignature: false,
  piSign: false,
  invalidate: true,
};
function document(id: string, title: string, over: Record<string, unknown> = {}) {
  return {
    id,
    studyDocumentId: 'sd1',
    participant: { id: P, participantId: 'DEMO-US001-0001', name: 'Alex Morgan', siteId: 'site' },
    title,
    status: 'IN_PROGRESS',
    reqSignDate: '2026-12-05T10:00:00.000Z',
    piSignatureRequired: false,
    documentHash: HASH,
    nextSigner: 'PARTICIPANT',
    signatures: [],
    hasSignedPdf: false,
    isInvalidate: false,
    invalidatedAt: null,
    invalidatedBy: null,
    invalidateReason: null,
    inValidateDocumentId: null,
    replacedById: null,
    sentBy: 'Carlos Coordinator',
    createdAt: '2026-12-05T10:00:00.000Z',
    updatedAt: '2026-12-05T10:00:00.000Z',
    allowed: { ...allowed, resend: true, cancelRequest: true, sendMail: true },
    ...over,
  };
}

const items = [
  document(D1, 'Diary guide'),
  document(D2, 'Visit plan', {
    piSignatureRequired: true,
    nextSigner: 'PI',
    signatures: [
      {
        role: 'PARTICIPANT',
        printedName: 'Alex Morgan',
        signedAt: '2026-12-06T09:00:00.000Z',
        meaning: 'm',
        hasImage: true,
        documentHash: HASH,
      },
    ],
    allowed: { ...allowed, piSign: true },
  }),
];

/** The documents API: reads answer `items`; writes are recorded and answered by `answer` (or the document). */
function serve(answer?: (path: string) => Response) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  const queries: URLSearchParams[] = [];
  const f = vi.fn(async (url: string, init?: RequestInit) => {
    const [path = '', query = ''] = url.split('?');
    if (init?.method && init.method !== 'GET') {
      writes.push({ method: init.method, path, body: init.body ? JSON.parse(String(init.body)) : null });
      if (answer) return answer(path);
      if (path.endsWith('/invalidate')) return jsonResponse({ invalidated: items[0], resent: items[0] });
      return jsonResponse(items[0]);
    }
    if (path === `/api/v1/studies/${S}/participants/${P}/participant-documents`) return jsonResponse({ items });
    if (path === BASE) {
      queries.push(new URLSearchParams(query));
      return jsonResponse({ items, total: 2, page: 1, pageSize: 25 });
    }
    if (path.endsWith('/history'))
      return jsonResponse({
        items: [
          {
            id: 'e1',
            event: 'SENT',
            status: 'SIGNATURE_INIT',
            at: '2026-12-05T10:00:00.000Z',
            by: 'Carlos Coordinator',
            note: null,
          },
          {
            id: 'e2',
            event: 'DECLINED',
            status: 'RESET',
            at: '2026-12-05T11:00:00.000Z',
            by: 'DEMO-US001-0001',
            note: 'Later',
          },
        ],
      });
    if (url === '/api/v1/feature-flags') return jsonResponse({ customerId: 'c', flags: {} });
    return jsonResponse({}, 404);
  });
  vi.stubGlobal('fetch', f);
  return { writes, queries };
}

function renderPanel() {
  const router = createMemoryRouter(
    [
      {
        path: '/studies/:studyId/participants/:id',
        element: (
          <ParticipantDocumentsPanel
            studyId={S}
            participant={{ id: P, participantId: 'DEMO-US001-0001', siteId: 'site' }}
            canManage
          />
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [`/studies/${S}/participants/${P}`] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['documents'], 'Pi');

const rowOf = async (title: string) => {
  const table = await screen.findByRole('table', { name: 'Documents of DEMO-US001-0001' });
  return within(table).getByText(title).closest('tr')!;
};
const menuItem = async (title: string, item: string) => {
  fireEvent.click(within(await rowOf(title)).getByRole('button', { name: `Actions for ${title}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
};

function drawSignature() {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        scale: vi.fn(),
        beginPath: vi.fn(),
        moveTo: vi.fn(),
        lineTo: vi.fn(),
        stroke: vi.fn(),
        arc: vi.fn(),
        fill: vi.fn(),
        save: vi.fn(),
        restore: vi.fn(),
        setTransform: vi.fn(),
        clearRect: vi.fn(),
        drawImage: vi.fn(),
      }) as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => PNG);
  const pad = screen.getByTestId('signature-pad');
  fireEvent.pointerDown(pad, { pointerId: 1, clientX: 5, clientY: 5, button: 0 });
  fireEvent.pointerMove(pad, { pointerId: 1, clientX: 30, clientY: 20 });
  fireEvent.pointerUp(pad, { pointerId: 1 });
}

describe('the participant documents panel (E-008)', { timeout: 20_000 }, () => {
  it('lists the documents with their status, next signer and signatures; offers what the server allows', async () => {
    serve();
    renderPanel();
    const first = await rowOf('Diary guide');
    expect(within(first).getByText('Awaiting signature')).toBeTruthy();
    expect(within(first).getByText('Next: Participant')).toBeTruthy();
    const second = await rowOf('Visit plan');
    expect(within(second).getByText(/^Participant: Alex Morgan, /)).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Sign as investigator' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Sign as investigator' })).toBeNull();
    fireEvent.click(within(first).getByRole('button', { name: 'Actions for Diary guide' }));
    expect(await screen.findByRole('menuitem', { name: 'Resend request' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Cancel request' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Ask for signature' })).toBeNull();
  });

  it('resends and cancels a request (E-094) and e-mails the participant (E-097)', async () => {
    const { writes } = serve();
    renderPanel();
    await menuItem('Diary guide', 'Resend request');
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      path: `${BASE}/${D1}/request-signature`,
      body: { resend: true, cancelRequest: false },
    });
    await menuItem('Diary guide', 'Cancel request');
    await waitFor(() => expect(writes[1]?.body).toEqual({ resend: false, cancelRequest: true }));
    await menuItem('Diary guide', 'E-mail the participant');
    await waitFor(() => expect(writes[2]?.path).toBe(`${BASE}/${D1}/mail`));
  });

  it('invalidates with a reason and a resend (E-098); shows the history (E-093)', async () => {
    const { writes } = serve();
    renderPanel();
    await menuItem('Diary guide', 'Invalidate');
    const dialog = await screen.findByRole('dialog', { name: 'Invalidate Diary guide' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invalidate' }));
    expect(await within(dialog).findByText('Give a reason.')).toBeTruthy();
    expect(writes).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Reason for invalidating/), { target: { value: 'Wrong version' } });
    fireEvent.click(within(dialog).getByLabelText('Send the document again as a new document'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invalidate' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: `${BASE}/${D1}/invalidate`,
      body: { resendDocument: true, reason: 'Wrong version' },
    });
    await menuItem('Visit plan', 'History');
    const history = await screen.findByRole('dialog', { name: 'History of Visit plan' });
    expect(await within(history).findByText('Declined by the participant')).toBeTruthy();
    expect(within(history).getByText('Later')).toBeTruthy();
  });
});

describe('signing as investigator (E-095, E-109, E-110, A-039)', { timeout: 20_000 }, () => {
  it('cancelling after drawing asks with the spec’s text; No keeps the dialog, Yes closes it', async () => {
    serve();
    renderPanel();
    fireEvent.click(within(await rowOf('Visit plan')).getByRole('button', { name: 'Sign as investigator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Visit plan as investigator' });
    // nothing given yet: cancel closes at once
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign Visit plan as investigator' })).toBeNull());
    fireEvent.click(within(await rowOf('Visit plan')).getByRole('button', { name: 'Sign as investigator' }));
    const again = await screen.findByRole('dialog', { name: 'Sign Visit plan as investigator' });
    drawSignature();
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText("Are you sure you want to cancel? Any provided responses won't be saved."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.getByRole('dialog', { name: 'Sign Visit plan as investigator' })).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign Visit plan as investigator' })).toBeNull());
  });

  it('keeps the acquired signature in the stored item, sends it with the password, and clears it', async () => {
    const { writes } = serve();
    renderPanel();
    fireEvent.click(within(await rowOf('Visit plan')).getByRole('button', { name: 'Sign as investigator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Visit plan as investigator' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    expect(await within(dialog).findByText('Enter your password to sign.')).toBeTruthy();
    expect(writes).toHaveLength(0);
    drawSignature();
    expect(within(dialog).getByTestId('capture-state').textContent).toBe('Signature: IN_PROGRESS');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this signature' }));
    expect(within(dialog).getByTestId('capture-state').textContent).toBe('Signature: ACQUIRED');
    expect(storage.getSignature()).toEqual({ status: 'acquired', image: PNG });
    fireEvent.click(within(dialog).getByLabelText('I understand and accept what my signature means'));
    fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: 'Trialpath#1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      path: `${BASE}/${D2}/pi-signature`,
      body: { currentPassword: 'Trialpath#1', meaningAccepted: true, documentHash: HASH, drawnSignature: PNG },
    });
    await waitFor(() => expect(storage.getSignature()).toBeNull());
  });

  it('leaving the document with an acquired signature asks first and clears it (E-109)', async () => {
    serve();
    const router = renderPanel();
    fireEvent.click(within(await rowOf('Visit plan')).getByRole('button', { name: 'Sign as investigator' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign Visit plan as investigator' });
    drawSignature();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this signature' }));
    expect(storage.getSignature()?.status).toBe('acquired');
    void router.navigate('/elsewhere');
    expect(
      await screen.findByText("Are you sure you want to cancel? Any provided responses won't be saved."),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/studies/${S}/participants/${P}`);
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(storage.getSignature()).toBeNull();
  });
});

describe('the participant documents screen (E-021)', { timeout: 20_000 }, () => {
  it('lists the study’s documents with their participant, and keeps the status filter in the address', async () => {
    const { queries } = serve();
    const router = createMemoryRouter(
      [{ path: '/studies/:studyId/participant-documents', element: <ParticipantDocumentsPage /> }],
      { initialEntries: [`/studies/${S}/participant-documents`] },
    );
    renderApp(<RouterProvider router={router} />);
    const table = await screen.findByRole('table', { name: 'Participant documents' });
    expect(within(table).getAllByRole('link', { name: 'DEMO-US001-0001' })).toHaveLength(2);
    expect(queries[0]?.get('status')).toBe('ALL');
    fireEvent.click(screen.getByText('Invalidated'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=INVALIDATED'));
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('INVALIDATED'));
  });
});
