/**
 * ECharts with only the parts the results views and the assistant's answers draw (heatmaps, bars, lines, maps), to keep the charts
 * chunk small; this module is reached only through the lazily loaded chart components.
 */
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, MapChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  HeatmapChart,
  LineChart,
  MapChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
