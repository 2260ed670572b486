/**
 * ECharts options of the analytics charts (issue 13), built from plain data. Pure: the order, colours and visible
 * plots come from the domain's chart rules (sortBars, chartColor, statusColor, VISIBLE_PLOTS…), never a copy.
 * No ECharts code here (its types only, in layout.ts): building an option pulls no chart code into a route's chunk.
 */
import { STACK_VISIBLE_PLOTS, VISIBLE_PLOTS, chartColor, sortBars, statusColor } from '@trialpath/domain';
import {
  axes,
  axisTooltip,
  type CategoryLayout,
  type ChartOption,
  finite,
  GRID,
  LEGEND,
  LEGEND_GRID,
  valueAxis,
} from './layout';
import { pieTooltip, type TooltipFormatter } from './tooltips';

export type { CategoryLayout, ChartOption } from './layout';
export { type MinuteRange, type RangeTooltipLabels, rangeTooltip, type TooltipFormatter } from './tooltips';

export interface BarDatum {
  name: string;
  value: number | null;
  color?: string;
}

export interface BarOptionInput extends CategoryLayout {
  bars: readonly BarDatum[];
  /** Bars in the given order: a histogram's ranges, the screen-failure groups in the spec's order (G-072). */
  keepOrder?: boolean;
  tooltipFormatter?: TooltipFormatter;
}

export interface StackSeries {
  name: string;
  /** One value per category, in the categories' order. */
  values: readonly (number | null)[];
  color?: string;
  /** A participant status code: the series takes that status's colour (G-069, G-070). */
  status?: string;
}

export interface StackedBarOptionInput extends Omit<BarOptionInput, 'bars'> {
  categories: readonly string[];
  series: readonly StackSeries[];
}

export interface PieOptionInput {
  slices: readonly BarDatum[];
}

export interface LineOptionInput {
  points: readonly { x: string; y: number | null }[];
  xAxisLabel: string;
  yAxisLabel: string;
}

const barValue = (b: BarDatum) => b.value;
const barName = (b: { name: string }) => b.name;

/** One bar per item, sorted by value then name (G-063), coloured from the palette in chart order unless given. */
export function barOption(input: BarOptionInput): ChartOption {
  const bars = input.keepOrder ? [...(input.bars ?? [])] : sortBars(input.bars ?? [], barValue, barName);
  return {
    tooltip: axisTooltip(input.tooltipFormatter),
    ...axes(bars.map(barName), input, VISIBLE_PLOTS, GRID),
    series: [
      {
        type: 'bar',
        name: input.valueAxisLabel,
        data: bars.map((b, i) => ({
          name: b.name,
          value: finite(b.value) ? b.value : null,
          itemStyle: { color: b.color ?? chartColor(i) },
        })),
      },
    ],
  };
}

/**
 * Per-site / per-country stacks (G-062): categories sorted by their total (G-063), STACK_VISIBLE_PLOTS in view.
 * A series that names a participant status takes the status's colour, so a status stack reads by stage.
 */
export function stackedBarOption(input: StackedBarOptionInput): ChartOption {
  const series = input.series ?? [];
  const categories = (input.categories ?? []).map((name, index) => ({
    name,
    index,
    total: series.reduce((sum, s) => sum + (finite(s.values[index]) ? (s.values[index] as number) : 0), 0),
  }));
  const order = sortBars(categories, (c) => c.total, barName);
  return {
    legend: LEGEND,
    tooltip: axisTooltip(input.tooltipFormatter),
    ...axes(order.map(barName), input, STACK_VISIBLE_PLOTS, LEGEND_GRID),
    series: series.map((s, i) => {
      const color = s.color ?? (s.status !== undefined ? statusColor(s.status) : chartColor(i));
      const data = order.map((c) => s.values[c.index]).map((v) => (finite(v) ? v : null));
      return { type: 'bar', stack: 'total', name: s.name, data, itemStyle: { color }, emphasis: { focus: 'series' } };
    }),
  };
}

/** Proportions (consent mode, quiz completion): slices in the given order (a meaningful one), palette colours. */
export function pieOption(input: PieOptionInput): ChartOption {
  const slices = input.slices ?? [];
  return {
    legend: { ...LEGEND, top: undefined, bottom: 0 },
    tooltip: { trigger: 'item', confine: true, formatter: pieTooltip },
    series: [
      {
        type: 'pie',
        radius: '60%',
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { formatter: '{d}%' },
        data: slices.map((s, i) => ({
          name: s.name,
          value: finite(s.value) ? s.value : 0,
          itemStyle: { color: s.color ?? chartColor(i) },
        })),
      },
    ],
  };
}

/** A line over time (monthly enrolment): the points in the given order, which is time order. */
export function lineOption(input: LineOptionInput): ChartOption {
  const points = input.points ?? [];
  return {
    grid: GRID,
    tooltip: { trigger: 'axis', confine: true },
    xAxis: {
      type: 'category',
      data: points.map((p) => p.x),
      name: input.xAxisLabel,
      nameLocation: 'middle',
      nameGap: 16,
      axisLabel: { hideOverlap: true, rotate: 30 },
    },
    yAxis: valueAxis(input.yAxisLabel),
    series: [
      {
        type: 'line',
        name: input.yAxisLabel,
        data: points.map((p) => (finite(p.y) ? p.y : null)),
        itemStyle: { color: chartColor(0) },
        lineStyle: { color: chartColor(0) },
      },
    ],
  };
}
