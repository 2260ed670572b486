import { cleanup, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../shared/lazy';
import { renderApp } from '../test-utils';
import { RouteError } from './RouteError';

// The texts, written out so a changed catalogue entry or swapped branches fail (000 §8.2).
const CHUNK = 'Part of the application failed to load. Please reload the page.';
const GENERIC = 'An unexpected error occurred while showing this page.';

/** What a lazy page (lazyPage) does when its chunk cannot be loaded: it throws ChunkLoadError while rendering. */
function FailingLazyPage(): never {
  throw new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module'));
}

function renderFailing(fail: { loader?: () => never; Component?: () => never }) {
  const router = createMemoryRouter([{ path: '/', errorElement: <RouteError />, ...fail }], { initialEntries: ['/'] });
  renderApp(<RouterProvider router={router} />);
}

// The router logs the caught errors; they are what the tests throw.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('route error screen (A-195)', () => {
  it('shows the chunk-loading message when a route loader throws ChunkLoadError', async () => {
    renderFailing({
      loader: () => {
        throw new ChunkLoadError('timeout');
      },
    });
    expect(await screen.findByText(CHUNK)).toBeTruthy();
    expect(screen.queryByText(GENERIC)).toBeNull();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
  });

  it('shows the chunk-loading message when a lazy page fails while rendering', async () => {
    renderFailing({ Component: FailingLazyPage });
    expect(await screen.findByText(CHUNK)).toBeTruthy();
  });

  it('shows the generic message for any other error', async () => {
    renderFailing({
      loader: () => {
        throw new Error('boom');
      },
    });
    expect(await screen.findByText(GENERIC)).toBeTruthy();
    expect(screen.queryByText(CHUNK)).toBeNull();
  });
});
