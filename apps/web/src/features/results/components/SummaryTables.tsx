import { Grid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { baselinesBesideModels, type AutoMLResults, type ResultRow } from '@indicata/contracts';
import { DataTable, type Column } from './DataTable.tsx';
import { filterSummaryRows, type ResultFilters } from '../filters.ts';
import { formatCell, formatPercent } from '../format.ts';
import { classesAreOrderedRanges, modelsInOrder } from '../resultsView.ts';
import { ChartSlot, ScoresChart } from '../lazyCharts.tsx';

/** Resultados, in words: model, class, test rows, accuracy, precision, recall, F1 (fractions, 4 decimals). */
export function ResultadosTable({ results, filters }: { results: AutoMLResults; filters: ResultFilters }) {
  const { t } = useTranslation('results');
  const rows = Array.isArray(results.resultados) ? filterSummaryRows(results.resultados, filters) : results.resultados;
  // A class without test rows has no score to show, whatever the engine wrote.
  const score = (field: 'Accuracy' | 'precision' | 'recall' | 'f1'): Column<ResultRow> => ({
    header: t(`tables.columns.${field === 'Accuracy' ? 'classAccuracy' : field}`),
    cell: (row) => (row.TotalIntances === 0 ? <Text span size="sm" c="dimmed">{t('tables.noTestRows')}</Text> : formatCell(row[field])),
    numeric: true,
  });
  const columns: Column<ResultRow>[] = [
    { header: t('tables.columns.model'), cell: (row) => row.Algorithm },
    { header: t('tables.columns.category'), cell: (row) => categoryLabel(row.Category, t) },
    { header: t('tables.columns.testRows'), cell: (row) => formatCell(row.TotalIntances), numeric: true },
    score('Accuracy'),
    score('precision'),
    score('recall'),
    score('f1'),
  ];
  return <DataTable key={JSON.stringify(filters)} title={t('tables.resultados')} columns={columns} rows={rows} testId="table-resultados" />;
}

/** The summary categories in words ("All classes (mean of the classes)"); class titles as they are. */
function categoryLabel(category: string, t: TFunction<'results'>): string {
  return category === 'macro avg' || category === 'weighted avg' ? t(`tables.categories.${category}`) : category;
}

/**
 * The per-request row of each model (the confirm screen's scores): accuracy as a percentage with 2 decimals,
 * macro precision, recall and F1 with 4. The errors on the class number have their own table.
 */
export function RequestSummaryTable({ results, filters }: { results: AutoMLResults; filters: ResultFilters }) {
  const { t } = useTranslation('results');
  const rows = Array.isArray(results.summary) ? filterSummaryRows(results.summary, { ...filters, category: '' }) : results.summary;
  const columns: Column<ResultRow>[] = [
    { header: t('tables.columns.model'), cell: (row) => row.Algorithm },
    { header: t('tables.columns.testRows'), cell: (row) => formatCell(row.TotalIntances), numeric: true },
    { header: t('tables.columns.accuracyPercent'), cell: (row) => formatPercent(row.Accuracy), numeric: true },
    { header: t('tables.columns.precision'), field: 'precision', numeric: true },
    { header: t('tables.columns.recall'), field: 'recall', numeric: true },
    { header: t('tables.columns.f1'), field: 'f1', numeric: true },
  ];
  return <DataTable key={filters.algorithm} title={t('tables.summary')} columns={columns} rows={rows} testId="table-summary" />;
}

/**
 * MAE, MAPE, MSE, RMSE and KGE on the class number, per model: shown only when the classes are ordered ranges
 * of the target (else a class number has no distance), with a note that says so.
 */
export function ClassNumberErrorsTable({ results, filters }: { results: AutoMLResults; filters: ResultFilters }) {
  const { t } = useTranslation('results');
  if (!classesAreOrderedRanges(results.classes)) return null;
  const rows = Array.isArray(results.summary) ? filterSummaryRows(results.summary, { ...filters, category: '' }) : results.summary;
  const columns: Column<ResultRow>[] = [
    { header: t('tables.columns.model'), cell: (row) => row.Algorithm },
    ...(['MAE', 'MAPE', 'MSE', 'RMSE', 'KGE'] as const).map((field) => ({ header: t(`tables.columns.${field.toLowerCase() as Lowercase<typeof field>}`), field, numeric: true })),
  ];
  return (
    <DataTable
      key={filters.algorithm}
      title={t('tables.errors')}
      description={
        <Text size="sm" c="dimmed">
          {t('tables.errorsNote')}
        </Text>
      }
      columns={columns}
      rows={rows}
      testId="table-class-errors"
    />
  );
}

interface ScoreRow {
  name: string;
  macroF1: number | null;
  accuracy: number | null;
  validation: number | null;
}

/** Each model's test scores beside the majority-class and persistence baselines, as a table and a chart. */
export function BaselinesSection({ results }: { results: AutoMLResults }) {
  const { t } = useTranslation('results');
  const models = modelsInOrder(results);
  const baselines = Array.isArray(results.baselines) ? results.baselines : [];
  // Persistence and majority scored as candidates are shown once, as models named as the baselines they are.
  const separate = baselinesBesideModels(results);
  const baselineNames = new Set<string>(baselines.map((b) => b.name));
  const rows: ScoreRow[] = [
    ...models.map((m) => ({
      name: baselineNames.has(m.algorithm.toLowerCase()) ? t('tables.candidateBaseline', { name: m.algorithm }) : m.algorithm,
      macroF1: m.test.macroF1,
      accuracy: m.test.accuracy,
      validation: m.validationMacroF1,
    })),
    ...separate.map((b) => ({ name: t(`tables.baselineNames.${b.name}`), macroF1: b.test.macroF1, accuracy: b.test.accuracy, validation: null })),
  ];
  const columns: Column<ScoreRow>[] = [
    { header: t('tables.columns.model'), cell: (row) => row.name },
    { header: t('tables.columns.macroF1'), cell: (row) => formatCell(row.macroF1), numeric: true },
    { header: t('tables.columns.accuracyPercent'), cell: (row) => formatPercent(row.accuracy), numeric: true },
    { header: t('tables.columns.validationMacroF1'), cell: (row) => formatCell(row.validation), numeric: true },
  ];
  return (
    <Grid gutter="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <DataTable title={t('tables.baselines')} columns={columns} rows={rows} testId="table-baselines" minWidth={0} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('charts.scores')}
          </Text>
          <ChartSlot>
            <ScoresChart models={models} baselines={separate} />
          </ChartSlot>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The target classes: title, value range and how many training and test rows fall in each. */
export function ClassesTable({ results }: { results: AutoMLResults }) {
  const { t } = useTranslation('results');
  type Row = AutoMLResults['classes'][number];
  const columns: Column<Row>[] = [
    { header: t('tables.columns.title'), cell: (row) => row.title },
    { header: t('tables.columns.min'), cell: (row) => formatCell(row.min), numeric: true },
    { header: t('tables.columns.max'), cell: (row) => formatCell(row.max), numeric: true },
    { header: t('tables.columns.trainCount'), cell: (row) => formatCell(row.trainCount), numeric: true },
    { header: t('tables.columns.testCount'), cell: (row) => formatCell(row.testCount), numeric: true },
  ];
  return <DataTable title={t('tables.classes')} columns={columns} rows={results.classes} testId="table-classes" />;
}
