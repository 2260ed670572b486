/**
 * The part of ECharts the analytics charts use, registered once. Only EChart.tsx imports this module, and only
 * with a dynamic import(): ECharts (≈ 300 KB gzip in full) is a chunk of its own, fetched when the first chart
 * is shown, never in a route's first chunk (staff first route ≤ 300 KB, DESIGN §5). Named static imports here
 * let the bundler drop the chart types we do not register.
 */
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use } from 'echarts/core';
// SVG: crisp at any zoom, lighter than canvas for charts of a few dozen marks, and readable in screenshots
import { SVGRenderer } from 'echarts/renderers';

use([
  BarChart,
  LineChart,
  PieChart,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  SVGRenderer,
]);

export { init };
