import { Grid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AutoMLResults, ResultRow } from '@indicata/contracts';
import { DataTable, type Column } from './DataTable.tsx';
import { filterSummaryRows, type ResultFilters } from '../filters.ts';
import { formatCell, formatPercent } from '../format.ts';
import { modelsInOrder } from '../resultsView.ts';
import { ChartSlot, ScoresChart } from '../lazyCharts.tsx';

const num = (header: string, field = header): Column<ResultRow> => ({ header, field, numeric: true });

/** Resultados: Algorithm, Category, TotalIntances, Accuracy, precision, recall, f1 (4 decimals). */
export function ResultadosTable({ results, filters }: { results: AutoMLResults; filters: ResultFilters }) {
  const { t } = useTranslation('results');
  const rows = Array.isArray(results.resultados) ? filterSummaryRows(results.resultados, filters) : results.resultados;
  const columns: Column<ResultRow>[] = [
    { header: 'Algorithm', field: 'Algorithm' },
    { header: 'Category', field: 'Category' },
    num('TotalIntances'),
    num('Accuracy'),
    num('precision'),
    num('recall'),
    num('f1'),
  ];
  return <DataTable key={JSON.stringify(filters)} title={t('tables.resultados')} columns={columns} rows={rows} testId="table-resultados" />;
}

/**
 * The per-request row of each algorithm (the confirm screen's columns): accuracy as a percentage with
 * 2 decimals, the other metrics with 4.
 */
export function RequestSummaryTable({ results, filters }: { results: AutoMLResults; filters: ResultFilters }) {
  const { t } = useTranslation('results');
  const rows = Array.isArray(results.summary) ? filterSummaryRows(results.summary, { ...filters, category: '' }) : results.summary;
  const columns: Column<ResultRow>[] = [
    { header: 'Category', field: 'Category' },
    { header: 'Algorithm', field: 'Algorithm' },
    { header: 'Total Instances', cell: (row) => formatCell(row.TotalIntances), numeric: true },
    { header: 'Accuracy', cell: (row) => formatPercent(row.Accuracy), numeric: true },
    ...(['MAE', 'MAPE', 'MSE', 'RMSE', 'precision', 'recall', 'f1', 'KGE'] as const).map((field) => num(field)),
  ];
  return <DataTable key={filters.algorithm} title={t('tables.summary')} columns={columns} rows={rows} testId="table-summary" />;
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
  const rows: ScoreRow[] = [
    ...models.map((m) => ({ name: m.algorithm, macroF1: m.test.macroF1, accuracy: m.test.accuracy, validation: m.validationMacroF1 })),
    ...baselines.map((b) => ({ name: t(`tables.baselineNames.${b.name}`), macroF1: b.test.macroF1, accuracy: b.test.accuracy, validation: null })),
  ];
  const columns: Column<ScoreRow>[] = [
    { header: t('tables.columns.model'), cell: (row) => row.name },
    { header: t('tables.columns.macroF1'), cell: (row) => formatCell(row.macroF1), numeric: true },
    { header: t('tables.columns.accuracy'), cell: (row) => formatPercent(row.accuracy), numeric: true },
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
            <ScoresChart models={models} baselines={baselines} />
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
