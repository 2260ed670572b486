import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderApp } from '../../test-utils';
import { TransferRequestDialog } from './TransferRequestDialog';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const BOSTON = '6e1b9d2f-3c4a-4b6e-9f7a-8b9c0d1e2f3a';
const MADRID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const made = {
  id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  participant: { id: P, participantId: 'DEMO-US001-0003', name: 'Sam Patel', visible: true },
  fromSite: { id: BOSTON, name: 'Boston', siteCode: 'US-001' },
  toSite: { id: MADRID, name: 'Madrid', siteCode: 'ES-001' },
  status: 'PENDING',
  reason: 'Moving to Spain',
  requestedBy: 'Carlos Coordinator',
  requestedAt: '2026-12-05T10:00:00.000Z',
  reviewedBy: null,
  reviewedAt: null,
  reviewReason: null,
  mayReview: false,
  mayCancel: true,
};

/** The options (the other sites as given) and the request (its bodies recorded, answered by `answer`). */
function serve(sites: { id: string; name: string; siteCode: string }[], answer = () => json(made)) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === `/api/v1/studies/${S}/participants/${P}/transfer-options`)
        return json({ currentSite: { id: BOSTON, name: 'Boston', siteCode: 'US-001' }, sites });
      if (url === `/api/v1/studies/${S}/participants/${P}/site-transfers` && init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        return answer();
      }
      return json({}, 404);
    }),
  );
  return bodies;
}

const open = (handlers: { onClose?: () => void; onRequested?: () => void } = {}) =>
  renderApp(
    <MemoryRouter initialEntries={[`/studies/${S}/participants/${P}`]}>
      <TransferRequestDialog
        studyId={S}
        participant={{ id: P, participantId: 'DEMO-US001-0003' }}
        opened
        onClose={handlers.onClose ?? (() => {})}
        onRequested={handlers.onRequested ?? (() => {})}
      />
    </MemoryRouter>,
  );

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('transfers');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MADRID_SITE = { id: MADRID, name: 'Madrid', siteCode: 'ES-001' };

describe('asking for a site transfer (E-115)', { timeout: 20_000 }, () => {
  it('asks the new site and a reason before anything is sent, then asks for the transfer', async () => {
    const bodies = serve([MADRID_SITE]);
    const onClose = vi.fn();
    const onRequested = vi.fn();
    open({ onClose, onRequested });
    expect(await screen.findByText(/^Now at Boston \(US-001\)\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ask for the transfer' }));
    expect(await screen.findByText('Choose the site the participant moves to.')).toBeTruthy();
    expect(screen.getByText('Write the reason (at least 3 characters).')).toBeTruthy();
    expect(bodies).toEqual([]);
    fireEvent.click(screen.getByLabelText(/^New site/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Madrid (ES-001)' }));
    fireEvent.change(screen.getByRole('textbox', { name: /^Reason for the transfer/ }), {
      target: { value: ' Moving to Spain ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for the transfer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onRequested).toHaveBeenCalled();
    expect(bodies).toEqual([{ toSiteId: MADRID, reason: 'Moving to Spain' }]);
  });

  it('says so when no other site takes participants', async () => {
    serve([]);
    open();
    expect(
      await screen.findByText('No other site of the study takes participants in this data space now.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for the transfer' })).toBeNull();
  });

  it('shows the server’s refusal, the choice and reason kept', async () => {
    serve([MADRID_SITE], () =>
      json(
        {
          code: 'CONFLICT',
          message:
            'This participant already has a transfer to Madrid waiting for review. Cancel it before asking for another.',
          messageKey: 'participants.transfer.alreadyPending',
          params: { site: 'Madrid' },
        },
        409,
      ),
    );
    const onClose = vi.fn();
    open({ onClose });
    await screen.findByText(/^Now at Boston/);
    fireEvent.click(screen.getByLabelText(/^New site/, { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Madrid (ES-001)' }));
    const reason = screen.getByRole('textbox', { name: /^Reason for the transfer/ });
    fireEvent.change(reason, { target: { value: 'Moving to Spain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for the transfer' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This participant already has a transfer to Madrid waiting for review. Cancel it before asking for another.',
    );
    expect((reason as HTMLTextAreaElement).value).toBe('Moving to Spain');
    expect(onClose).not.toHaveBeenCalled();
  });
});
