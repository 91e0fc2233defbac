import { useMemo, useState, type MouseEvent } from 'react';
import { Alert, Anchor, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { AutoMLResults } from '@indicata/contracts';
import { NO_FILTERS, showsAlgorithm, type ResultFilters } from '../filters.ts';
import { formatCell } from '../format.ts';
import { filterOptions, hasCountries, modelsInOrder } from '../resultsView.ts';
import { FiltersBar } from './FiltersBar.tsx';
import { InfoPopup } from './InfoPopup.tsx';
import { DownloadModelsButton } from './DownloadModelsButton.tsx';
import { BaselinesSection, ClassesTable, RequestSummaryTable, ResultadosTable } from './SummaryTables.tsx';
import { ModelSection } from './ModelSection.tsx';
import { CorrelationSection, IndicatorsTable, OutliersTable } from './DataTables.tsx';
import { ChartSlot, WorldMap } from '../lazyCharts.tsx';

/** Room for the sticky filters above a section reached through the in-page links. */
const ANCHOR_STYLE = { scrollMarginTop: 170 } as const;

/** In-page links scroll smoothly without changing the route's query (the job id lives there). */
function jumpTo(event: MouseEvent, id: string) {
  event.preventDefault();
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** "Final results": filters, every table of the results and the charts beside them. */
export function FinalResults({ jobId, results, database }: { jobId: string; results: AutoMLResults; database: string | null }) {
  const { t } = useTranslation('results');
  const [filters, setFilters] = useState<ResultFilters>(NO_FILTERS);
  const options = useMemo(() => filterOptions(results), [results]);
  const models = modelsInOrder(results);
  const best = models.find((model) => model.algorithm === results.best);
  const warnings = Array.isArray(results.warnings) ? results.warnings : [];
  const showMap = hasCountries(results, database) && models.length > 0;
  // On a phone the filters would cover a third of the screen: they stay sticky only on wider windows.
  const wide = useMediaQuery('(min-width: 48em)') ?? true;
  const jumps = [
    { id: 'results-summary', label: t('tables.resultados') },
    { id: 'results-baselines', label: t('nav.baselines') },
    ...(showMap ? [{ id: 'results-map', label: t('nav.map') }] : []),
    ...models.filter((model) => showsAlgorithm(model.algorithm, filters)).map((model) => ({ id: `results-model-${model.algorithm}`, label: model.algorithm })),
    { id: 'results-indicators', label: t('nav.indicators') },
    { id: 'results-correlation', label: t('tables.correlation') },
    { id: 'results-outliers', label: t('tables.outliers') },
  ];

  return (
    <Stack gap="xl" data-testid="final-results">
      <Group justify="space-between" align="flex-start">
        <Group gap="sm">
          <Title order={2}>{t('detail.finalResults')}</Title>
          <InfoPopup />
        </Group>
        <DownloadModelsButton jobId={jobId} />
      </Group>

      {best && (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-blue-light)">
          <Text fw={600}>{t('detail.bestModel')}</Text>
          <Text size="sm">{t('detail.bestModelText', { algorithm: best.algorithm, score: formatCell(best.validationMacroF1) })}</Text>
          {results.cvGap && (
            <Text size="sm" c="dimmed" mt={4} data-testid="cv-gap">
              {t('detail.cvGap', {
                algorithm: results.cvGap.algorithm,
                forward: formatCell(results.cvGap.forwardChaining),
                random: formatCell(results.cvGap.randomKFold),
                gap: formatCell(results.cvGap.gap),
              })}
            </Text>
          )}
          {results.split?.description && (
            <Text size="sm" c="dimmed" mt={4}>
              {t('detail.split')}: {results.split.description}
            </Text>
          )}
        </Paper>
      )}

      {warnings.length > 0 && (
        <Alert color="yellow" variant="light" radius="md" title={t('detail.warnings')}>
          <List size="sm">
            {warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      <div style={wide ? { position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 4px)', zIndex: 5 } : undefined}>
        <FiltersBar filters={filters} options={options} onChange={setFilters} />
      </div>

      <nav aria-label={t('nav.label')}>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('nav.label')}:
          </Text>
          {jumps.map((jump) => (
            <Anchor key={jump.id} href={`#${jump.id}`} size="sm" onClick={(event) => jumpTo(event, jump.id)}>
              {jump.label}
            </Anchor>
          ))}
        </Group>
      </nav>

      <div id="results-summary" style={ANCHOR_STYLE}>
        <ResultadosTable results={results} filters={filters} />
      </div>
      <RequestSummaryTable results={results} filters={filters} />
      <div id="results-baselines" style={ANCHOR_STYLE}>
        <BaselinesSection results={results} />
      </div>
      <ClassesTable results={results} />

      {showMap && (
        <section aria-label={t('charts.map')} id="results-map" style={ANCHOR_STYLE}>
          <Title order={4} mb="xs">
            {t('charts.map')}
          </Title>
          <ChartSlot>
            <WorldMap models={models} classes={Array.isArray(results.classes) ? results.classes : []} best={results.best} />
          </ChartSlot>
        </section>
      )}

      {models
        .filter((model) => showsAlgorithm(model.algorithm, filters))
        .map((model) => (
          <div key={model.algorithm} id={`results-model-${model.algorithm}`} style={ANCHOR_STYLE}>
            <ModelSection model={model} results={results} filters={filters} />
          </div>
        ))}

      <div id="results-indicators" style={ANCHOR_STYLE}>
        <Stack gap="xl">
          <IndicatorsTable kind="used" rows={results.usedIndicators} />
          <IndicatorsTable kind="unused" rows={results.unusedIndicators} />
        </Stack>
      </div>
      <div id="results-correlation" style={ANCHOR_STYLE}>
        <CorrelationSection matrix={results.correlationMatrix} />
      </div>
      <div id="results-outliers" style={ANCHOR_STYLE}>
        <OutliersTable rows={results.outliers} labels={results.labels} />
      </div>
    </Stack>
  );
}
