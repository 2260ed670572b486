import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { SiteDataLockPanel } from './SiteDataLockPanel';

const S = '0b6f1f5e-1d6c-4d39-9c43-5f1bfb0f2a11';
const SITE = '5d0a8c1e-2b3f-4a5d-8e6f-7a8b9c0d1e2f';
const BASE = `/api/v1/studies/${S}/sites/${SITE}/site-forms`;

function serve(mayLock: boolean) {
  const writes: { url: string; body: unknown }[] = [];
  let siteLock: null | { lockedBy: string; lockedAt: string } = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        writes.push({ url, body: JSON.parse(String(init.body)) });
        siteLock = url.endsWith('/lock')
          ? { lockedBy: 'Priya Investigator', lockedAt: '2026-12-02T10:00:00.000Z' }
          : null;
        return jsonResponse({ siteId: SITE, siteLock, entries: 3 });
      }
      if (url === `${BASE}/lock`) return jsonResponse({ siteId: SITE, siteLock, mayLock });
      if (url === '/api/v1/feature-flags') return jsonResponse({ customerId: 'c', flags: {} });
      return jsonResponse({}, 404);
    }),
  );
  return writes;
}

function renderPanel() {
  const router = createMemoryRouter([{ path: '*', element: <SiteDataLockPanel studyId={S} siteId={SITE} /> }], {
    initialEntries: [`/studies/${S}/research-team/research-site/${SITE}/view`],
  });
  renderApp(<RouterProvider router={router} />);
}

screenTestSetup(['edc'], 'Pi');

describe('the site’s form data lock (decision E-edc)', { timeout: 20_000 }, () => {
  it('locks the site’s data after a confirmation, then unlocks it with a reason', async () => {
    const writes = serve(true);
    renderPanel();
    expect(await screen.findByText('Open: the site’s forms can be entered and changed.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Lock the site’s data' }));
    const confirm = await screen.findByRole('dialog', { name: 'Lock the site’s form data' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Lock the site’s data' }));
    expect(await screen.findByText(/^Locked by Priya Investigator on /)).toBeTruthy();
    expect(writes[0]).toEqual({ url: `${BASE}/lock`, body: {} });

    fireEvent.click(screen.getByRole('button', { name: 'Unlock the site’s data' }));
    const unlock = await screen.findByRole('dialog', { name: 'Unlock the site’s form data' });
    fireEvent.click(within(unlock).getByRole('button', { name: 'Unlock the site’s data' }));
    expect(await within(unlock).findByText('Write the reason for unlocking.')).toBeTruthy();
    expect(writes).toHaveLength(1);
    fireEvent.change(within(unlock).getByRole('textbox', { name: /Reason for unlocking/ }), {
      target: { value: 'Query resolution' },
    });
    fireEvent.click(within(unlock).getByRole('button', { name: 'Unlock the site’s data' }));
    await waitFor(() => expect(writes[1]).toEqual({ url: `${BASE}/unlock`, body: { reason: 'Query resolution' } }));
    expect(await screen.findByText('Open: the site’s forms can be entered and changed.')).toBeTruthy();
  });

  it('shows the lock without the buttons to who may not change it', async () => {
    serve(false);
    renderPanel();
    expect(await screen.findByText('Open: the site’s forms can be entered and changed.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
