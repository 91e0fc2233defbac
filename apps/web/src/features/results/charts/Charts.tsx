/**
 * The results charts (loaded lazily with ECharts). Each has a text summary for assistive technology
 * and is shown next to the table that holds its numbers.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Baseline, ConfusionMatrix, FeatureImportanceRow, ModelResult } from '@indicata/contracts';
import { EChart } from './EChart.tsx';
import { confusionHeatmapOption, confusionTotals, correlationHeatmapOption, featureImportanceOption, scoresOption } from './options.ts';
import { formatCell } from '../format.ts';
import { useAxisName } from '../axisName.ts';
import { useChartFormat } from './useChartFormat.ts';

export function ConfusionHeatmap({ algorithm, matrix }: { algorithm: string; matrix: ConfusionMatrix }) {
  const { t } = useTranslation('results');
  const option = useMemo(
    () => confusionHeatmapOption(matrix, { actual: t('charts.actualAxis'), predicted: t('charts.predictedAxis') }),
    [matrix, t],
  );
  const { hits, total } = confusionTotals(matrix);
  const height = Math.min(420, 120 + matrix.labels.length * 36);
  return <EChart option={option} height={height} summary={t('charts.confusionSummary', { algorithm, hits, total })} testId={`chart-confusion-${algorithm}`} />;
}

export function CorrelationHeatmap({ labels, values }: { labels: string[]; values: (number | null)[][] }) {
  const { t } = useTranslation('results');
  const axisName = useAxisName();
  const format = useChartFormat();
  const option = useMemo(() => correlationHeatmapOption(labels, values, axisName, format), [labels, values, axisName, format]);
  const height = Math.min(640, 200 + labels.length * 22);
  return <EChart option={option} height={height} summary={t('charts.correlationSummary', { count: Math.max(0, labels.length - 1) })} testId="chart-correlation" />;
}

export function FeatureImportanceBars({ algorithm, rows }: { algorithm: string; rows: FeatureImportanceRow[] }) {
  const { t } = useTranslation('results');
  const axisName = useAxisName();
  const format = useChartFormat();
  const option = useMemo(() => featureImportanceOption(rows, 20, axisName, format), [rows, axisName, format]);
  const top = [...rows].sort((a, b) => b.Importance - a.Importance)[0];
  const height = Math.min(560, 60 + Math.min(rows.length, 20) * 24);
  const summary = top
    ? t('charts.featureImportanceSummary', { algorithm, feature: top.Feature, importance: formatCell(top.Importance) })
    : t('charts.featureImportance', { algorithm });
  return <EChart option={option} height={height} summary={summary} testId={`chart-features-${algorithm}`} />;
}

export function ScoresChart({ models, baselines }: { models: ModelResult[]; baselines: Baseline[] }) {
  const { t } = useTranslation('results');
  const format = useChartFormat();
  const option = useMemo(
    () =>
      scoresOption(
        models,
        baselines,
        {
          macroF1: t('tables.columns.macroF1'),
          accuracy: t('tables.columns.accuracy'),
          baseline: (name) => t(`tables.baselineNames.${name}`),
        },
        format,
      ),
    [models, baselines, t, format],
  );
  return <EChart option={option} height={300} summary={t('charts.scoresSummary')} testId="chart-scores" />;
}
