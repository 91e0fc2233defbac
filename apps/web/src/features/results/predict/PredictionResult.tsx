import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { indicatorName, type GapsResponse, type IndicatorNames, type NotPredicted, type Prediction, type PredictionModel, type PredictResponse } from '@indicata/contracts';
import { DataTable, type Column } from '../components/DataTable.tsx';
import { formatDecimal, formatSet } from '../format.ts';
import { ExplainPredictionButton } from '../explain/ExplainPredictionButton.tsx';
import { ExplainRowButton } from '../explain/ExplainRowButton.tsx';
import type { ExplainTarget } from '../explain/explainApi.ts';
import { downloadText, predictionsCsv } from './predictionCsv.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

/** The job's spatial and temporal column names, used as the first two headers. */
export interface PlaceLabels {
  space: string;
  time: string;
}

/**
 * An answer of the prediction API shown as two paginated tables (the predictions with the class probabilities
 * and imputed counts, rows predicted mostly from filled-in inputs or beyond the target's years marked and explained;
 * the rows not predicted with their reason) and a semicolon CSV download of both.
 */
export function PredictionResult({
  result,
  labels,
  fileName,
  testId,
  names = {},
  explainRows,
}: {
  result: Pick<PredictResponse, 'classes' | 'predictions' | 'notPredicted' | 'model'> & Partial<Pick<GapsResponse, 'target' | 'targetYears'>>;
  labels: PlaceLabels;
  fileName: string;
  testId: string;
  /** The job's indicator names (code -> label), so explanations name the indicators. */
  names?: IndicatorNames;
  /** Rows of the job's panel (gaps filled): each gets a "Why?" that asks the server for its explanation by place and year. */
  explainRows?: { target: ExplainTarget; model: PredictionModel };
}) {
  const { target, targetYears } = result;
  const { t } = useTranslation('results');
  const locale = useReaderLocale();
  const { t: tGaps } = useTranslation('gaps');
  // Models without a conformal rule (jobs from before prediction sets) answer without sets: no column then.
  const withSets = result.predictions.some((p) => Array.isArray(p.set));
  // The marks get a column, and a sentence saying what they mean, only when some row has them.
  const mostlyImputed = result.predictions.filter((p) => p.mostlyImputed).length;
  const extrapolated = result.predictions.filter((p) => p.extrapolated).length;
  const yes = tGaps('yes');
  const mostlyImputedColumn = mostlyImputed > 0 ? { title: tGaps('columnMostlyImputed'), yes } : null;
  const extrapolatedColumn = extrapolated > 0 ? { title: tGaps('columnExtrapolated'), yes } : null;
  // An input the row lacked is marked as filled in: its share is that of the value filled in its place.
  const contributionText = (c: NonNullable<Prediction['explanation']>['contributions'][number]) => {
    const short = indicatorName(c.feature, names, locale, { short: true });
    return `${c.filled ? t('explain.filledMark', { name: short }) : short} ${c.value >= 0 ? '+' : '−'}${formatDecimal(Math.abs(c.value), 2)}`;
  };
  // Each explained row: its largest input contributions to the predicted class's probability, signed, by indicator
  // name; on the page, with a button to its waterfall.
  const explanationColumn = result.predictions.some((p) => p.explanation)
    ? {
        title: t('predict.columnWhy'),
        text: (p: Prediction) => (p.explanation ? p.explanation.contributions.slice(0, 3).map(contributionText).join('; ') : ''),
      }
    : null;
  const columns: Column<Prediction>[] = [
    { header: labels.space, cell: (p) => p.space ?? '' },
    { header: labels.time, cell: (p) => (p.time === null ? '' : String(p.time)) },
    { header: t('predict.columnPredicted'), cell: (p) => p.label },
    ...(withSets ? [{ header: t('predict.columnSet'), cell: (p: Prediction) => formatSet(p.set, t('tables.setOr')) }] : []),
    ...result.classes.map((c) => ({ header: t('predict.columnProbability', { title: c.title }), numeric: true, cell: (p: Prediction) => formatDecimal(p.probabilities[c.index] ?? 0, 3) })),
    { header: t('predict.columnImputed'), numeric: true, cell: (p) => String(p.imputed) },
    ...(mostlyImputedColumn ? [{ header: mostlyImputedColumn.title, cell: (p: Prediction) => (p.mostlyImputed ? yes : '') }] : []),
    ...(extrapolatedColumn ? [{ header: extrapolatedColumn.title, cell: (p: Prediction) => (p.extrapolated ? yes : '') }] : []),
    ...(explainRows && !explanationColumn
      ? [
          {
            header: t('explain.column'),
            cell: (p: Prediction) =>
              p.space === null || p.time === null ? (
                ''
              ) : (
                <ExplainRowButton
                  target={explainRows.target}
                  model={explainRows.model}
                  ask={{ space: p.space, time: p.time }}
                  shown={{ predicted: p.label, place: p.space, year: p.time, actual: null }}
                  testId={`explain-gap-${p.row}`}
                />
              ),
          },
        ]
      : []),
    ...(explanationColumn
      ? [
          {
            header: explanationColumn.title,
            cell: (p: Prediction) => (
              <Group gap={4} wrap="nowrap">
                <span>{explanationColumn.text(p)}</span>
                <ExplainPredictionButton prediction={p} model={result.model} names={names} />
              </Group>
            ),
          },
        ]
      : []),
  ];
  const notColumns: Column<NotPredicted>[] = [
    { header: labels.space, cell: (n) => n.space ?? '' },
    { header: labels.time, cell: (n) => (n.time === null ? '' : String(n.time)) },
    { header: t('predict.columnMissing'), numeric: true, cell: (n) => String(n.missing) },
    { header: t('predict.columnReason'), cell: (n) => n.reason },
  ];
  const download = () =>
    downloadText(
      fileName,
      predictionsCsv(result, {
        space: labels.space,
        time: labels.time,
        predicted: t('predict.columnPredicted'),
        set: withSets ? { title: t('predict.columnSet'), or: t('tables.setOr') } : null,
        probability: (title) => t('predict.columnProbability', { title }),
        imputed: t('predict.columnImputed'),
        mostlyImputed: mostlyImputedColumn,
        extrapolated: extrapolatedColumn,
        explanation: explanationColumn,
        missing: t('predict.columnMissing'),
        reason: t('predict.columnReason'),
      }),
    );
  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="flex-end">
        <Button variant="default" size="xs" onClick={download} data-testid={`${testId}-csv`}>
          {t('predict.downloadCsv')}
        </Button>
      </Group>
      {mostlyImputedColumn && (
        <Text size="sm" data-testid={`${testId}-mostly-imputed`}>
          {tGaps('mostlyImputedNote', { count: mostlyImputed, column: mostlyImputedColumn.title })}
        </Text>
      )}
      {extrapolatedColumn && targetYears && (
        <Text size="sm" data-testid={`${testId}-extrapolated`}>
          {tGaps('extrapolatedNote', { count: extrapolated, last: targetYears.last, target: target ? indicatorName(target, names, locale) : '', column: extrapolatedColumn.title })}
        </Text>
      )}
      <DataTable title={t('predict.predictions', { count: result.predictions.length })} columns={columns} rows={result.predictions} testId={`${testId}-predictions`} />
      {result.notPredicted.length > 0 && (
        <DataTable title={t('predict.notPredicted', { count: result.notPredicted.length })} columns={notColumns} rows={result.notPredicted} testId={`${testId}-not-predicted`} />
      )}
    </Stack>
  );
}
