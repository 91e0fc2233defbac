import { Grid, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnnHyperparameterRow, AutoMLResults, ConfusionMatrix, FeatureImportanceRow, ModelResult, PredictionRow } from '@indicata/contracts';
import { DataTable, type Column } from './DataTable.tsx';
import type { ResultFilters } from '../filters.ts';
import { formatCell, formatSet } from '../format.ts';
import { usePlaceLabel } from '../usePlaceLabel.ts';
import { featureImportanceOf, isRule, visiblePredictions } from '../resultsView.ts';
import { ChartSlot, ConfusionHeatmap, FeatureImportanceBars } from '../lazyCharts.tsx';
import { ExplainRowButton } from '../explain/ExplainRowButton.tsx';
import type { ExplainTarget } from '../explain/explainApi.ts';

/**
 * Per-model results: place, region, year, Actual Value, Prediction, prediction set (year ascending, filtered), and with
 * `explain` a "Why?" button per row that opens the row's explanation.
 */
export function PredictionsTable({ model, labels, filters, explain }: { model: ModelResult; labels: AutoMLResults['labels']; filters: ResultFilters; explain?: ExplainTarget }) {
  const { t } = useTranslation('results');
  const placeLabel = usePlaceLabel();
  const rows = visiblePredictions(model, filters);
  const columns: Column<PredictionRow>[] = [
    { header: placeLabel(labels.space), cell: (row) => row.space },
    ...(labels.region ? [{ header: placeLabel(labels.region), cell: (row: PredictionRow) => row.region ?? '' }] : []),
    { header: placeLabel(labels.time), cell: (row) => formatCell(row.time), numeric: true },
    { header: t('tables.columns.actualValue'), cell: (row) => row.actual },
    {
      header: t('tables.columns.prediction'),
      cell: (row) => (
        <Text span size="sm" c={row.actual === row.predicted ? undefined : 'red.9'} fw={row.actual === row.predicted ? undefined : 600}>
          {row.predicted}
        </Text>
      ),
    },
    // Results from before prediction sets have no set on any row: no column then.
    ...(model.predictions.some((row) => Array.isArray(row.set))
      ? [{ header: t('tables.columns.predictionSet'), cell: (row: PredictionRow) => formatSet(row.set, t('tables.setOr')) }]
      : []),
    ...(explain
      ? [{ header: t('explain.column'), cell: (row: PredictionRow) => (
              <ExplainRowButton
                target={explain}
                model={model.algorithm}
                ask={{ row: model.predictions.indexOf(row) }}
                shown={{ predicted: row.predicted, place: row.space, year: row.time, actual: row.actual }}
                testId={`explain-${model.algorithm}-${model.predictions.indexOf(row)}`}
              />
            ) }]
      : []),
  ];
  return (
    <DataTable
      key={JSON.stringify(filters)}
      title={t('tables.predictions', { algorithm: model.algorithm })}
      columns={columns}
      rows={rows ?? model.predictions}
      testId={`table-predictions-${model.algorithm}`}
    />
  );
}

