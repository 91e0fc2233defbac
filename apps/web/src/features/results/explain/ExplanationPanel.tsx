import { lazy, useCallback, useMemo } from 'react';
import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { indicatorName, type Explanation, type IndicatorNames, type PredictionModel, type ReportLocale } from '@indicata/contracts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { ChartSlot } from '../lazyCharts.tsx';
import { formatDecimal } from '../format.ts';
import { fetchExplanation, type ExplainAsk, type ExplainTarget } from './explainApi.ts';
import { filledAxisName, waterfallSteps } from './waterfall.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

const ExplanationWaterfall = lazy(() => import('./ExplanationWaterfall.tsx'));

/**
 * A row's explanation (a test row, or a gap filled), fetched when shown: a waterfall from the predicted class's probability knowing no
 * indicator to the row's, the largest contributions by indicator name, and the same numbers as a table (the chart
 * is an image to assistive technology). Loading and failure (with a retry) are said in words.
 */
export function ExplanationPanel({ target, model, ask, actual }: { target: ExplainTarget; model: PredictionModel; ask: ExplainAsk; actual: string | null }) {
  const { t } = useTranslation('results');
  const locale = useReaderLocale();
  const query = useQuery({
    queryKey: ['explanation', target.jobId, model, ask],
    queryFn: ({ signal }) => fetchExplanation(target.jobId, model, ask, signal),
    retry: false,
    staleTime: Infinity,
  });
  if (query.isPending) {
    return (
      <Group gap="sm" role="status" data-testid="explanation-loading">
        <Loader size="sm" />
        <Text size="sm">{t('explain.loading')}</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="explanation-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('explain.failed', { reason: apiErrorText(query.error, t) })}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('explain.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const { data } = query;
  return (
    <ExplanationView
      model={data.model}
      predicted={data.predicted}
      probability={data.probability}
      explanation={data.explanation}
      inputs={data.inputs}
      actual={actual}
      names={target.names}
      locale={locale}
    />
  );
}

/** What ExplanationView shows: one prediction's explanation, from the API's test-row answer or a prediction's own. */
export interface ExplanationViewProps {
  model: string;
  predicted: string;
  /** The predicted class's probability (the value explained). */
  probability: number;
  explanation: Explanation;
  /** How many inputs the model reads; null when unknown (the rest is then one step without a count). */
  inputs: number | null;
  /** The row's actual class, when it has one (test rows). */
  actual: string | null;
  names: IndicatorNames;
  locale: ReportLocale;
}

/**
 * A prediction's explanation: a waterfall from the predicted class's probability knowing no indicator to the row's,
 * the largest contributions by indicator name, and the same numbers as a table (the chart is an image to assistive
 * technology).
 */
export function ExplanationView({ model, predicted, probability, explanation, inputs, actual, names, locale }: ExplanationViewProps) {
  const { t } = useTranslation('results');
  const format = useCallback((value: number) => formatDecimal(value, 3), []);
  const signed = (value: number) => `${value >= 0 ? '+' : '−'}${format(Math.abs(value))}`;
  const name = useCallback((column: string) => indicatorName(column, names, locale), [names, locale]);
  // The inputs the row lacked: their bars are the effect of the value filled in, which every label of theirs says.
  const filledFeatures = useMemo(() => new Set(explanation.contributions.filter((c) => c.filled).map((c) => c.feature)), [explanation]);
  const steps = useMemo(
    () =>
      waterfallSteps(
        explanation,
        probability,
        (column) => {
          const short = indicatorName(column, names, locale, { short: true });
          return filledFeatures.has(column) ? filledAxisName(short, t('explain.filledWord'), (name) => t('explain.filledMark', { name })) : short;
        },
        { expected: t('explain.expected'), others: (count) => (inputs === null ? t('explain.othersRest') : t('explain.others', { count })), predicted: t('explain.predicted', { predicted }) },
        inputs ?? Number.POSITIVE_INFINITY,
      ),
    [explanation, filledFeatures, probability, names, locale, t, predicted, inputs],
  );
  const label = (c: { feature: string; filled?: boolean }) => (c.filled ? t('explain.filledMark', { name: name(c.feature) }) : name(c.feature));
  const top = explanation.contributions[0];
  const summary = top
    ? t('explain.summary', { predicted, expected: format(explanation.expected), probability: format(probability), feature: label(top), value: signed(top.value) })
    : t('explain.summaryNone', { predicted, expected: format(explanation.expected), probability: format(probability) });
  return (
    <Stack gap="sm" data-testid="explanation">
      <Text size="sm">{t('explain.intro', { predicted, model })}</Text>
      <Text size="sm" c="dimmed">
        {actual === null ? '' : `${t('explain.actual', { actual })} `}
        {t(explanation.method === 'exact' ? 'explain.exact' : 'explain.sampled')}
      </Text>
      <Text size="sm" fw={600} data-testid="explanation-summary">
        {summary}
      </Text>
      <ChartSlot>
        <ExplanationWaterfall steps={steps} format={format} summary={summary} />
      </ChartSlot>
      <Table fz="sm" verticalSpacing={4} data-testid="explanation-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('explain.columnIndicator')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('explain.columnContribution', { predicted })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((step, i) => (
            <Table.Tr key={`${i}-${step.label}`}>
              <Table.Td>{step.kind === 'up' || step.kind === 'down' ? label(explanation.contributions[i - 1]) : step.label}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{step.kind === 'expected' || step.kind === 'predicted' ? format(step.value) : signed(step.value)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {filledFeatures.size > 0 && (
        <Text size="xs" c="dimmed" data-testid="explanation-filled">
          {t('explain.filledNote')}
        </Text>
      )}
    </Stack>
  );
}
