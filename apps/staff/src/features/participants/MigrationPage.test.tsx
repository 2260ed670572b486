import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { MigrationPage } from './MigrationPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const SITE = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const V2 = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const P = (n: number) => `7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4${n}`;

const json = jsonResponse;
const entry = (n: number) => ({
  id: P(n),
  participantId: `DEMO-US001-000${n}`,
  participantName: null,
  firstName: null,
  lastName: null,
  email: null,
  siteId: SITE,
  siteName: 'Boston',
  siteCode: 'US-001',
  status: 'ACTIVE',
  consentStatus: 'SIGNED',
  source: 'WEB',
  versionId: null,
  versionName: 'v1',
  languageId: 'en',
  registrationDate: null,
  createdAt: '2026-03-05T10:00:00.000Z',
  labels: [],
});

/** The API: the list's query recorded, the move's body recorded, the status answered as done. */
function serve() {
  const calls: { lists: URLSearchParams[]; moves: unknown[]; polls: number } = { lists: [], moves: [], polls: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path, query = ''] = url.split('?');
      if (path === `/api/v1/studies/${S}/participant-list-options`)
        return json({
          sites: [],
          versions: [
            { id: V2, name: 'v2', number: 2, status: 'PUBLISHED' },
            { id: 'old', name: 'v0', number: 0, status: 'ARCHIVED' },
          ],
          labels: [],
          identify: false,
          manage: true,
        });
      if (path === `/api/v1/studies/${S}/participants`) {
        calls.lists.push(new URLSearchParams(query));
        return json({ items: [entry(1), entry(2)], total: 2, page: 1, pageSize: 100, identify: false });
      }
      if (path === `/api/v1/studies/${S}/participant-migrations`) {
        calls.moves.push(JSON.parse(String(init?.body)));
        return json({ moved: [{ id: P(1), participantId: 'DEMO-US001-0001' }] });
      }
      if (path === `/api/v1/studies/${S}/participant-migration-status`) {
        calls.polls++;
        const status = calls.polls < 3 ? 'INPROGRESS' : 'SUCCEEDED';
        return json({
          items: [
            {
              id: P(1),
              participantId: 'DEMO-US001-0001',
              versionId: V2,
              versionNumber: 2,
              job: { status, processed: status === 'SUCCEEDED' ? 1 : 0, total: 1 },
            },
          ],
        });
      }
      if (url === '/api/v1/feature-flags') return json({ customerId: 'c', flags: {} });
      return json({}, 404);
    }),
  );
  return calls;
}

screenTestSetup(['participants'], 'StudyCoordinator');

describe('the migration list (E-023, E-071, E-072, E-140…E-142)', { timeout: 20_000 }, () => {
  it('lists who is not on a published version, moves the chosen ones with a reason, then shows their progress', async () => {
    const calls = serve();
    const router = createMemoryRouter(
      [{ path: '/studies/:studyId/participants/migration', element: <MigrationPage /> }],
      { initialEntries: [`/studies/${S}/participants/migration`] },
    );
    renderApp(<RouterProvider router={router} />);
    const target = await screen.findByLabelText(/^Version to move to/, { selector: 'input' });
    fireEvent.click(target);
    expect(screen.queryByRole('option', { name: 'v0' })).toBeNull(); // archived: nobody moves onto it
    fireEvent.click(await screen.findByRole('option', { name: 'v2' }));
    const table = await screen.findByRole('table', { name: 'Participants who can move' });
    expect(calls.lists[0]?.get('excludeVersionId')).toBe(V2);
    expect(calls.lists[0]?.get('isForMigrationList')).toBe('true');
    fireEvent.click(within(table).getByRole('checkbox', { name: 'Select participant DEMO-US001-0001' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move 1 participant' }));
    expect(await screen.findByText('Give a reason of at least 3 characters.')).toBeTruthy();
    expect(calls.moves).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^Reason for the move/), { target: { value: 'Protocol amendment 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move 1 participant' }));
    await waitFor(() =>
      expect(calls.moves).toEqual([{ participantIds: [P(1)], versionId: V2, reason: 'Protocol amendment 2' }]),
    );
    // asked again every second while the move is in progress (E-140, E-141), no more once it has succeeded (E-142)
    const progress = await screen.findByRole('region', { name: 'Updating their tasks' });
    expect(await within(progress).findByText('Updating')).toBeTruthy();
    expect(await within(progress).findByText('Done', {}, { timeout: 5_000 })).toBeTruthy();
    expect(calls.polls).toBe(3);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(calls.polls).toBe(3);
  });
});
