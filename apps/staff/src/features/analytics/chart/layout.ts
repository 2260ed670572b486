/**
 * The layout shared by the analytics charts (issue 13): grid, legend, axes and the slider that keeps the visible
 * plots of G-060…G-062 in view. Types only from echarts: nothing of ECharts' code enters the route's chunk.
 */
import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TitleComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import type { TooltipFormatter } from './tooltips';

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | DataZoomComponentOption
  | GridComponentOption
  | LegendComponentOption
  | TitleComponentOption
  | TooltipComponentOption
>;
/** An axis usable as x or as y (horizontal bars swap them). */
type Axis = Exclude<NonNullable<ChartOption['xAxis']>, unknown[]> &
  Exclude<NonNullable<ChartOption['yAxis']>, unknown[]>;

/** What places a category chart: its axis names, the plots in view, the orientation. */
export interface CategoryLayout {
  valueAxisLabel: string;
  categoryAxisLabel: string;
  /** Bars shown at once (G-060 VISIBLE_PLOTS; G-061 SCREEN_FAILURE_VISIBLE_PLOTS); more scroll with a slider. */
  visiblePlots?: number;
  /** Bars along the vertical axis: long site names read better at 390 px. */
  horizontal?: boolean;
}

/**
 * ECharts 6 successor of `containLabel: true` (deprecated there): the grid shrinks so axis labels *and* axis
 * names stay inside the chart, which matters at 390 px.
 */
export const GRID: GridComponentOption = {
  left: 8,
  right: 16,
  top: 24,
  bottom: 8,
  outerBoundsMode: 'same',
  outerBoundsContain: 'all',
};
export const LEGEND_GRID: GridComponentOption = { ...GRID, top: 48 };
export const LEGEND: LegendComponentOption = { type: 'scroll', top: 0, left: 'center' };

export const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const plotsOf = (n: number | undefined, fallback: number) =>
  Number.isInteger(n) && (n as number) > 0 ? (n as number) : fallback;

function categoryAxis(names: string[], label: string, horizontal: boolean): Axis {
  return {
    type: 'category',
    data: names,
    name: label,
    nameLocation: 'middle',
    nameGap: 16,
    // horizontal bars: the first (largest) bar on top, as it reads
    inverse: horizontal,
    axisTick: { alignWithLabel: true },
    // every name shown, cut with an ellipsis (the full name is in the tooltip and the table); a few bars have room
    // for their names level, more are slanted
    axisLabel: {
      interval: 0,
      overflow: 'truncate',
      ellipsis: '…',
      width: horizontal ? 120 : names.length <= 3 ? 110 : 72,
      rotate: horizontal || names.length <= 3 ? 0 : 45,
    },
  };
}

export function valueAxis(label: string): Axis {
  // counts, days and whole percentages: no tick between two whole numbers
  return {
    type: 'value',
    name: label,
    nameLocation: 'middle',
    nameGap: 16,
    minInterval: 1,
    axisLabel: { hideOverlap: true },
  };
}

/** A slider keeping `visible` categories in view when there are more (G-060…G-062); none otherwise. */
function scroller(count: number, visible: number, horizontal: boolean): DataZoomComponentOption[] | undefined {
  if (count <= visible) return undefined;
  const span = visible - 1;
  const axis = horizontal
    ? { yAxisIndex: 0, orient: 'vertical' as const, right: 0, width: 16 }
    : { xAxisIndex: 0, bottom: 0, height: 16 };
  return [
    {
      type: 'slider',
      ...axis,
      startValue: 0,
      endValue: span,
      minValueSpan: span,
      maxValueSpan: span,
      showDetail: false,
      brushSelect: false,
    },
  ];
}

/** The axes, and the slider with room made for it beside the grid (it would cover the axis name). */
export function axes(names: string[], input: CategoryLayout, fallbackPlots: number, grid: GridComponentOption) {
  const horizontal = input.horizontal === true;
  const category = categoryAxis(names, input.categoryAxisLabel, horizontal);
  const value = valueAxis(input.valueAxisLabel);
  const dataZoom = scroller(names.length, plotsOf(input.visiblePlots, fallbackPlots), horizontal);
  const room = horizontal ? { right: 32 } : { bottom: 32 };
  return {
    grid: dataZoom ? { ...grid, ...room } : grid,
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    ...(dataZoom ? { dataZoom } : {}),
  };
}

export function axisTooltip(formatter?: TooltipFormatter): TooltipComponentOption {
  return { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true, ...(formatter ? { formatter } : {}) };
}
