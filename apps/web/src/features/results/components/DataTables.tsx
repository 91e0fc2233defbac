import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AutoMLResults, IndicatorRow, OutlierRow } from '@indicata/contracts';
import { DataTable, type Column } from './DataTable.tsx';
import { formatCell } from '../format.ts';
import { sortByIgDescending } from '../sorting.ts';
import { ChartSlot, CorrelationHeatmap } from '../lazyCharts.tsx';

/** Used or unused indicators: indicatorAnalyzingName, missingDatasPercent, ig (ig descending). */
export function IndicatorsTable({ kind, rows }: { kind: 'used' | 'unused'; rows: IndicatorRow[] | undefined }) {
  const { t } = useTranslation('results');
  const sorted = Array.isArray(rows) ? sortByIgDescending(rows) : rows;
  const columns: Column<IndicatorRow>[] = [
    { header: 'indicatorAnalyzingName', field: 'indicatorAnalyzingName' },
    { header: 'missingDatasPercent', field: 'missingDatasPercent', numeric: true },
    { header: 'ig', field: 'ig', numeric: true },
    ...(kind === 'unused' ? [{ header: t('tables.columns.reason'), cell: (row: IndicatorRow) => row.reason ?? '' }] : []),
  ];
  return (
    <DataTable
      title={t(kind === 'used' ? 'tables.usedIndicators' : 'tables.unusedIndicators')}
      columns={columns}
      rows={sorted}
      testId={`table-${kind}-indicators`}
    />
  );
}

type CorrelationRow = { label: string; values: (number | null)[] };

/** Pearson correlations of the selected features and the target, as a table and a heatmap. */
export function CorrelationSection({ matrix }: { matrix: AutoMLResults['correlationMatrix'] | undefined }) {
  const { t } = useTranslation('results');
  if (!matrix || !Array.isArray(matrix.labels) || !Array.isArray(matrix.values)) return null;
  const rows: CorrelationRow[] = matrix.labels.map((label, i) => ({ label, values: matrix.values[i] ?? [] }));
  const columns: Column<CorrelationRow>[] = [
    { header: '', cell: (row) => <Text span size="sm" fw={600}>{row.label}</Text> },
    ...matrix.labels.map((label, j) => ({ header: label, cell: (row: CorrelationRow) => formatCell(row.values[j]), numeric: true })),
  ];
  return (
    <Stack gap="md">
      <DataTable title={t('tables.correlation')} columns={columns} rows={rows} testId="table-correlation" />
      {matrix.labels.length > 1 && (
        <ChartSlot>
          <CorrelationHeatmap labels={matrix.labels} values={matrix.values} />
        </ChartSlot>
      )}
    </Stack>
  );
}

/** Target outliers: removed from training, kept and flagged in the test set. */
export function OutliersTable({ rows, labels }: { rows: OutlierRow[] | undefined; labels: AutoMLResults['labels'] }) {
  const { t } = useTranslation('results');
  const columns: Column<OutlierRow>[] = [
    { header: labels.space, cell: (row) => row.space },
    ...(labels.region ? [{ header: labels.region, cell: (row: OutlierRow) => row.region ?? '' }] : []),
    { header: labels.time, cell: (row) => formatCell(row.time), numeric: true },
    { header: t('tables.columns.value'), cell: (row) => formatCell(row.value), numeric: true },
    { header: t('tables.columns.set'), cell: (row) => row.set },
    { header: t('tables.columns.action'), cell: (row) => row.action },
  ];
  return <DataTable title={t('tables.outliers')} columns={columns} rows={rows} testId="table-outliers" />;
}