/** A confusion matrix as a table (rows actual, columns predicted). Anything malformed renders nothing. */
export function ConfusionTable({ algorithm, matrix }: { algorithm: string; matrix: ConfusionMatrix | null | undefined }) {
  const { t } = useTranslation('results');
  if (!matrix || !Array.isArray(matrix.labels) || !Array.isArray(matrix.matrix)) return null;
  return (
    <section aria-label={t('tables.confusion', { algorithm })} data-testid={`table-confusion-${algorithm}`}>
      <Title order={4} mb="xs">
        {t('tables.confusion', { algorithm })}
      </Title>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={320}>
          <Table fz="sm" verticalSpacing={6} withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tables.confusionCorner')}</Table.Th>
                {matrix.labels.map((label) => (
                  <Table.Th key={label} style={{ textAlign: 'right' }}>
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {matrix.matrix.map((row, i) => (
                <Table.Tr key={matrix.labels[i] ?? i}>
                  <Table.Th fw={600}>{matrix.labels[i]}</Table.Th>
                  {(Array.isArray(row) ? row : []).map((count, j) => (
                    <Table.Td key={j} style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: i === j ? 700 : undefined }}>
                      {formatCell(count)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </section>
  );
}

export function AnnHyperparametersTable({ rows }: { rows: AnnHyperparameterRow[] | undefined }) {
  const { t } = useTranslation('results');
  if (!Array.isArray(rows)) return null;
  const headers = { num_layers: 'layers', neurons: 'neurons', activation: 'activation', dropout_rate: 'dropout', optimizer: 'optimizer', score: 'validationMacroF1' } as const;
  const columns: Column<AnnHyperparameterRow>[] = (['num_layers', 'neurons', 'activation', 'dropout_rate', 'optimizer', 'score'] as const).map((field) => ({
    header: t(`tables.columns.${headers[field]}`),
    field,
    numeric: field !== 'activation' && field !== 'optimizer',
  }));
  return <DataTable title={t('tables.annHyperparameters')} columns={columns} rows={rows} testId="table-ann-hyperparameters" />;
}

export function FeatureTable({ algorithm, rows, permutation }: { algorithm: string; rows: FeatureImportanceRow[] | null; permutation: boolean }) {
  const { t } = useTranslation('results');
  const columns: Column<FeatureImportanceRow>[] = [
    { header: t('tables.columns.indicator'), field: 'Feature' },
    { header: t(permutation ? 'tables.columns.importancePermutation' : 'tables.columns.importanceImpurity'), field: 'Importance', numeric: true },
  ];
  return <DataTable title={t('tables.featureImportance', { algorithm })} columns={columns} rows={rows} testId={`table-features-${algorithm}`} minWidth={0} />;
}

/** Everything about one model: predictions, confusion matrix (table + heatmap), hyperparameters, features. */
export function ModelSection({ model, results, filters, explain }: { model: ModelResult; results: AutoMLResults; filters: ResultFilters; explain?: ExplainTarget }) {
  const { t } = useTranslation('results');
  const features = featureImportanceOf(model);
  const matrix = model.confusionMatrix;
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid={`model-${model.algorithm}`} aria-label={model.algorithm}>
      <Stack gap="lg">
        {isRule(model.algorithm) && (
          // A rule has no settings nor importances: say what it does instead.
          <Text size="sm" data-testid={`rule-${model.algorithm}`}>
            {t(`leaderboard.rules.${model.algorithm}`)}
          </Text>
        )}
        {model.conformal && Array.isArray(model.predictions) && model.predictions.length > 0 && !model.predictions.some((row) => Array.isArray(row.set)) && (
          // The server left out sets an earlier version put on the wrong rows (withoutMisplacedSets).
          <Text size="sm" c="dimmed" data-testid={`sets-withdrawn-${model.algorithm}`}>
            {t('tables.setsWithdrawn')}
          </Text>
        )}
        <PredictionsTable model={model} labels={results.labels} filters={filters} explain={explain} />
        <Grid gutter="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ConfusionTable algorithm={model.algorithm} matrix={matrix} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {matrix && Array.isArray(matrix.matrix) && (
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t('charts.confusion', { algorithm: model.algorithm })}
                </Text>
                <ChartSlot>
                  <ConfusionHeatmap algorithm={model.algorithm} matrix={matrix} />
                </ChartSlot>
              </Stack>
            )}
          </Grid.Col>
        </Grid>
        {model.algorithm === 'ANN' && <AnnHyperparametersTable rows={model.annHyperparameters} />}
        {Array.isArray(features) && features.length > 0 && (
          <Grid gutter="lg" align="flex-start">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <FeatureTable algorithm={model.algorithm} rows={features} permutation={features === model.permutationImportance} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap={4}>
                <Text fw={600} size="sm">
                  {t('charts.featureImportance', { algorithm: model.algorithm })}
                </Text>
                <ChartSlot>
                  <FeatureImportanceBars algorithm={model.algorithm} rows={features} />
                </ChartSlot>
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Stack>
    </Paper>
  );
}
