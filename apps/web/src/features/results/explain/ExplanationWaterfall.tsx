import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from '../charts/EChart.tsx';
import { waterfallOption, type WaterfallStep } from './waterfall.ts';

/** The waterfall chart of a row's explanation (its own chunk, with ECharts). The numbers are in the table beside it. */
export function ExplanationWaterfall({ steps, format, summary }: { steps: WaterfallStep[]; format: (value: number) => string; summary: string }) {
  const option = useMemo(() => waterfallOption(steps, format) as EChartsCoreOption, [steps, format]);
  return <EChart option={option} height={48 + steps.length * 28} summary={summary} testId="explanation-chart" />;
}

export default ExplanationWaterfall;
