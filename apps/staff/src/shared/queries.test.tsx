import {
  createParticipantLabel,
  endpointKeyOf,
  getStudy,
  getStudyAnalytics,
  hashQueryKey,
  queryKeyOf,
} from '@trialpath/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test-utils';
import { api } from './api';
import { invalidateEndpoints, refreshAfterWrites, useEndpointQuery } from './queries';
import { storage } from './storage';

const A = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';

function StudyName() {
  const study = useEndpointQuery(getStudy, { params: { studyId: A } });
  return <p data-testid="name">{study.data?.name ?? '…'}</p>;
}

const studyOf = (name: string) => ({
  id: A,
  code: 'S',
  name,
  sponsorName: null,
  status: 'LIVE',
  isNewStudyConfigurator: false,
  color: null,
  languages: ['en'],
  sites: [],
});

/** The server answers by the Env header: the live study and its test twin are told apart by name. */
function serveByEnv() {
  const fetchSpy = vi.fn(async (_url: string, init?: RequestInit) => {
    const env = (init?.headers as Record<string, string>)?.env;
    return new Response(JSON.stringify(studyOf(env === 'test' ? 'Test data' : 'Live data')), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

beforeEach(() => {
  window.localStorage.clear();
  storage.setTokens('token', 'refresh');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('queries on the contract keys', () => {
  it('a live page and its test twin never share a cache entry', async () => {
    const fetchSpy = serveByEnv();
    const routes = [
      { path: '/studies/:studyId/dashboard', element: <StudyName /> },
      { path: '/studies/:studyId/test/dashboard', element: <StudyName /> },
    ];
    const router = createMemoryRouter(routes, { initialEntries: [`/studies/${A}/dashboard`] });
    window.location.hash = `#/studies/${A}/dashboard`;
    const { queryClient } = renderApp(<RouterProvider router={router} />);
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('Live data'));

    window.location.hash = `#/studies/${A}/test/dashboard`;
    await act(() => router.navigate(`/studies/${A}/test/dashboard`));
    // Not the live answer from the cache: the test twin's own entry, fetched with env: test.
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('Test data'));
    expect(fetchSpy).toHaveBeenCalledTimes(2);

    const live = queryClient.getQueryData(queryKeyOf(getStudy, { params: { studyId: A } }, 'LIVE'));
    const test = queryClient.getQueryData(queryKeyOf(getStudy, { params: { studyId: A } }, 'TEST'));
    expect(live).toMatchObject({ name: 'Live data' });
    expect(test).toMatchObject({ name: 'Test data' });
    const hashes = queryClient
      .getQueryCache()
      .findAll({ queryKey: endpointKeyOf(getStudy) })
      .map((q) => q.queryHash);
    expect(new Set(hashes).size).toBe(2);
    expect(hashQueryKey(queryKeyOf(getStudy, { params: { studyId: A } }, 'LIVE'))).not.toBe(
      hashQueryKey(queryKeyOf(getStudy, { params: { studyId: A } }, 'TEST')),
    );
  });

  it('invalidation by endpoint refreshes every entry of that endpoint', async () => {
    const fetchSpy = serveByEnv();
    const router = createMemoryRouter([{ path: '/studies/:studyId/dashboard', element: <StudyName /> }], {
      initialEntries: [`/studies/${A}/dashboard`],
    });
    window.location.hash = `#/studies/${A}/dashboard`;
    const { queryClient } = renderApp(<RouterProvider router={router} />);
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('Live data'));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await act(() => invalidateEndpoints(queryClient, getStudy));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
  });

  it('any write of the person marks the analytics stale, and only them (G-054, G-055)', async () => {
    const fetchSpy = vi.fn(
      async () => new Response(JSON.stringify({ id: 'l', name: 'x', color: 'blue' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const { queryClient } = renderApp(<p />);
    const analyticsKey = queryKeyOf(getStudyAnalytics, { params: { studyId: A } }, 'LIVE');
    const studyKey = queryKeyOf(getStudy, { params: { studyId: A } }, 'LIVE');
    queryClient.setQueryData(analyticsKey, { sites: [] });
    queryClient.setQueryData(studyKey, studyOf('Live data'));
    const stop = refreshAfterWrites(queryClient);
    try {
      await api.call(createParticipantLabel, { params: { studyId: A }, body: { name: 'x', color: 'blue' } });
      await waitFor(() => expect(queryClient.getQueryState(analyticsKey)?.isInvalidated).toBe(true));
      expect(queryClient.getQueryState(studyKey)?.isInvalidated).toBe(false);
    } finally {
      stop();
    }
  });
});
