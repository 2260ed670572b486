import { describe, expect, it } from 'vitest';
import { barOption, lineOption, pieOption, rangeTooltip, stackedBarOption, type ChartOption } from './chart-options';

// Expected values are written out (not computed with the domain's functions) so a change of rule shows here.
const BLUE = '#0072B2'; // CHART_PALETTE[0]
const VERMILLION = '#D55E00'; // CHART_PALETTE[1]
const GREEN = '#009E73'; // CHART_PALETTE[2]

type Loose = Record<string, unknown> & { data?: unknown[] };
const one = (v: unknown) => (Array.isArray(v) ? v[0] : v) as Loose;
const xAxis = (o: ChartOption) => one(o.xAxis);
const yAxis = (o: ChartOption) => one(o.yAxis);
const series = (o: ChartOption) => (Array.isArray(o.series) ? o.series : [o.series]) as Loose[];
const zoom = (o: ChartOption) => (o.dataZoom ?? []) as Loose[];
const bars = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `Site ${String(i).padStart(2, '0')}`, value: i }));
const labels = { valueAxisLabel: 'Number of Participants', categoryAxisLabel: 'Study Sites' };

describe('barOption', () => {
  it('sorts bars by value, highest first, then by name (G-063); no value goes last', () => {
    const o = barOption({
      ...labels,
      bars: [
        { name: 'beta', value: 2 },
        { name: 'none', value: null },
        { name: 'Gamma', value: 5 },
        { name: 'alpha', value: 2 },
      ],
    });
    expect(xAxis(o).data).toEqual(['Gamma', 'alpha', 'beta', 'none']);
    expect(series(o)[0]?.data).toMatchObject([
      { name: 'Gamma', value: 5 },
      { name: 'alpha', value: 2 },
      { name: 'beta', value: 2 },
      { name: 'none', value: null },
    ]);
  });

  it('names the axes from its arguments, value axis and category axis swapped when horizontal', () => {
    const vertical = barOption({ ...labels, bars: bars(2) });
    expect([xAxis(vertical).type, xAxis(vertical).name]).toEqual(['category', 'Study Sites']);
    expect([yAxis(vertical).type, yAxis(vertical).name]).toEqual(['value', 'Number of Participants']);
    const horizontal = barOption({ ...labels, bars: bars(2), horizontal: true });
    expect([yAxis(horizontal).type, yAxis(horizontal).name]).toEqual(['category', 'Study Sites']);
    expect(yAxis(horizontal).inverse).toBe(true);
    expect(xAxis(horizontal).name).toBe('Number of Participants');
  });

  it('shows 20 bars at once by default (G-060): a slider only past 20', () => {
    expect(zoom(barOption({ ...labels, bars: bars(20) }))).toEqual([]);
    const [slider] = zoom(barOption({ ...labels, bars: bars(21) }));
    expect(slider).toMatchObject({ type: 'slider', xAxisIndex: 0, startValue: 0, endValue: 19, maxValueSpan: 19 });
    // room below the grid, so the slider does not cover the axis name
    expect(barOption({ ...labels, bars: bars(21) }).grid).toMatchObject({ bottom: 32 });
    expect(barOption({ ...labels, bars: bars(20) }).grid).toMatchObject({ bottom: 8 });
  });

  it('shows 5 screen-failure bars (G-061) and scrolls a horizontal chart vertically', () => {
    expect(zoom(barOption({ ...labels, bars: bars(5), visiblePlots: 5 }))).toEqual([]);
    const [slider] = zoom(barOption({ ...labels, bars: bars(6), visiblePlots: 5, horizontal: true }));
    expect(slider).toMatchObject({ type: 'slider', yAxisIndex: 0, orient: 'vertical', endValue: 4, maxValueSpan: 4 });
    expect(barOption({ ...labels, bars: bars(6), visiblePlots: 5, horizontal: true }).grid).toMatchObject({
      right: 32,
    });
  });

  it('colours bars from the palette in chart order, unless a colour is given', () => {
    const o = barOption({
      ...labels,
      bars: [
        { name: 'low', value: 1 },
        { name: 'high', value: 9 },
        { name: 'mid', value: 5, color: '#123456' },
      ],
    });
    const colours = series(o)[0]?.data?.map((d) => (d as { itemStyle: { color: string } }).itemStyle.color);
    expect(colours).toEqual([BLUE, '#123456', GREEN]);
  });

  it('keeps labels and axis names inside the chart and cuts long names with an ellipsis (390 px)', () => {
    const o = barOption({ ...labels, bars: bars(3) });
    expect(o.grid).toMatchObject({ outerBoundsMode: 'same', outerBoundsContain: 'all' });
    expect(xAxis(o).axisLabel).toMatchObject({ interval: 0, overflow: 'truncate', ellipsis: '…' });
    expect(o.tooltip).toMatchObject({ trigger: 'axis' });
  });
});

