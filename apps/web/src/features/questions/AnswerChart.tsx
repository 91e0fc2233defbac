import { useMemo } from 'react';
import type { QuestionVisual } from '@indicata/contracts';
import { EChart } from '../results/charts/EChart.tsx';
import { useChartFormat } from '../results/charts/useChartFormat.ts';
import { answerChartHeight, answerChartOption } from './answerChartOption.ts';

/** The chart that goes with an answer (loaded lazily with ECharts); its numbers are also in the answer's table. */
export default function AnswerChart({ visual }: { visual: QuestionVisual }) {
  const format = useChartFormat();
  const option = useMemo(() => answerChartOption(visual, format), [visual, format]);
  return <EChart option={option} height={answerChartHeight(visual)} summary={visual.title} testId="question-answer-chart" />;
}
