/**
 * ECharts with only the parts the results views draw (heatmaps, bars, maps), to keep the charts
 * chunk small; this module is reached only through the lazily loaded chart components.
 */
import * as echarts from 'echarts/core';
import { BarChart, HeatmapChart, MapChart } from 'echarts/charts';
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
  MapChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

export { echarts };
