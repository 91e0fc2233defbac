import { useMemo } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from '../charts/EChart.tsx';
import { WATERFALL_LABEL_WIDTH, waterfallOption, type WaterfallStep } from './waterfall.ts';

/** The waterfall chart of a row's explanation (its own chunk, with ECharts). The numbers are in the table beside it. */
export function ExplanationWaterfall({ steps, format, summary }: { steps: WaterfallStep[]; format: (value: number) => string; summary: string }) {
  const wide = useMediaQuery('(min-width: 48em)') ?? true;
  const labelWidth = wide ? WATERFALL_LABEL_WIDTH.wide : WATERFALL_LABEL_WIDTH.narrow;
  const option = useMemo(() => waterfallOption(steps, format, labelWidth) as EChartsCoreOption, [steps, format, labelWidth]);
  return <EChart option={option} height={48 + steps.length * 28} summary={summary} testId="explanation-chart" />;
}

export default ExplanationWaterfall;
