import type { EChartsCoreOption } from 'echarts/core';
import type { QuestionVisual } from '@indicata/contracts';
import { POINT_FORMAT, valueText, type ValueFormat } from '../results/charts/options.ts';

/**
 * The ECharts option of an answer's chart: years on a line, regions or indicators as bars (horizontal when many).
 * @param format how a value is written on the axis and in the tooltip (the reader's decimal mark)
 */
export function answerChartOption(visual: QuestionVisual, format: ValueFormat = POINT_FORMAT): EChartsCoreOption {
  const horizontal = visual.type === 'bar' && (visual.categories.length > 6 || visual.categories.some((c) => c.length > 18));
  const category = { type: 'category', data: visual.categories, axisLabel: { width: 180, overflow: 'truncate' } };
  const value = { type: 'value', scale: visual.type === 'line', axisLabel: { formatter: format } };
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: valueText(format) },
    grid: { left: horizontal ? 190 : 56, right: 24, top: 24, bottom: 32 },
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? { ...category, inverse: true } : value,
    series: visual.series.map((s) => ({ name: s.name, type: visual.type, data: s.values, showSymbol: visual.type === 'line' })),
  };
}

/** Height in pixels for an answer's chart. */
export function answerChartHeight(visual: QuestionVisual): number {
  const horizontal = visual.type === 'bar' && (visual.categories.length > 6 || visual.categories.some((c) => c.length > 18));
  return horizontal ? Math.min(420, 60 + visual.categories.length * 26) : 240;
}
