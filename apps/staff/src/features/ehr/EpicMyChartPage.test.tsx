import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { EpicMyChartPage } from './EpicMyChartPage';
import { LINK, LINK_PATH, S, serve } from './fixture.test-data';

function renderPage(path = `/studies/${S}/customize/epic-mychart`) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/customize/epic-mychart', element: <EpicMyChartPage /> },
      { path: '/studies/:studyId/test/customize/epic-mychart', element: <EpicMyChartPage /> },
    ],
    { initialEntries: [path] },
  );
  renderApp(<RouterProvider router={router} />);
}

screenTestSetup(['ehr'], 'StudyAdmin');

describe('customize/epic-mychart (H-037)', { timeout: 20_000 }, () => {
  it('shows the link without its secret and the redirect URI to register; saving sends the changes, a new secret only when typed', async () => {
    const calls = serve((c) => {
      if (c.path === LINK_PATH && c.method === 'GET') return jsonResponse(LINK);
      if (c.path === LINK_PATH && c.method === 'PUT') return jsonResponse({ ...LINK, displayName: 'MyChart' });
      return undefined;
    });
    renderPage();
    const name = await screen.findByLabelText('Name shown to participants');
    expect((screen.getByLabelText('FHIR base address') as HTMLInputElement).value).toBe(LINK.fhirBaseUrl);
    expect(screen.getByText('A secret is stored. Type a new one to replace it.')).toBeTruthy();
    expect((screen.getByLabelText('Client secret') as HTMLInputElement).value).toBe('');
    expect(screen.getByText(LINK.redirectUri)).toBeTruthy();

    fireEvent.change(name, { target: { value: 'MyChart' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Immunization' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toMatchObject({ displayName: 'MyChart', resourceTypes: ['Observation', 'Condition', 'Immunization'] });
    expect(put).not.toHaveProperty('clientSecret');
    await waitFor(() =>
      expect((screen.getByLabelText('Name shown to participants') as HTMLInputElement).value).toBe('MyChart'),
    );
  });

  it('shows the server’s field messages when the address is refused', async () => {
    serve((c) => {
      if (c.method === 'GET') return jsonResponse(LINK);
      return jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          fieldErrors: {
            fhirBaseUrl: ['Enter the FHIR base address as an https address (http only for this machine).'],
          },
        },
        400,
      );
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText('FHIR base address'), { target: { value: 'http://x.org/fhir' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      (await screen.findAllByText('Enter the FHIR base address as an https address (http only for this machine).'))
        .length,
    ).toBeGreaterThan(0);
  });

  it('Test runs discovery on the address typed and shows the endpoints found, or why not', async () => {
    const calls = serve((c) => {
      if (c.method === 'GET') return jsonResponse(LINK);
      if (c.path === `${LINK_PATH}/test`)
        return jsonResponse({
          ok: false,
          at: '2026-12-01T10:00:00.000Z',
          fhirBaseUrl: LINK.fhirBaseUrl,
          authorizationEndpoint: null,
          tokenEndpoint: null,
          issuer: null,
          capabilities: [],
          codeChallengeMethods: [],
          reason: 'the server answered HTTP 404',
        });
      return undefined;
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('SMART configuration not usable: the server answered HTTP 404')).toBeTruthy();
    expect(calls.find((c) => c.path === `${LINK_PATH}/test`)?.body).toEqual({ fhirBaseUrl: LINK.fhirBaseUrl });
  });

  it('is read-only in the test twin: no secret field, no Save or Test', async () => {
    serve((c) =>
      c.method === 'GET'
        ? jsonResponse({
            ...LINK,
            lastDiscovery: {
              ok: true,
              at: '2026-12-01T10:00:00.000Z',
              fhirBaseUrl: LINK.fhirBaseUrl,
              authorizationEndpoint: 'https://fhir.example.org/oauth2/authorize',
              tokenEndpoint: 'https://fhir.example.org/oauth2/token',
              issuer: null,
              capabilities: ['launch-standalone'],
              codeChallengeMethods: ['S256'],
              reason: null,
            },
          })
        : undefined,
    );
    renderPage(`/studies/${S}/test/customize/epic-mychart`);
    expect(
      await screen.findByText(
        'This is the test environment: the link is shown read-only. Change it on the live study.',
      ),
    ).toBeTruthy();
    expect(await screen.findByText('SMART configuration found')).toBeTruthy();
    expect(screen.queryByLabelText('Client secret')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });
});
