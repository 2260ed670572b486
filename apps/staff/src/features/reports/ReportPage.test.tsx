import '@trialpath/domain/staff-messages';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, screenTestSetup } from '../../screen-test-setup';
import { renderApp } from '../../test-utils';
import { resultOf, S, serve, WEEKLY, WEEKLY_REPORT } from './fixture.test-data';
import { ReportPage } from './ReportPage';

const BASE = `/api/v1/studies/${S}/reports/${WEEKLY}`;

function renderReport(queryClient?: QueryClient) {
  const router = createMemoryRouter([{ path: '/studies/:studyId/reports/:reportId', element: <ReportPage /> }], {
    initialEntries: [`/studies/${S}/reports/${WEEKLY}`],
  });
  return renderApp(<RouterProvider router={router} />, queryClient);
}

/** The report, its result by page (`total` participants) and its CSV. */
function serveReport(total: number) {
  return serve((c) => {
    if (c.path === BASE) return jsonResponse(WEEKLY_REPORT);
    if (c.path === `${BASE}/result`) return jsonResponse(resultOf(total, Number(c.query.get('page') ?? 1)));
    if (c.path === `${BASE}/csv`)
      return new Response('Weekly status\r\nParticipant ID,Site\r\nP-1,Boston\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
    return undefined;
  });
}

/** What saveFile hands the browser: the file's bytes and the anchor's file name. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:report';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

screenTestSetup(['reports', 'participants'], 'StudyCoordinator');

describe('a saved report run on the current data (G-018)', { timeout: 20_000 }, () => {
  it('shows the report’s columns and rows under its name, the total and its summary', async () => {
    serveReport(2);
    renderReport();
    const table = await screen.findByRole('table', { name: 'Weekly status' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Participant ID', 'Site', 'Daily diary']);
    expect(cellsOf(table)).toEqual([
      ['P-1', 'Boston', '—'],
      ['P-2', 'Boston', '2'],
    ]);
    expect(screen.getByRole('heading', { name: 'Weekly status', level: 1 })).toBeTruthy();
    expect(screen.getByText('2 participants')).toBeTruthy();
    expect(screen.getByText(/^Generated at /)).toBeTruthy();
    expect(
      screen.getByText('1 site · Statuses: Active · registered from 2026-01-01 · 3 fields · 1 activity'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/studies/${S}/reports/${WEEKLY}/edit`,
    );
    // one page: no page buttons
    expect(screen.queryByRole('navigation', { name: 'Pages of the report' })).toBeNull();
  });

  it('pages through a report of more than 100 participants', async () => {
    const calls = serveReport(250);
    renderReport();
    const table = await screen.findByRole('table', { name: 'Weekly status' });
    expect(cellsOf(table)).toHaveLength(100);
    expect(screen.getByText('250 participants')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of the report' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    expect(within(pages).queryByRole('button', { name: 'Page 4' })).toBeNull();

    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(cellsOf(screen.getByRole('table'))[0]?.[0]).toBe('P-201'));
    expect(cellsOf(screen.getByRole('table'))).toHaveLength(50);
    const asked = calls.filter((c) => c.path === `${BASE}/result`).map((c) => c.query.toString());
    expect(asked).toEqual(['page=1&pageSize=100', 'page=3&pageSize=100']);
  });

  it('runs the report again at every opening and on Refresh', async () => {
    const calls = serveReport(2);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const first = renderReport(queryClient);
    await screen.findByRole('table', { name: 'Weekly status' });
    first.unmount();
    renderReport(queryClient);
    await screen.findByRole('table', { name: 'Weekly status' });
    const runs = () => calls.filter((c) => c.path === `${BASE}/result`).length;
    await waitFor(() => expect(runs()).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(runs()).toBe(3));
  });

  it('Download CSV asks for the report’s CSV and saves it as Report_name_<timestamp>.csv', async () => {
    const calls = serveReport(2);
    renderReport();
    await screen.findByRole('table', { name: 'Weekly status' });
    const saved = captureDownloads();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-21T10:31:09Z'));
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
      await waitFor(() => expect(saved.names).toEqual(['Weekly_status_21032026103109.csv']));
    } finally {
      vi.useRealTimers();
    }
    expect(calls.filter((c) => c.path.endsWith('/csv')).map((c) => c.path)).toEqual([`${BASE}/csv`]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved.blobs[0]!.arrayBuffer());
    expect(text).toBe('\uFEFFWeekly status\r\nParticipant ID,Site\r\nP-1,Boston\r\n');
  });

  it('a report that is not there says so', async () => {
    serve(() => undefined);
    renderReport();
    expect(await screen.findByText('There is no such report in this study.')).toBeTruthy();
  });
});
