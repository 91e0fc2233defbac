import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { indicatorName, isRuleAlgorithm, resultIndicatorNames, type AutoMLResults, type PredictionModel } from '@indicata/contracts';
import { useReaderLocale } from '../../../lib/i18n.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { fetchGaps } from './predictApi.ts';
import { ModelSelect } from './ModelSelect.tsx';
import { PredictionResult } from './PredictionResult.tsx';
import { ChartSlot, GapsMap } from '../lazyCharts.tsx';

/** Time after the panel appears before the chosen model's gaps are asked for in the background. */
const GAPS_PREFETCH_DELAY_MS = 1_500;
const gapsKey = (jobId: string, model: PredictionModel) => ['jobs', jobId, 'gaps', model];

/**
 * "Predict missing values": on request, the job's own rows whose target is missing (country-years WHO has not
 * published) from the target's first year on, predicted with the chosen model or another, as a table and a CSV; for WHO panels (`showMap`) also a
 * world map of observed and predicted classes with a year slider.
 */
export function GapsPanel({ jobId, results, showMap }: { jobId: string; results: AutoMLResults; showMap: boolean }) {
  const { t } = useTranslation('results');
  const { t: tGaps } = useTranslation('gaps');
  const [model, setModel] = useState<PredictionModel>('chosen');
  const [asked, setAsked] = useState(false);
  const queryClient = useQueryClient();
  // The first answer of a job builds its panel with the gaps on the server (seconds on a WHO panel): it is asked
  // for in the background once the page has settled, so the table is there, or on its way, when the user asks.
  useEffect(() => {
    const timer = setTimeout(() => {
      void queryClient.prefetchQuery({ queryKey: gapsKey(jobId, 'chosen'), queryFn: ({ signal }) => fetchGaps(jobId, 'chosen', signal), retry: false, staleTime: Infinity });
    }, GAPS_PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [jobId, queryClient]);
  const gaps = useQuery({
    queryKey: gapsKey(jobId, model),
    queryFn: ({ signal }) => fetchGaps(jobId, model, signal),
    enabled: asked,
    retry: false,
    staleTime: Infinity,
  });
  const labels = { space: results.labels?.space ?? 'space', time: results.labels?.time ?? 'time' };
  const names = useMemo(() => resultIndicatorNames(results), [results]);
  const locale = useReaderLocale();
  // The target by its name (a WHO code alone says little), as the rest of the result page names it.
  const targetName = (column: string) => indicatorName(column, names, locale);
  // A rule leaves out the rows of places without an earlier target (it would only guess the majority class): the
  // model the run ranked first before the rules predicts them from the indicators, one click away.
  const bestModel = results.choice && !isRuleAlgorithm(results.choice.model) && results.models[results.choice.model] ? results.choice.model : null;
  const ruleLeftOut = gaps.data && isRuleAlgorithm(gaps.data.model) ? gaps.data.notPredicted.length : 0;

  return (
    <Stack gap="md" data-testid="gaps-panel">
      <Text size="sm" c="dimmed">
        {t('predict.gapsIntro')}
      </Text>
      <Group align="flex-end">
        <ModelSelect results={results} value={model} onChange={setModel} testId="gaps-model" />
        <Button onClick={() => (asked ? void gaps.refetch() : setAsked(true))} loading={asked && gaps.isFetching} data-testid="gaps-button">
          {t('predict.gapsButton')}
        </Button>
      </Group>
      {asked && gaps.isPending && (
        <Text size="sm" c="dimmed" data-testid="gaps-loading">
          {t('predict.loading')}
        </Text>
      )}
      {asked && gaps.isError && (
        <Alert color="red" variant="light" data-testid="gaps-error">
          {t('predict.failed', { reason: apiErrorText(gaps.error, t) })}
        </Alert>
      )}
      {asked && gaps.data && (
        <Stack gap="sm">
          {gaps.data.missingTarget === 0 ? (
            <Text data-testid="gaps-empty">{t('predict.noGaps', { target: targetName(gaps.data.target) })}</Text>
          ) : (
            <Text size="sm" data-testid="gaps-summary">
              {t('predict.gapsSummary', {
                missing: gaps.data.missingTarget,
                total: gaps.data.panelRows,
                target: targetName(gaps.data.target),
                predicted: gaps.data.predictions.length,
                notPredicted: gaps.data.notPredicted.length,
              })}
            </Text>
          )}
          {ruleLeftOut > 0 && bestModel && (
            <Alert color="yellow" variant="light" data-testid="gaps-rule-left-out">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('predict.ruleLeftOut', { rule: gaps.data.model, count: ruleLeftOut, model: bestModel })}</Text>
                <Button size="xs" variant="light" onClick={() => setModel(bestModel)} data-testid="gaps-rule-left-out-button">
                  {t('predict.ruleLeftOutButton', { model: bestModel })}
                </Button>
              </Stack>
            </Alert>
          )}
          {gaps.data.beforeTargetYears > 0 && gaps.data.targetYears && (
            <Text size="sm" data-testid="gaps-before-years">
              {tGaps('beforeYearsNote', { count: gaps.data.beforeTargetYears, first: gaps.data.targetYears.first, target: targetName(gaps.data.target) })}
            </Text>
          )}
          {gaps.data.missingTarget > 0 && (
            <>
              {showMap && (
                <ChartSlot>
                  <GapsMap gaps={gaps.data} />
                </ChartSlot>
              )}
              <PredictionResult result={gaps.data} labels={labels} fileName={`indicata-${jobId}-gaps-${gaps.data.model}.csv`} testId="gaps-result" names={names} explainRows={{ target: { jobId, names }, model: gaps.data.model }} />
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
