import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { InviteAllDialog } from './InviteAllDialog';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const A = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c41';
const B = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c42';

screenTestSetup(['participants']);

describe('inviting everyone not invited yet (E-073, E-082)', { timeout: 20_000 }, () => {
  it('says how many can be invited now and why the others cannot, then invites those in one batch', async () => {
    const invited: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === `/api/v1/studies/${S}/participants-not-invited`)
          return jsonResponse({
            items: [
              { id: A, participantId: 'DEMO-US001-0011', participantName: null, email: null, invitable: true },
              { id: B, participantId: 'DEMO-US001-0012', participantName: null, email: null, invitable: false },
            ],
            more: false,
          });
        if (url === `/api/v1/studies/${S}/participant-invitations`) {
          invited.push(JSON.parse(String(init?.body)));
          return jsonResponse({ invited: [{ id: A, participantId: 'DEMO-US001-0011' }], refused: [] });
        }
        return jsonResponse({}, 404);
      }),
    );
    const onClose = vi.fn();
    renderApp(
      <MemoryRouter>
        <InviteAllDialog studyId={S} opened onClose={onClose} />
      </MemoryRouter>,
    );
    expect(await screen.findByText('1 participant added at your sites can be invited now.')).toBeTruthy();
    expect(screen.getByText('1 other has no e-mail address or asked for no e-mail.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite 1 participant' }));
    await waitFor(() => expect(invited).toEqual([{ participantIds: [A] }]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
