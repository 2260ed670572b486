import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerFeatureTexts } from '../../../i18n';
import { screenTestSetup } from '../../../screen-test-setup';
import { renderApp } from '../../../test-utils';
import { ChartCard, type ChartCardProps } from './ChartCard';
import { barOption } from './chart-options';

// The analytics feature is not registered yet: its texts are made loadable here, as app/features.ts will.
registerFeatureTexts([
  { id: 'analytics', texts: { en: () => import('../analytics.en'), es: () => import('../analytics.es') } },
]);
screenTestSetup(['analytics'], null);

// ECharts itself (not our code) made to fail on demand, as it does where the DOM cannot draw
const drawing = vi.hoisted(() => ({ fails: false }));
vi.mock('echarts/core', async (importOriginal) => {
  const real = await importOriginal<typeof import('echarts/core')>();
  return {
    ...real,
    init: (...args: Parameters<typeof real.init>) => {
      if (drawing.fails) throw new Error('no drawing surface');
      return real.init(...args);
    },
  };
});
afterEach(() => {
  vi.useRealTimers();
  drawing.fails = false;
});

const props: ChartCardProps = {
  title: 'Top 5 Site',
  header: ['Site', 'Number of Participants'],
  rows: [
    ['Boston', 12],
    ['=cmd', 3],
    ['Lima, Peru', null],
  ],
  option: barOption({
    bars: [
      { name: 'Boston', value: 12 },
      { name: 'Lima', value: 3 },
    ],
    valueAxisLabel: 'Number of Participants',
    categoryAxisLabel: 'Study Sites',
  }),
};

/** What saveFile (shared/download.ts) hands the browser: the file's bytes and the anchor's file name. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:chart';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

const text = async (blob: Blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());

describe('ChartCard', () => {
  it('shows the title as a heading of the given level, and the same data as a table on demand', async () => {
    renderApp(<ChartCard {...props} headingLevel={2} subtitle="Sites with the most participants" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Top 5 Site' })).toBeTruthy();
    expect(screen.getByText('Sites with the most participants')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Top 5 Site' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => [h.textContent, h.getAttribute('scope')])).toEqual([
      ['Site', 'col'],
      ['Number of Participants', 'col'],
    ]);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['Boston', '12'],
      ['=cmd', '3'],
      ['Lima, Peru', '–'],
    ]);

    const hide = screen.getByRole('button', { name: 'Hide table' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(hide);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show as table' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('hides the drawing from assistive technology (the table is its accessible form)', () => {
    renderApp(<ChartCard {...props} />);
    expect(screen.getByTestId('echart').getAttribute('aria-hidden')).toBe('true');
  });

  it('downloads the CSV of G-084 under Title_DDMMYYYYHHmmss.csv', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-03-05T15:04:09Z'));
    const { blobs, names } = captureDownloads();
    renderApp(<ChartCard {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));

    expect(names).toEqual(['Top_5_Site_05032024150409.csv']);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await text(blobs[0] as Blob)).toBe(
      '\uFEFFTop 5 Site,05032024150409\r\n' +
        'Site,Number of Participants\r\n' +
        'Boston,12\r\n' +
        "'=cmd,3\r\n" +
        '"Lima, Peru",\r\n',
    );
  });

  it('adds the first selected item to the file name (G-082)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-12-31T23:59:58Z'));
    const { names } = captureDownloads();
    renderApp(<ChartCard {...props} title="Status Analytics" firstSelected="New York" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(names).toEqual(['Status_Analytics_31122024235958_New_York.csv']);
  });

  it('with no data: says so instead of drawing, and offers no table and no download', async () => {
    const { names } = captureDownloads();
    renderApp(<ChartCard {...props} rows={[]} empty />);
    expect(await screen.findByText('No data for these filters')).toBeTruthy();
    expect(screen.queryByTestId('echart')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
    const download = screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement;
    expect(download.disabled).toBe(true);
    fireEvent.click(download);
    expect(names).toEqual([]);
  });

  it('while loading: a placeholder, announced, and nothing to download yet', async () => {
    renderApp(<ChartCard {...props} loading />);
    expect(await screen.findByText('Loading chart')).toBeTruthy();
    expect(screen.queryByTestId('echart')).toBeNull();
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('draws the option as SVG inside the hidden host, and frees the chart on unmount', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // ECharts: the test DOM has no layout, so no size
    const { unmount } = renderApp(<ChartCard {...props} />);
    const host = screen.getByTestId('echart');
    await waitFor(() => expect(host.querySelector('svg')?.textContent).toContain('Boston'));
    expect(getInstanceByDom(host)).toBeTruthy();
    unmount();
    expect(getInstanceByDom(host)).toBeUndefined();
  });

  it('where ECharts cannot draw (no canvas, a failed chunk): no drawing, the card stays usable', async () => {
    drawing.fails = true;
    renderApp(<ChartCard {...props} />);
    await waitFor(() => expect(screen.queryByTestId('echart')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('table', { name: 'Top 5 Site' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
