import '@trialpath/domain/staff-messages';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderApp } from '../../test-utils';
import { StatusChangeDialog } from './StatusChangeDialog';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const P = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function serve(answer: () => Response, history: unknown[] = []) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith(`/participants/${P}/status`) && init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)));
        return answer();
      }
      if (url.endsWith(`/participants/${P}/status-changes`)) return json({ status: 'SCREENFAILED', items: history });
      return json({}, 404);
    }),
  );
  return bodies;
}

const open = (status: string, onClose = () => {}) =>
  renderApp(
    <MemoryRouter initialEntries={[`/studies/${S}/participants`]}>
      <StatusChangeDialog
        studyId={S}
        participant={{ id: P, participantId: 'DEMO-US001-0001', status: status as 'ACTIVE' }}
        opened
        onClose={onClose}
      />
    </MemoryRouter>,
  );

const choose = async (label: string, option: string) => {
  fireEvent.click(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('participants');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the status change dialog (decision E-046)', { timeout: 20_000 }, () => {
  it('offers only the statuses allowed from the current one', async () => {
    serve(() => json({}));
    open('SCREENFAILED');
    fireEvent.click(screen.getByLabelText(/^New status/, { selector: 'input' }));
    const offered = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(offered).toEqual(['Screening']);
  });

  it('a way out asks a reason code and a reason, warns, and sends the status the person saw', async () => {
    const bodies = serve(() =>
      json({
        status: 'WITHDRAWSTUDY',
        change: {
          id: 'c1',
          fromStatus: 'ACTIVE',
          toStatus: 'WITHDRAWSTUDY',
          reasonCode: 'PARTICIPANT_DECISION',
          reason: 'Asked to stop',
          changedBy: 'Carlos Coordinator',
          changedAt: '2026-12-01T10:00:00.000Z',
        },
      }),
    );
    const onClose = vi.fn();
    open('ACTIVE', onClose);
    await choose('New status', 'Withdrawn from study');
    expect(screen.getByText(/The participant leaves the study/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('Choose a reason from the list.')).toBeTruthy();
    expect(screen.getByText('Write the reason for the change (at least 3 characters).')).toBeTruthy();
    expect(bodies).toHaveLength(0);
    await choose('Reason', "Participant's decision");
    fireEvent.change(screen.getByRole('textbox', { name: /^Reason for the change/ }), {
      target: { value: ' Asked to stop ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        status: 'WITHDRAWSTUDY',
        expectedStatus: 'ACTIVE',
        reason: 'Asked to stop',
        reasonCode: 'PARTICIPANT_DECISION',
      },
    ]);
  });

  it('a change made meanwhile by someone else is refused with the server’s words, the reason kept', async () => {
    serve(() =>
      json(
        {
          code: 'CONFLICT',
          message:
            "Someone changed this participant's status while you were working. Reload to see the current status.",
          messageKey: 'participants.statusChangedMeanwhile',
        },
        409,
      ),
    );
    open('ACTIVE');
    await choose('New status', 'Active with modification');
    fireEvent.change(screen.getByRole('textbox', { name: /^Reason for the change/ }), {
      target: { value: 'Schedule adapted' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change status' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      "Someone changed this participant's status while you were working. Reload to see the current status.",
    );
    expect((screen.getByRole('textbox', { name: /^Reason for the change/ }) as HTMLTextAreaElement).value).toBe(
      'Schedule adapted',
    );
  });

  it('shows the earlier changes, newest first, with their reasons and who made them', async () => {
    serve(
      () => json({}),
      [
        {
          id: 'c2',
          fromStatus: 'SCREENING',
          toStatus: 'SCREENFAILED',
          reasonCode: 'INCLUSION_NOT_MET',
          reason: 'HbA1c above the limit',
          changedBy: 'Carlos Coordinator',
          changedAt: '2026-12-01T10:00:00.000Z',
        },
        {
          id: 'c1',
          fromStatus: 'NOTINVITED',
          toStatus: 'SCREENING',
          reasonCode: null,
          reason: 'Screening visit booked',
          changedBy: 'Carlos Coordinator',
          changedAt: '2026-11-28T09:30:00.000Z',
        },
      ],
    );
    open('SCREENFAILED');
    const lines = await screen.findAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(
        /^Screening → Screen failed, by Carlos Coordinator on .+ — An inclusion criterion is not met: HbA1c above the limit$/,
      ),
      expect.stringMatching(/^Imported → Screening, by Carlos Coordinator on .+: Screening visit booked$/),
    ]);
  });

  it('a participant who left has no change to offer', () => {
    serve(() => json({}));
    open('WITHDRAWSTUDY');
    expect(
      screen.getByText('This participant has left the study: their status does not change any more.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
  });
});
