import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ExportJob, ExportJobSchema } from '@trialpath/contract';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { ComplianceExportPage, DataExportPage, ExportJobPage } from './pages';

const S = '99999999-9999-4999-8999-999999999999';
const BOSTON = '11111111-1111-4111-8111-111111111111';
const MADRID = '22222222-2222-4222-8222-222222222222';
const JOB = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BASE = `/api/v1/studies/${S}/exports`;

const OPTIONS = {
  study: { id: S, code: 'DEMO', name: 'Demo study' },
  sites: [
    { id: BOSTON, code: 'US-001', name: 'Boston' },
    { id: MADRID, code: 'ES-001', name: 'Madrid' },
  ],
  activities: [{ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', name: 'Daily diary' }],
  formats: ['ODM', 'FHIR', 'DATASET_JSON'],
};

const job = (over: Partial<ExportJob> = {}): ExportJob =>
  ExportJobSchema.parse({
    id: JOB,
    kind: 'STUDY_DATA',
    formats: [],
    filters: {},
    status: 'RUNNING',
    rowsDone: 40,
    rowsTotal: 100,
    percent: 40,
    fileName: null,
    byteSize: null,
    sha256: null,
    error: null,
    requestedBy: { id: 'u1', name: 'Dana Manager' },
    createdAt: '2026-12-01T09:00:00.000Z',
    finishedAt: null,
    expiresAt: null,
    expired: false,
    ...over,
  });
const READY = job({
  status: 'SUCCEEDED',
  rowsDone: 100,
  percent: 100,
  fileName: 'DEMO_study-data_LIVE_20261201T090000Z.zip',
  byteSize: 2048,
  sha256: 'ab'.repeat(32),
  expiresAt: '2026-12-02T09:00:00.000Z',
  finishedAt: '2026-12-01T09:00:02.000Z',
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}
function serve(answer: (c: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const c: Call = {
        method: init?.method ?? 'GET',
        path: url.split('?')[0] ?? '',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(c);
      if (c.path === `${BASE}/filters`) return jsonResponse(OPTIONS);
      return answer(c) ?? jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
    }),
  );
  return calls;
}

function render(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/studies/:studyId/data-export', element: <DataExportPage /> },
      { path: '/studies/:studyId/test/data-export', element: <DataExportPage /> },
      { path: '/studies/:studyId/compliance-report-export', element: <ComplianceExportPage /> },
      { path: '/studies/:studyId/data-export/:token/resourceId/:resourceId', element: <ExportJobPage /> },
      { path: '/studies/:studyId/test/data-export/:token/resourceId/:resourceId', element: <ExportJobPage /> },
      { path: '/studies/:studyId/report-data-export/resources/:resourceId', element: <ExportJobPage /> },
    ],
    { initialEntries: [path] },
  );
  renderApp(<RouterProvider router={router} />);
  return router;
}

screenTestSetup(['exports'], 'StudyAdmin');

describe('the data export screen (H-001, H-007…H-009)', { timeout: 20_000 }, () => {
  it('sends the chosen site, compliance range and formats, then opens the export’s page by its link', async () => {
    const calls = serve((c) => {
      if (c.path === BASE && c.method === 'GET') return jsonResponse({ items: [] });
      if (c.path === BASE && c.method === 'POST')
        return jsonResponse({
          ...job({ status: 'QUEUED', percent: null, rowsTotal: null, rowsDone: 0 }),
          token: 'tok-123456789012345678',
        });
      return undefined;
    });
    const router = render(`/studies/${S}/data-export`);
    await screen.findByDisplayValue('DEMO — Demo study');
    fireEvent.click(screen.getByRole('combobox', { name: 'Sites' }));
    fireEvent.click(await screen.findByRole('option', { name: 'US-001 — Boston' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Only participants within a compliance range' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Lowest compliance (%)' }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /CDISC ODM 1\.3\.2/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      kind: 'STUDY_DATA',
      formats: ['ODM'],
      filters: { siteIds: [BOSTON], compliance: { min: 50, max: 100 } },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/studies/${S}/data-export/tok-123456789012345678/resourceId/${JOB}`),
    );
  });

  it('names a wrong range at its field and sends nothing', async () => {
    const calls = serve((c) => (c.path === BASE ? jsonResponse({ items: [] }) : undefined));
    render(`/studies/${S}/compliance-report-export`);
    await screen.findByDisplayValue('DEMO — Demo study');
    fireEvent.change(screen.getByRole('textbox', { name: 'Lowest compliance (%)' }), { target: { value: '80' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Highest compliance (%)' }), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('The highest compliance must not be lower than the lowest.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('in the test twin shows the filters and exports without any action button (A-008)', async () => {
    serve((c) => (c.path === BASE ? jsonResponse({ items: [READY] }) : undefined));
    render(`/studies/${S}/test/data-export`);
    await screen.findByDisplayValue('DEMO — Demo study');
    const table = await screen.findByRole('table', { name: 'Your exports' });
    expect(within(table).getByText(/DEMO_study-data_LIVE/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(screen.getByText('Test environment: exports are made from the live study only.')).toBeTruthy();
  });
});

describe('the page of one export (H-003, H-004)', { timeout: 20_000 }, () => {
  it('shows the progress while it is made, then the file and its Download by the link’s token', async () => {
    let current = job();
    const calls = serve((c) =>
      c.path === `${BASE}/${JOB}`
        ? jsonResponse(current)
        : c.path.endsWith('/file/tok-123456789012345678')
          ? new Response('zip', { status: 200, headers: { 'content-type': 'application/zip' } })
          : undefined,
    );
    const saved = vi.fn();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => {
          saved();
          return 'blob:x';
        },
        revokeObjectURL: () => {},
      }),
    );
    render(`/studies/${S}/data-export/tok-123456789012345678/resourceId/${JOB}`);
    expect(await screen.findByText('40 of 100 rows (40%)')).toBeTruthy();
    current = READY;
    expect(await screen.findByText('Your export is ready.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/SHA-256: abab/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Download ${READY.fileName}` }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/file/tok-123456789012345678'))).toBe(true),
    );
  });

  it('says when the link has expired or the export failed, with no Download', async () => {
    serve((c) => (c.path === `${BASE}/${JOB}` ? jsonResponse({ ...READY, expired: true }) : undefined));
    render(`/studies/${S}/report-data-export/resources/${JOB}`);
    expect(await screen.findByText('This link has expired. Run the export again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('in the test twin shows the file without its Download (A-008)', async () => {
    serve((c) => (c.path === `${BASE}/${JOB}` ? jsonResponse(READY) : undefined));
    render(`/studies/${S}/test/data-export/tok-123456789012345678/resourceId/${JOB}`);
    expect(await screen.findByText('Your export is ready.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });
});
