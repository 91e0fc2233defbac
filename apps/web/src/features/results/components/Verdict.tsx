import { useMemo } from 'react';
import { Alert, Grid, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  COVERAGE_SHORTFALL_POINTS,
  LIMITS,
  chosenSentence,
  comparisonSentences,
  coverageSummary,
  cvGapSkippedText,
  headlineComparisons,
  horizonTieSentence,
  placeNoun,
  recommendedSentence,
  ruleSentences,
  splitSentence,
  targetHistorySentence,
  validationSentence,
  type AutoMLResults,
  type ReportLocale,
} from '@indicata/contracts';
import { baselineSentence, scoreFormat, secondsFormat, verdictFigures } from '../verdict.ts';
import { VerdictChart, type VerdictBar } from './VerdictChart.tsx';
import { useReaderLocale } from '../../../lib/i18n.ts';

/**
 * The verdict at the top of a finished result: the chosen model, its test scores with bootstrap intervals,
 * the baselines beside it and whether it beats them, what the figures rest on (test rows and years, the split and the
 * validation actually used, with the small-test warning), and what the time budget allowed. One chart; the report and
 * the tables follow below.
 */
export function Verdict({ results }: { results: AutoMLResults }) {
  const { t } = useTranslation('results');
  const locale: ReportLocale = useReaderLocale();
  // Scores and seconds with the reader's decimal mark, as the built-in report writes them.
  const formatScore = scoreFormat(locale);
  const formatSeconds = secondsFormat(locale);
  const figures = useMemo(() => verdictFigures(results), [results]);
  const comparisons = useMemo(() => headlineComparisons(results), [results]);
  const coverage = useMemo(() => coverageSummary(results.trust, locale), [results, locale]);
  if (!figures) return null;
  const { chosen, intervals, baselines, small, budget } = figures;
  const baselineName = (name: string) => t(`tables.baselineNames.${name}`);
  const modelName =
    chosen.algorithm === 'Ensemble' && Array.isArray(chosen.members) && chosen.members.length > 0
      ? t('verdict.ensembleOf', { members: chosen.members.map((m) => m.algorithm).join(', ') })
      : chosen.algorithm;
  const level = intervals?.level ?? LIMITS.verdict.intervalLevel;
  // The first line: what is recommended (a model or a rule), then how it fares against each baseline on validation
  // and on test; a recommended rule is then said in plain words, with the figures behind it.
  const recommended = recommendedSentence(results, modelName, locale);
  const headline = [
    t(`verdict.${recommended.key}`, recommended.values),
    // With the caveat when a test lead lies inside the interval, as the report and the e-mail say it.
    ...comparisons.flatMap((c) => comparisonSentences(c, baselineName(c.name), intervals, formatScore).map((line) => t(`verdict.${line.key}`, line.values))),
  ].join(' ');
  const rule = ruleSentences(results, locale, formatScore).map((line) => t(`verdict.${line.key}`, line.values));
  const bars: VerdictBar[] = [
    { label: chosen.algorithm, value: chosen.test?.macroF1 ?? null, interval: intervals?.macroF1 ?? null, chosen: true },
    ...baselines.map((b) => ({ label: baselineName(b.name), value: b.test?.macroF1 ?? null })),
  ];
  const chartSummary = t('verdict.chartSummary', {
    model: chosen.algorithm,
    score: formatScore(chosen.test?.macroF1),
    low: formatScore(intervals?.macroF1.low),
    high: formatScore(intervals?.macroF1.high),
    baselines: baselines.map((b) => t('verdict.chartBaseline', { name: baselineName(b.name), score: formatScore(b.test?.macroF1) })).join(' '),
  });
  const use = budget.use;
  // The split, the validation and the choice are said from the results' fields, as the built-in report says them.
  const story = [splitSentence(results, locale), validationSentence(results)].map((line) => t(`story.${line.key}`, line.values));
  const chosenWhy = chosenSentence(results, formatScore(chosen.validationMacroF1));
  const tie = horizonTieSentence(results, formatScore);
  const history = targetHistorySentence(results);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="verdict-title" data-testid="verdict">
      {/* The chart level with the first line it illustrates: centred, it floated halfway down a long verdict. */}
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap={6}>
            <Title order={2} id="verdict-title" fz={{ base: 20, sm: 22 }}>
              {t('verdict.title')}
            </Title>
            <Text fw={600} data-testid="verdict-chosen">
              {headline}
            </Text>
            {rule.length > 0 && (
              <Text size="sm" data-testid="verdict-rule">
                {rule.join(' ')}
              </Text>
            )}
            <Text size="sm" data-testid="verdict-chosen-why">
              {t(`story.${chosenWhy.key}`, chosenWhy.values)}
            </Text>
            {tie && (
              <Text size="sm" data-testid="verdict-tie-break">
                {t(`verdict.${tie.key}`, tie.values)}
              </Text>
            )}
            {intervals ? (
              <>
                <Text size="sm" data-testid="verdict-scores">
                  {t('verdict.scores', {
                    f1: formatScore(intervals.macroF1.estimate),
                    f1Low: formatScore(intervals.macroF1.low),
                    f1High: formatScore(intervals.macroF1.high),
                    accuracy: formatScore(intervals.accuracy.estimate),
                    accuracyLow: formatScore(intervals.accuracy.low),
                    accuracyHigh: formatScore(intervals.accuracy.high),
                    level: Math.round(level * 100),
                  })}
                </Text>
                <Text size="xs" c="dimmed" data-testid="verdict-interval-note">
                  {intervals.unit === 'place'
                    ? t('verdict.intervalNotePlaces', { resamples: intervals.resamples, seed: intervals.seed, count: intervals.units, place: placeNoun(results.labels?.space, locale) })
                    : t('verdict.intervalNote', { resamples: intervals.resamples, seed: intervals.seed })}
                </Text>
              </>
            ) : (
              <Text size="sm">{t('verdict.noTestRows')}</Text>
            )}
            {baselines.length > 0 ? (
              <List size="sm" spacing={2} data-testid="verdict-baselines">
                {baselines.map((b) => {
                  const line = baselineSentence(b, chosen.test?.macroF1, intervals, formatScore);
                  return (
                    <List.Item key={b.name} icon={<span aria-hidden="true">{b.beaten ? '✓' : '✗'}</span>} data-beaten={b.beaten}>
                      {t(`verdict.${line.key}`, { name: baselineName(b.name), ...line.values })}
                    </List.Item>
                  );
                })}
              </List>
            ) : (
              <Text size="sm">{t('verdict.noBaselines')}</Text>
            )}
            <Text size="sm" data-testid="verdict-basis">
              {t('verdict.basis', { rows: figures.testRows, years: figures.years.join(', ') })}
            </Text>
            <Text size="sm" data-testid="verdict-split">
              {story.join(' ')}
            </Text>
            {coverage && (
              <Text size="sm" data-testid="verdict-coverage">
                {t('verdict.coverage', { nominal: coverage.nominal, reached: coverage.reached, size: coverage.size })}
                {coverage.shortBy !== null && ` ${t('verdict.coverageShort', { points: coverage.shortBy })}`}
                {coverage.shortYears.length > 0 &&
                  ` ${t('verdict.coverageShortYears', {
                    points: COVERAGE_SHORTFALL_POINTS,
                    years: coverage.shortYears.map((y) => t('verdict.coverageYear', y)).join(', '),
                  })}`}
              </Text>
            )}
            <Text size="sm" data-testid="verdict-budget">
              {use
                ? t('verdict.budget', {
                    budget: formatSeconds(use.budgetSeconds),
                    total: formatSeconds(use.totalSeconds),
                    other: formatSeconds(use.otherSeconds),
                    search: formatSeconds(use.searchSeconds),
                    finalFit: formatSeconds(use.finalFitSeconds),
                    cvGap: formatSeconds(use.cvGapSeconds),
                    evaluated: use.candidatesEvaluated,
                    planned: use.candidatesPlanned,
                  })
                : t('verdict.budgetSimple', {
                    budget: formatSeconds(budget.budgetSeconds),
                    elapsed: formatSeconds(budget.elapsedSeconds),
                    evaluated: budget.evaluated,
                    planned: budget.planned,
                  })}
              {budget.cut && ` ${t('verdict.budgetCut')}`}
            </Text>
            {use && use.stopped.length > 0 && (
              // Dozens of lines when the budget binds: folded, so the verdict stays short; a native disclosure, which
              // keyboards and screen readers already know.
              <details data-testid="verdict-stopped">
                <Text component="summary" size="xs" c="dimmed" style={{ cursor: 'pointer' }}>
                  {t('verdict.stopped', { count: use.stopped.length })}
                </Text>
                {/* The engine's own lines, in English whatever the interface's language. */}
                <List size="xs" c="dimmed" mt={4} lang="en">
                  {use.stopped.map((line, index) => (
                    <List.Item key={index}>{line}</List.Item>
                  ))}
                </List>
              </details>
            )}
            {history && (
              <Text size="xs" c="dimmed" data-testid="verdict-history">
                {t(`story.${history.key}`, history.values)}
              </Text>
            )}
            {results.cvGapSkippedReason && (
              <Text size="xs" c="dimmed">
                {t('verdict.cvGapSkipped', { reason: cvGapSkippedText(results.cvGapSkippedReason, locale) })}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('verdict.chartTitle')}
            </Text>
            <VerdictChart bars={bars} level={level} summary={chartSummary} />
          </Stack>
        </Grid.Col>
      </Grid>
      {small.warn && (
        <Alert color="orange" variant="light" radius="md" mt="md" title={t(small.tooFewRows ? 'verdict.smallTitle' : 'verdict.smallClassesTitle')} data-testid="verdict-small-test">
          {small.tooFewRows && <Text size="sm">{t('verdict.tooFewRows', { rows: figures.testRows, min: LIMITS.verdict.minTestRows })}</Text>}
          {small.emptyClasses.length > 0 && <Text size="sm">{t(small.emptyClasses.length === 1 ? 'verdict.noTestClass' : 'verdict.noTestClasses', { classes: small.emptyClasses.join(', ') })}</Text>}
          {small.sparseClasses.length > 0 && (
            <Text size="sm">{t('verdict.sparseClasses', { min: LIMITS.verdict.minClassTestRows, classes: small.sparseClasses.join(', ') })}</Text>
          )}
        </Alert>
      )}
    </Paper>
  );
}
