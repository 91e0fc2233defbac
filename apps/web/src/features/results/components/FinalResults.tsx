import { useMemo, useState, type ReactNode } from 'react';
import { Accordion, Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { cvGapReading, indicatorName, isRuleAlgorithm, resultColumns, showsCvGap, validationMethod, warningTexts, withIndicatorNames, type AutoMLResults, type IndicatorNames, type ReportLocale } from '@indicata/contracts';
import { NO_FILTERS, showsAlgorithm, type ResultFilters } from '../filters.ts';
import { formatCell } from '../format.ts';
import { filterOptions, hasCountries, modelsInOrder } from '../resultsView.ts';
import { FiltersBar } from './FiltersBar.tsx';
import { InfoPopup } from './InfoPopup.tsx';
import { DownloadModelsButton } from './DownloadModelsButton.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { BaselinesSection, ClassesTable, ClassNumberErrorsTable, RequestSummaryTable, ResultadosTable } from './SummaryTables.tsx';
import { ModelSection } from './ModelSection.tsx';
import { CorrelationSection, IndicatorsTable, OutliersTable } from './DataTables.tsx';
import { ChartSlot, WorldMap } from '../lazyCharts.tsx';
import { UseModelSection } from '../predict/UseModelSection.tsx';
import { AxisNameContext } from '../axisName.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

/** The page's sentence for each reading of the CV gap (the report reads it with the same rule). */
const CV_GAP_KEYS = { flatters: 'detail.cvGap', small: 'detail.cvGapSmall', none: 'detail.cvGapLower' } as const;

const NO_NAMES: IndicatorNames = {};

interface Part {
  id: string;
  label: string;
  render: () => ReactNode;
}

/**
 * "Final results": every table and chart in sections that start collapsed (a collapsed section renders nothing, so its
 * charts are drawn only when opened, at their real size). The verdict stands above, under the result's header.
 * Indicators read by name (`names`, see useIndicatorNames), the indicator tables with the code beside it; "Use this
 * model" gets the stored results, whose codes are the models' columns.
 */
export function FinalResults({ jobId, results: stored, database, names = NO_NAMES }: { jobId: string; results: AutoMLResults; database: string | null; names?: IndicatorNames }) {
  const { t } = useTranslation('results');
  const locale: ReportLocale = useReaderLocale();
  const results = useMemo(() => withIndicatorNames(stored, locale, names), [stored, locale, names]);
  const withCodes = useMemo(() => withIndicatorNames(stored, locale, names, { withCode: true }), [stored, locale, names]);
  const axisName = useMemo(() => {
    const short = new Map(resultColumns(stored).map((column) => [indicatorName(column, names, locale), indicatorName(column, names, locale, { short: true })]));
    return (name: string) => short.get(name) ?? name;
  }, [stored, locale, names]);
  const [filters, setFilters] = useState<ResultFilters>(NO_FILTERS);
  const [open, setOpen] = useState<string[]>([]);
  const options = useMemo(() => filterOptions(results), [results]);
  const models = modelsInOrder(results);
  // Warnings the engine is known to write are said in the reader's language; any other keeps its English words, marked.
  const warnings = useMemo(() => warningTexts(results.warnings, locale), [results.warnings, locale]);
  const gap = showsCvGap(results) ? results.cvGap : null;
  const showMap = hasCountries(results, database) && models.length > 0;
  // On a phone the filters would cover a third of the screen: they stay sticky only on wider windows.
  const wide = useMediaQuery('(min-width: 48em)') ?? true;

  const parts: Part[] = [
    { id: 'leaderboard', label: t('sections.leaderboard'), render: () => <Leaderboard results={results} /> },
    {
      id: 'scores',
      label: t('sections.perClass'),
      render: () => (
        <Stack gap="xl">
          <RequestSummaryTable results={results} filters={filters} />
          <ResultadosTable results={results} filters={filters} />
          <ClassNumberErrorsTable results={results} filters={filters} />
        </Stack>
      ),
    },
    {
      id: 'baselines',
      label: t('sections.baselines'),
      render: () => (
        <Stack gap="xl">
          <BaselinesSection results={results} />
          <ClassesTable results={results} />
        </Stack>
      ),
    },
    ...(showMap
      ? [
          {
            id: 'map',
            label: t('sections.map'),
            render: () => (
              <section aria-label={t('charts.map')}>
                <ChartSlot>
                  <WorldMap models={models} classes={Array.isArray(results.classes) ? results.classes : []} best={results.best} />
                </ChartSlot>
              </section>
            ),
          },
        ]
      : []),
    ...models
      .filter((model) => showsAlgorithm(model.algorithm, filters))
      .map((model) => ({
        id: `model-${model.algorithm}`,
        // In the spec's order of the families, so the recommended one is said where it stands.
        label: t(model.algorithm === results.best ? 'sections.modelRecommended' : 'sections.model', { algorithm: model.algorithm }),
        render: () => <ModelSection model={model} results={results} filters={filters} explain={{ jobId, names }} />,
      })),
    {
      id: 'indicators',
      label: t('sections.indicators'),
      render: () => (
        <Stack gap="xl">
          <IndicatorsTable kind="used" rows={withCodes.usedIndicators} />
          <IndicatorsTable kind="unused" rows={withCodes.unusedIndicators} />
        </Stack>
      ),
    },
    { id: 'correlation', label: t('sections.correlation'), render: () => <CorrelationSection matrix={results.correlationMatrix} /> },
    { id: 'outliers', label: t('sections.outliers'), render: () => <OutliersTable rows={results.outliers} labels={results.labels} /> },
  ];
  const allOpen = parts.every((part) => open.includes(part.id));

  return (
    <AxisNameContext.Provider value={axisName}>
      <Stack gap="xl" data-testid="final-results">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm">
            <Title order={2}>{t('detail.finalResults')}</Title>
            <InfoPopup method={validationMethod(results)} />
          </Group>
          <DownloadModelsButton jobId={jobId} />
        </Group>

        {/* Only a run validated on later years has a time-respecting figure to set beside a random split's. */}
        {gap && (
          <Text size="sm" c="dimmed" data-testid="cv-gap">
            {t(CV_GAP_KEYS[cvGapReading(gap.gap)], {
              // A recommended rule has no such check: the figure is of the best model, which the sentence says.
              algorithm: isRuleAlgorithm(results.best) ? t('detail.cvGapModel', { algorithm: gap.algorithm }) : gap.algorithm,
              forward: formatCell(gap.forwardChaining),
              random: formatCell(gap.randomKFold),
              gap: formatCell(gap.gap),
            })}
          </Text>
        )}

        {warnings.translated.length + warnings.english.length > 0 && (
          <Alert color="yellow" variant="light" radius="md" title={t('detail.warnings')} data-testid="result-warnings">
            <List size="sm">
              {warnings.translated.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
            {warnings.english.length > 0 && (
              <Text size="sm" mt={4}>
                {t('story.warningsInEnglish')} <span lang="en">{warnings.english.join(' ')}</span>
              </Text>
            )}
          </Alert>
        )}

        <UseModelSection jobId={jobId} results={stored} showMap={hasCountries(stored, database)} />

        <div style={wide ? { position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 4px)', zIndex: 5 } : undefined}>
          <FiltersBar filters={filters} options={options} onChange={setFilters} />
        </div>

        <Stack gap="xs">
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={() => setOpen(allOpen ? [] : parts.map((part) => part.id))} data-testid="toggle-all-sections">
              {allOpen ? t('sections.closeAll') : t('sections.openAll')}
            </Button>
          </Group>
          <Accordion multiple value={open} onChange={setOpen} variant="separated" order={3} transitionDuration={0} data-testid="result-sections">
            {parts.map((part) => (
              <Accordion.Item key={part.id} value={part.id} id={`results-${part.id}`} data-testid={`section-${part.id}`}>
                <Accordion.Control>
                  <Text fw={600}>{part.label}</Text>
                </Accordion.Control>
                <Accordion.Panel>{open.includes(part.id) ? part.render() : null}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </Stack>
    </AxisNameContext.Provider>
  );
}