describe('stackedBarOption', () => {
  const statuses = stackedBarOption({
    ...labels,
    categories: ['Boston', 'Austin', 'Madrid', 'Lima', 'Quito'],
    series: [
      { name: 'Active', status: 'ACTIVE', values: [1, 5, 2, 0, 1] },
      { name: 'Withdrawn', status: 'WITHDRAWSTUDY', values: [1, 0, 2, null, 0] },
      { name: 'From the future', status: 'NEWSTATUS', values: [0, 0, 0, 0, 3] },
    ],
  });

  it('orders the stacks by their total (G-063) and moves every series’ values with them', () => {
    expect(xAxis(statuses).data).toEqual(['Austin', 'Madrid', 'Quito', 'Boston', 'Lima']);
    expect(series(statuses).map((s) => s.data)).toEqual([
      [5, 2, 1, 1, 0],
      [0, 2, 0, 1, null],
      [0, 0, 3, 0, 0],
    ]);
    expect(series(statuses).every((s) => s.stack === 'total')).toBe(true);
  });

  it('shows 4 stacks at once (G-062)', () => {
    expect(zoom(statuses)[0]).toMatchObject({ type: 'slider', endValue: 3, maxValueSpan: 3 });
    expect(zoom(stackedBarOption({ ...labels, categories: ['a', 'b', 'c', 'd'], series: [] }))).toEqual([]);
  });

  it('colours participant-status series by status (G-069, G-070); an unknown status is grey', () => {
    const colours = series(statuses).map((s) => (s.itemStyle as { color: string }).color);
    expect(colours).toEqual(['#15803D', '#DC2626', '#7C7C7C']);
  });

  it('colours other series from the palette, and has a legend', () => {
    const o = stackedBarOption({
      ...labels,
      categories: ['Spain'],
      series: [
        { name: 'Web', values: [1] },
        { name: 'App', values: [2] },
      ],
    });
    expect(series(o).map((s) => (s.itemStyle as { color: string }).color)).toEqual([BLUE, VERMILLION]);
    expect(o.legend).toBeTruthy();
  });
});

describe('pieOption', () => {
  it('one slice per item, in the given order, palette colours unless given', () => {
    const o = pieOption({
      slices: [
        { name: 'Unsigned', value: 3 },
        { name: 'Participant Signed', value: 10 },
        { name: 'PI and Participant Signed', value: null, color: '#222222' },
      ],
    });
    expect(series(o)[0]?.type).toBe('pie');
    expect(series(o)[0]?.data).toEqual([
      { name: 'Unsigned', value: 3, itemStyle: { color: BLUE } },
      { name: 'Participant Signed', value: 10, itemStyle: { color: VERMILLION } },
      { name: 'PI and Participant Signed', value: 0, itemStyle: { color: '#222222' } },
    ]);
  });

  it('its tooltip shows name, count and share, with the name escaped', () => {
    const formatter = (pieOption({ slices: [] }).tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter({ name: '<b>Web</b>', value: 3, percent: 30 })).toBe('&#60;b&#62;Web&#60;/b&#62;: 3 (30%)');
  });
});

describe('lineOption', () => {
  it('keeps the points in time order and names both axes', () => {
    const o = lineOption({
      points: [
        { x: '2024-01', y: 4 },
        { x: '2024-02', y: 1 },
        { x: '2024-03', y: Number.NaN },
      ],
      xAxisLabel: 'Month',
      yAxisLabel: 'Number of Participants',
    });
    expect(xAxis(o)).toMatchObject({ name: 'Month', data: ['2024-01', '2024-02', '2024-03'] });
    expect(yAxis(o).name).toBe('Number of Participants');
    expect(series(o)[0]).toMatchObject({ type: 'line', data: [4, 1, null] });
  });
});

describe('rangeTooltip (G-071)', () => {
  const tip = rangeTooltip(
    { max: 'Max', avg: 'Avg', min: 'Min', minutes: (m) => `${m} min` },
    new Map([
      ['Boston', { max: 30, avg: 12.5, min: 2 }],
      ['<i>Lima</i>', { max: null, avg: null, min: 0 }],
    ]),
  );

  it('shows Max, Avg (rounded, G-064) and Min minutes of the hovered bar', () => {
    expect(tip([{ name: 'Boston' }])).toBe('<strong>Boston</strong><br/>Max: 30 min<br/>Avg: 13 min<br/>Min: 2 min');
  });

  it('shows a dash for a missing value and escapes the name', () => {
    expect(tip({ name: '<i>Lima</i>' })).toBe(
      '<strong>&#60;i&#62;Lima&#60;/i&#62;</strong><br/>Max: –<br/>Avg: –<br/>Min: 0 min',
    );
  });
});
