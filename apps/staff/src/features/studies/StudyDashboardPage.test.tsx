import { cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../shared/storage';
import { renderApp } from '../../test-utils';
import { StudyDashboardPage } from './StudyDashboardPage';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const details = (name: string) => ({
  id: S,
  code: 'DEMO',
  name,
  sponsorName: null,
  status: 'LIVE',
  isNewStudyConfigurator: true,
  color: null,
  languages: ['en'],
  sites: [
    {
      id: 'x',
      siteId: 'US-001',
      name: 'Boston Research Center',
      siteSubType: 'CLINIC',
      countryId: 'US',
      countryName: 'United States',
    },
  ],
});

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/studies/:studyId/dashboard', element: <StudyDashboardPage /> }], {
    initialEntries: [`/studies/${S}/dashboard`],
  });
  return renderApp(<RouterProvider router={router} />);
}

function serveStudy(answer: () => Response) {
  const f = vi.fn(async (url: string) => {
    if (url === `/api/v1/studies/${S}`) return answer();
    if (url === '/api/v1/feature-flags') return new Response(JSON.stringify({ customerId: 'c', flags: {} }));
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', f);
  return f;
}

beforeEach(() => {
  window.localStorage.clear();
  storage.setTokens('t', 'r');
  storage.setUser({ id: 'u1', username: 'crc.demo' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('study details cached per study (A-177)', () => {
  it('stores the study details after the call, per study', async () => {
    serveStudy(() => new Response(JSON.stringify(details('Trialpath Demo Study'))));
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Trialpath Demo Study' })).toBeTruthy();
    await waitFor(() => expect(storage.getStudyDetails(S)).toMatchObject({ id: S, name: 'Trialpath Demo Study' }));
    expect(storage.getStudyDetails('another-study')).toBeNull();
    expect(storage.getStudySummary()).toEqual({ userId: 'u1', id: S, code: 'DEMO', name: 'Trialpath Demo Study' });
  });

  it('shows the cached details at once and keeps them when the call fails', async () => {
    storage.setStudyDetails(S, details('Cached Study Name'));
    const f = serveStudy(() => new Response(JSON.stringify({ code: 'X', message: 'down' }), { status: 400 }));
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Cached Study Name' })).toBeTruthy();
    await waitFor(() => expect(f.mock.calls.some(([u]) => u === `/api/v1/studies/${S}`)).toBe(true));
    expect(screen.getByRole('heading', { name: 'Cached Study Name' })).toBeTruthy();
    expect(storage.getStudyDetails(S)).toMatchObject({ name: 'Cached Study Name' });
  });

  it('replaces the cached details with the fresh ones', async () => {
    storage.setStudyDetails(S, details('Old Name'));
    serveStudy(() => new Response(JSON.stringify(details('New Name'))));
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'New Name' })).toBeTruthy();
    await waitFor(() => expect(storage.getStudyDetails(S)).toMatchObject({ name: 'New Name' }));
  });
});
