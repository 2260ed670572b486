import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup, signInAs } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { CONFIG_OFF, CONFIG_ON, S, serve, TOKENS } from './fixture.test-data';
import { LinkagePage } from './LinkagePage';

const BASE = `/api/v1/studies/${S}/datavant`;

function renderPage(path = `/studies/${S}/datavant`) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/datavant', element: <LinkagePage /> },
      { path: '/studies/:studyId/test/datavant', element: <LinkagePage /> },
    ],
    { initialEntries: [path] },
  );
  renderApp(<RouterProvider router={router} />);
}

screenTestSetup(['linkage'], 'StudyAdmin');

describe('the Datavant linkage page (H-024…H-029)', { timeout: 20_000 }, () => {
  it('turns tokens on with a dataset configuration name and kinds, then lists the tokens', async () => {
    let config = CONFIG_OFF;
    const calls = serve((c) => {
      if (c.path === `${BASE}/configuration` && c.method === 'PUT') {
        config = { ...CONFIG_ON, tokenTypes: ['T1', 'T2', 'T3'] };
        return jsonResponse(config);
      }
      if (c.path === `${BASE}/configuration`) return jsonResponse(config);
      if (c.path === `${BASE}/tokens`) return jsonResponse(config.enabled ? TOKENS : { ...TOKENS, enabled: false });
      return undefined;
    });
    renderPage();
    const toggle = await screen.findByRole('switch', { name: /Make linkage tokens for this study/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(await screen.findByText('Linkage tokens are off for this study.')).toBeTruthy();
    expect(screen.getByText('No key yet: it is made when the configuration is first saved.')).toBeTruthy();

    fireEvent.click(toggle);
    fireEvent.change(screen.getByRole('textbox', { name: /Dataset configuration name/ }), {
      target: { value: 'DEMO linkage' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: /^T3:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      enabled: true,
      datasetName: 'DEMO linkage',
      tokenTypes: ['T1', 'T2', 'T3'],
    });
    const table = await screen.findByRole('table', { name: 'Linkage tokens' });
    expect(within(table).getByText('1KNSS2DuDkHdUbowwuwkEDainIJT6hU9YNGVatpkWAU')).toBeTruthy();
    expect(within(table).getByText('Not made: sex, date of birth missing')).toBeTruthy();
    expect(within(table).getByText('Not made: last name, first name, date of birth missing')).toBeTruthy();
  });

  it('shows the server’s field message beside the dataset name when it refuses the save', async () => {
    serve((c) => {
      if (c.path === `${BASE}/configuration` && c.method === 'PUT')
        return jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            message: 'Check the highlighted fields.',
            fieldErrors: {
              datasetName: ['Give the dataset configuration name the linkage partner knows this data by.'],
            },
          },
          400,
        );
      if (c.path === `${BASE}/configuration`) return jsonResponse(CONFIG_OFF);
      if (c.path === `${BASE}/tokens`) return jsonResponse({ ...TOKENS, enabled: false });
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: /Make linkage tokens/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save configuration' }));
    expect(
      await screen.findByText('Give the dataset configuration name the linkage partner knows this data by.'),
    ).toBeTruthy();
  });

  it('replaces the key only after ROTATE is typed, with a key agreed with the partner when given', async () => {
    const calls = serve((c) => {
      if (c.path === `${BASE}/key`) return jsonResponse(CONFIG_ON);
      if (c.path === `${BASE}/configuration`) return jsonResponse(CONFIG_ON);
      if (c.path === `${BASE}/tokens`) return jsonResponse(TOKENS);
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Replace key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the linkage key' });
    const confirm = within(dialog).getByRole('button', { name: 'Replace key' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Type ROTATE to confirm' }), {
      target: { value: 'ROTATE' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Key agreed with the linkage partner/ }), {
      target: { value: 'ab'.repeat(32) },
    });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === `${BASE}/key`)).toEqual({
      method: 'POST',
      path: `${BASE}/key`,
      body: { confirmation: 'ROTATE', sharedKey: 'ab'.repeat(32) },
    });
  });

  it('downloads the token list as CSV for the linkage partner', async () => {
    const csv = 'dataset_configuration,participant_code,site_code,token_T1,token_T2\r\n';
    const calls = serve((c) => {
      if (c.path === `${BASE}/tokens/csv`) return new Response(csv, { headers: { 'content-type': 'text/csv' } });
      if (c.path === `${BASE}/configuration`) return jsonResponse(CONFIG_ON);
      if (c.path === `${BASE}/tokens`) return jsonResponse(TOKENS);
      return undefined;
    });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(calls.find((c) => c.path === `${BASE}/tokens/csv`)?.method).toBe('POST');
    expect(await blobs[0]!.text()).toBe(csv);
  });

  it('the test twin shows the test data space read only: no save, key or download buttons', async () => {
    serve((c) => {
      if (c.path === `${BASE}/configuration`) return jsonResponse(CONFIG_ON);
      if (c.path === `${BASE}/tokens`) return jsonResponse(TOKENS);
      return undefined;
    });
    renderPage(`/studies/${S}/test/datavant`);
    await screen.findByRole('table', { name: 'Linkage tokens' });
    expect(
      screen.getByText(/Test environment: the test data space’s configuration and tokens, read only/),
    ).toBeTruthy();
    expect(((await screen.findByRole('switch', { name: /Make linkage tokens/ })) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Save configuration' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Replace key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
  });

  it('a role that may export but not design sees the token list only', async () => {
    signInAs('Biostatistics');
    const calls = serve((c) => (c.path === `${BASE}/tokens` ? jsonResponse(TOKENS) : undefined));
    renderPage();
    await screen.findByRole('table', { name: 'Linkage tokens' });
    expect(screen.queryByRole('heading', { name: 'Configuration' })).toBeNull();
    expect(calls.some((c) => c.path === `${BASE}/configuration`)).toBe(false);
  });
});
