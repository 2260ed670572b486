// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getMyEhr, MyEhrSchema } from '@trialpath/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n';
import { queries } from '../../shared/data';
import { session } from '../../shared/portal';
import { demoSession } from '../../shared/test-session';
import { fakeServer, json, renderInStudy } from '../tasks/test-kit';
import { HealthRecordLink } from './HealthRecordLink';
import HealthRecordPage from './HealthRecordPage';

const STATUS = 'GET /api/v1/participant/ehr';
const START = 'POST /api/v1/participant/ehr/start';
const SYNC = 'POST /api/v1/participant/ehr/sync';
const DISCONNECT = 'DELETE /api/v1/participant/ehr';

/** An answer of GET /participant/ehr, checked against the contract. */
const ehr = (connection: Record<string, unknown> | null, offered = true) =>
  MyEhrSchema.parse({ offered, displayName: offered ? 'Epic MyChart' : null, connection });
const CONNECTED = ehr({
  status: 'CONNECTED',
  connectedAt: '2026-12-01T10:00:00.000Z',
  lastSyncAt: '2026-12-01T10:00:00.000Z',
  lastError: null,
  counts: { Patient: 1, Observation: 3, Condition: 1 },
});
const REVOKED = ehr({
  status: 'REVOKED',
  connectedAt: '2026-12-01T10:00:00.000Z',
  lastSyncAt: null,
  lastError: null,
  counts: {},
});

function serve(routes: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(() => {
  session.set(demoSession);
  queries.remove(getMyEhr);
  window.location.hash = '#/participants/web/DEMO/health-record';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('connect your health record (H-036; decision H-epic-mychart)', () => {
  it('Connect asks the server to start and sends the browser to the EHR’s sign-in', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, hash: '', assign } as Location);
    const server = serve({
      [STATUS]: json(200, ehr(null)),
      [START]: json(200, { authorizeUrl: 'https://fhir.example.org/oauth2/authorize?state=s' }),
    });
    renderInStudy(<HealthRecordPage />);
    expect(await screen.findByText(/receive your health records from Epic MyChart/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Connect Epic MyChart' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://fhir.example.org/oauth2/authorize?state=s'));
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/v1/participant/ehr/start',
    ]);
  });

  it('after the EHR sent the browser back: connected, what was received, Update now and Disconnect', async () => {
    window.location.hash = '#/participants/web/DEMO/health-record?ehr=connected';
    const server = serve({
      [STATUS]: [json(200, CONNECTED), json(200, CONNECTED), json(200, REVOKED)],
      [SYNC]: json(200, CONNECTED),
      [DISCONNECT]: json(200, REVOKED),
    });
    renderInStudy(<HealthRecordPage />);
    expect(await screen.findByText('Your health record is now connected. Thank you!')).toBeTruthy();
    expect(screen.getByText('Your health record is connected.')).toBeTruthy();
    expect(screen.getByText('5 records received.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    expect(await screen.findByText('Your health record is up to date.')).toBeTruthy();
    expect(server.calls.some((c) => `${c.method} ${c.url}` === SYNC)).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Your health record is disconnected.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Connect again' })).toBeTruthy();
    expect(server.calls.some((c) => `${c.method} ${c.url}` === DISCONNECT)).toBe(true);
  });

  it('a failed link says so with the EHR’s reason; a refused sync shows the server’s message', async () => {
    window.location.hash = '#/participants/web/DEMO/health-record?ehr=error';
    serve({
      [STATUS]: json(
        200,
        ehr({ status: 'ERROR', connectedAt: null, lastSyncAt: null, lastError: 'access_denied', counts: {} }),
      ),
    });
    renderInStudy(<HealthRecordPage />);
    expect(await screen.findByText('Your health record could not be connected. You can try again.')).toBeTruthy();
    expect(screen.getByText('The last attempt failed: access_denied')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Connect again' })).toBeTruthy();

    cleanup();
    queries.remove(getMyEhr);
    window.location.hash = '#/participants/web/DEMO/health-record';
    serve({
      [STATUS]: json(200, CONNECTED),
      [SYNC]: json(409, { code: 'CONFLICT', message: 'The health-record system refused the request: invalid_grant' }),
    });
    renderInStudy(<HealthRecordPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Update now' }));
    expect(await screen.findByText('The health-record system refused the request: invalid_grant')).toBeTruthy();
  });

  it('says so when the study does not link health records; home links to it only when offered', async () => {
    serve({ [STATUS]: json(200, ehr(null, false)) });
    renderInStudy(<HealthRecordPage />);
    expect(await screen.findByText('Your study does not link health records.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();

    cleanup();
    queries.remove(getMyEhr);
    serve({ [STATUS]: json(200, ehr(null)) });
    renderInStudy(<HealthRecordLink />);
    expect((await screen.findByRole('link', { name: 'Connect your health record' })).getAttribute('href')).toBe(
      '#/participants/web/DEMO/health-record',
    );
  });
});
