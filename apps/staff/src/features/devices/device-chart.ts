/**
 * The ECharts option of a participant's measurements of one type (decision H-devices): one line per LOINC code (a
 * blood pressure draws systolic and diastolic), on a time axis, oldest to newest. Types only from ECharts: the chart
 * code is fetched by EChart when drawn.
 */
import type { DeviceMeasurement } from '@trialpath/contract';
import { chartColor } from '@trialpath/domain';
import { type ChartOption, GRID, LEGEND, LEGEND_GRID } from '../analytics/chart/layout';

export function deviceChartOption(
  items: readonly DeviceMeasurement[],
  labels: { measure: (code: string) => string; time: string; value: string },
): ChartOption {
  const codes = [...new Set(items.map((m) => m.code))].sort();
  const oldestFirst = [...items].sort((a, b) => a.effectiveAt.localeCompare(b.effectiveAt));
  return {
    grid: codes.length > 1 ? LEGEND_GRID : GRID,
    ...(codes.length > 1 ? { legend: LEGEND } : {}),
    tooltip: { trigger: 'axis', confine: true },
    xAxis: { type: 'time', name: labels.time, nameLocation: 'middle', nameGap: 24, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value', name: labels.value, nameLocation: 'middle', nameGap: 32, scale: true },
    series: codes.map((code, i) => ({
      type: 'line',
      name: labels.measure(code),
      showSymbol: true,
      data: oldestFirst.filter((m) => m.code === code).map((m) => [m.effectiveAt, m.value]),
      itemStyle: { color: chartColor(i) },
      lineStyle: { color: chartColor(i) },
    })),
  };
}
