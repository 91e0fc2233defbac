import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { indicatorReasonText, type AutoMLResults, type IndicatorRow, type OutlierRow } from '@indicata/contracts';
import { DataTable, type Column } from './DataTable.tsx';
import { formatCell } from '../format.ts';
import { sortByIgDescending } from '../sorting.ts';
import { usePlaceLabel } from '../usePlaceLabel.ts';
import { ChartSlot, CorrelationHeatmap } from '../lazyCharts.tsx';
import { useAxisName } from '../axisName.ts';
import { useReaderLocale } from '../../../lib/i18n.ts';

/** Used or unused indicators: name, missing values (%), information gain (highest first); the spec's field names stay in the JSON. */
export function IndicatorsTable({ kind, rows }: { kind: 'used' | 'unused'; rows: IndicatorRow[] | undefined }) {
  const { t } = useTranslation('results');
  const locale = useReaderLocale();
  const sorted = Array.isArray(rows) ? sortByIgDescending(rows) : rows;
  const columns: Column<IndicatorRow>[] = [
    { header: t('tables.columns.indicator'), field: 'indicatorAnalyzingName' },
    { header: t('tables.columns.missingPercent'), field: 'missingDatasPercent', numeric: true },
    { header: t('tables.columns.informationGain'), field: 'ig', numeric: true },
    ...(kind === 'unused' ? [{ header: t('tables.columns.reason'), cell: (row: IndicatorRow) => (row.reason ? indicatorReasonText(row.reason, locale) : '') }] : []),
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
  const axisName = useAxisName();
  if (!matrix || !Array.isArray(matrix.labels) || !Array.isArray(matrix.values)) return null;
  const rows: CorrelationRow[] = matrix.labels.map((label, i) => ({ label, values: matrix.values[i] ?? [] }));
  const columns: Column<CorrelationRow>[] = [
    { header: '', cell: (row) => <Text span size="sm" fw={600}>{row.label}</Text> },
    // Columns are narrow: their headers take the short names; each row's header keeps the full name.
    ...matrix.labels.map((label, j) => ({ header: axisName(label), cell: (row: CorrelationRow) => formatCell(row.values[j]), numeric: true })),
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
  const placeLabel = usePlaceLabel();
  const columns: Column<OutlierRow>[] = [
    { header: placeLabel(labels.space), cell: (row) => row.space },
    ...(labels.region ? [{ header: placeLabel(labels.region), cell: (row: OutlierRow) => row.region ?? '' }] : []),
    { header: placeLabel(labels.time), cell: (row) => formatCell(row.time), numeric: true },
    { header: t('tables.columns.value'), cell: (row) => formatCell(row.value), numeric: true },
    { header: t('tables.columns.set'), cell: (row) => t(`tables.sets.${row.set}`, { defaultValue: row.set }) },
    { header: t('tables.columns.action'), cell: (row) => t(`tables.actions.${row.action}`, { defaultValue: row.action }) },
  ];
  return <DataTable title={t('tables.outliers')} columns={columns} rows={rows} testId="table-outliers" />;
}
