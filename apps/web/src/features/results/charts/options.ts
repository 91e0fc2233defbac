/**
 * ECharts options of the results charts, built from the results alone (pure, so they can be tested
 * without a canvas). Types are kept loose on purpose: ECharts' option types are large and this module
 * must not pull them into the main chunk.
 */
import { formatUpTo, type Baseline, type ConfusionMatrix, type FeatureImportanceRow, type ModelResult } from '@indicata/contracts';

export type ChartOption = Record<string, unknown>;

/** How a chart writes a number: ECharts would print JavaScript's point in every language. */
export type ValueFormat = (value: number) => string;

/** Up to 4 decimals with the point; the components pass the reader's decimal mark. */
export const POINT_FORMAT: ValueFormat = (value) => formatUpTo(value, 4, 'en');

/** A tooltip's or a label's value: a number in `format`, anything else (ECharts' '-' for no value) as it is. */
export const valueText = (format: ValueFormat) => (value: unknown) => (typeof value === 'number' ? format(value) : value === null || value === undefined ? '-' : String(value));

const FONT = { fontFamily: 'inherit', fontSize: 11 };

/** Ordered classes get an ordered palette (light to dark blue-green), so the map reads low -> high. */
export function classPalette(count: number): string[] {
  const stops = [
    [237, 248, 177],
    [127, 205, 187],
    [44, 127, 184],
    [37, 52, 148],
  ];
  if (count <= 1) return ['rgb(44,127,184)'];
  return Array.from({ length: count }, (_, index) => {
    const t = (index / (count - 1)) * (stops.length - 1);
    const low = Math.floor(t);
    const high = Math.min(stops.length - 1, low + 1);
    const mix = t - low;
    const channel = (c: number) => Math.round(stops[low][c] + (stops[high][c] - stops[low][c]) * mix);
    return `rgb(${channel(0)},${channel(1)},${channel(2)})`;
  });
}

/**
 * An axis label that stays inside its chart: past `width` pixels it wraps onto further lines ('break', for a few short
 * names such as the baselines') or ends in an ellipsis ('truncate', for long lists). The category keeps its full name,
 * which the tooltip shows, so a cut label never hides what it stands for.
 */
const fitted = (width: number, overflow: 'break' | 'truncate') => ({ ...FONT, width, overflow, ellipsis: '…' });

/**
 * A heatmap cell's tooltip: its row and column names in full, and its value (text nodes only, see textTooltip).
 * @param lines the tooltip's lines from the cell's row name, column name and value
 */
const cellTooltip = (labels: string[], lines: (row: string, column: string, value: number | string) => string[]) => ({
  position: 'top',
  // Indicator names run to 150 characters: kept inside the chart, the tooltip wraps instead of leaving the screen.
  confine: true,
  formatter: (params: { data?: [number, number, number | string] }) => {
    const [column, row, value] = params.data ?? [0, 0, ''];
    return textTooltip(lines(labels[row] ?? '', labels[column] ?? '', value));
  },
});

/** Heatmap of a confusion matrix: actual classes on the vertical axis, predicted on the horizontal. */
export function confusionHeatmapOption(matrix: ConfusionMatrix, axis: { actual: string; predicted: string }): ChartOption {
  const labels = matrix.labels;
  const data: [number, number, number][] = [];
  let max = 0;
  matrix.matrix.forEach((row, actual) =>
    row.forEach((count, predicted) => {
      data.push([predicted, actual, count]);
      max = Math.max(max, count);
    }),
  );
  return {
    animation: false,
    tooltip: cellTooltip(labels, (row, column, count) => [`${axis.actual}: ${row}`, `${axis.predicted}: ${column}`, String(count)]),
    grid: { left: 8, right: 16, top: 28, bottom: 48, containLabel: true },
    xAxis: { type: 'category', data: labels, name: axis.predicted, nameLocation: 'middle', nameGap: 28, nameTextStyle: { fontWeight: 600 }, splitArea: { show: true }, axisLabel: { ...fitted(96, 'truncate'), interval: 0, rotate: labels.length > 4 ? 30 : 0 } },
    yAxis: { type: 'category', data: labels, name: axis.actual, nameLocation: 'start', nameTextStyle: { fontWeight: 600 }, inverse: true, splitArea: { show: true }, axisLabel: fitted(110, 'truncate') },
    visualMap: { min: 0, max: Math.max(1, max), show: false, inRange: { color: ['#f1f5f9', '#2c7fb8', '#253494'] } },
    series: [
      {
        type: 'heatmap',
        data,
        label: { show: labels.length <= 12, ...FONT },
        emphasis: { itemStyle: { borderColor: '#111', borderWidth: 1 } },
      },
    ],
  };
}

/** Count of test rows on the diagonal (hits) and in total. */
export function confusionTotals(matrix: ConfusionMatrix): { hits: number; total: number } {
  let hits = 0;
  let total = 0;
  matrix.matrix.forEach((row, i) =>
    row.forEach((count, j) => {
      total += count;
      if (i === j) hits += count;
    }),
  );
  return { hits, total };
}

/**
 * Heatmap of Pearson correlations, -1 (red) .. 0 (white) .. 1 (blue); null cells are left empty.
 * @param axisName what an axis shows for a label (a short name; the tooltip keeps the label)
 * @param format how a coefficient is written (the reader's decimal mark)
 */
export function correlationHeatmapOption(
  labels: string[],
  values: (number | null)[][],
  axisName: (label: string) => string = (label) => label,
  format: ValueFormat = POINT_FORMAT,
): ChartOption {
  const data: [number, number, number | string][] = [];
  values.forEach((row, i) => row.forEach((value, j) => data.push([j, i, value === null ? '-' : value])));
  const text = valueText(format);
  return {
    animation: false,
    tooltip: cellTooltip(labels, (row, column, r) => [`${row} ↔ ${column}`, `r = ${text(r)}`]),
    grid: { left: 8, right: 16, top: 16, bottom: 72, containLabel: true },
    xAxis: { type: 'category', data: labels, axisLabel: { ...fitted(130, 'truncate'), rotate: 45, interval: 0, formatter: axisName } },
    yAxis: { type: 'category', data: labels, inverse: true, axisLabel: { ...fitted(150, 'truncate'), interval: 0, formatter: axisName } },
    visualMap: {
      min: -1,
      max: 1,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      textStyle: FONT,
      formatter: format,
      inRange: { color: ['#b2182b', '#f7f7f7', '#2166ac'] },
    },
    series: [{ type: 'heatmap', data, label: { show: labels.length <= 8, ...FONT, formatter: (params: { data: [number, number, number | string] }) => text(params.data[2]) } }],
  };
}

/**
 * Horizontal bars of feature importance, the most important on top (at most `top` features).
 * @param axisName what the axis shows for a feature (a short name; the tooltip keeps the feature's name)
 * @param format how an importance is written (the reader's decimal mark)
 */
export function featureImportanceOption(
  rows: FeatureImportanceRow[],
  top = 20,
  axisName: (feature: string) => string = (feature) => feature,
  format: ValueFormat = POINT_FORMAT,
): ChartOption {
  const sorted = [...rows].sort((a, b) => b.Importance - a.Importance).slice(0, top).reverse();
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: valueText(format) },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', axisLabel: { ...FONT, formatter: format } },
    yAxis: { type: 'category', data: sorted.map((r) => r.Feature), axisLabel: { ...fitted(200, 'truncate'), formatter: axisName } },
    series: [{ type: 'bar', data: sorted.map((r) => r.Importance), itemStyle: { color: '#2c7fb8' }, barMaxWidth: 18 }],
  };
}

/**
 * Test macro-F1 and accuracy per model, the baselines last in grey tones.
 * @param format how a score is written (the reader's decimal mark)
 */
export function scoresOption(
  models: ModelResult[],
  baselines: Baseline[],
  names: { macroF1: string; accuracy: string; baseline: (name: Baseline['name']) => string },
  format: ValueFormat = POINT_FORMAT,
): ChartOption {
  const entries = [
    ...models.map((m) => ({ name: m.algorithm, f1: m.test.macroF1, accuracy: m.test.accuracy, baseline: false })),
    ...baselines.map((b) => ({ name: names.baseline(b.name), f1: b.test.macroF1, accuracy: b.test.accuracy, baseline: true })),
  ];
  const value = (v: number | null, baseline: boolean, color: string) => ({
    value: v,
    itemStyle: { color: baseline ? '#adb5bd' : color, opacity: baseline ? 0.9 : 1 },
  });
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: valueText(format) },
    legend: { top: 0, textStyle: FONT, data: [names.macroF1, names.accuracy] },
    grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
    // Many bars leave each name about 40 px: slanted at 40 degrees on one line, neighbours clear each other, where
    // wrapped names of the baselines ("Referência da classe majoritária") ran into one another. The axis tooltip
    // keeps each full name.
    xAxis: { type: 'category', data: entries.map((e) => e.name), axisLabel: entries.length > 6 ? { ...fitted(120, 'truncate'), interval: 0, rotate: 40 } : { ...fitted(84, 'break'), interval: 0, rotate: 0 } },
    yAxis: { type: 'value', min: 0, max: 1, axisLabel: { ...FONT, formatter: format } },
    series: [
      { name: names.macroF1, type: 'bar', data: entries.map((e) => value(e.f1, e.baseline, '#2c7fb8')), itemStyle: { color: '#2c7fb8' }, barMaxWidth: 28 },
      { name: names.accuracy, type: 'bar', data: entries.map((e) => value(e.accuracy, e.baseline, '#7fcdbb')), itemStyle: { color: '#7fcdbb' }, barMaxWidth: 28 },
    ],
  };
}

export interface MapEntry {
  /** world-atlas shape name */
  name: string;
  actualIndex: number;
  predictedIndex: number;
  actual: string;
  predicted: string;
}

/**
 * A tooltip body built as DOM nodes with text only: class titles and place names come from the user's data, and an
 * HTML string would let a title such as `<img src=x onerror=...>` run in the page.
 */
export function textTooltip(lines: string[]): HTMLElement {
  const box = document.createElement('div');
  // ECharts' tooltip keeps its text on one line; a long name wraps within a readable width instead.
  box.style.whiteSpace = 'normal';
  box.style.maxWidth = '22rem';
  box.style.overflowWrap = 'anywhere';
  for (const line of lines) {
    const row = document.createElement('div');
    row.textContent = line;
    box.append(row);
  }
  return box;
}

/** How the two maps sit: side by side on wide screens, one above the other on phones. */
export type MapLayout = 'side' | 'stacked';

/** Width / height of the map chart's box for a layout (the maps keep the world's aspect inside it). */
export const MAP_BOX_ASPECT: Record<MapLayout, number> = { side: 2.9, stacked: 0.72 };

/**
 * Two maps (actual, predicted), coloured by ordered class; `mapName` was registered by registerWorldMap.
 * Each map gets a left, top and width but no bottom or right, so ECharts derives its height from the world's
 * aspect instead of stretching it to the box (a squashed map on phones).
 */
export function worldMapOption(
  mapName: string,
  entries: MapEntry[],
  classTitles: string[],
  titles: { actual: string; predicted: string },
  layout: MapLayout = 'side',
): ChartOption {
  const palette = classPalette(classTitles.length);
  const place =
    layout === 'side'
      ? { actual: { left: '1%', top: 28, width: '48%' }, predicted: { left: '51%', top: 28, width: '48%' } }
      : { actual: { left: '2%', top: '6%', width: '96%' }, predicted: { left: '2%', top: '52%', width: '96%' } };
  // Two maps need two registered names: ECharts merges map series that share one.
  const series = (field: 'actualIndex' | 'predictedIndex', box: Record<string, string | number>) => ({
    type: 'map',
    map: `${mapName}-${field}`,
    ...box,
    roam: false,
    itemStyle: { areaColor: '#e9ecef', borderColor: '#adb5bd', borderWidth: 0.4 },
    emphasis: { label: { show: false }, itemStyle: { areaColor: '#ffd43b' } },
    select: { disabled: true },
    data: entries.map((entry) => ({ name: entry.name, value: entry[field], actual: entry.actual, predicted: entry.predicted })),
  });
  const titlePlace =
    layout === 'side'
      ? { actual: { left: '24%', top: 0 }, predicted: { left: '75%', top: 0 } }
      : { actual: { left: '50%', top: 0 }, predicted: { left: '50%', top: '46%' } };
  return {
    animation: false,
    title: [
      { text: titles.actual, ...titlePlace.actual, textAlign: 'center', textStyle: { fontSize: 13, fontWeight: 600 } },
      { text: titles.predicted, ...titlePlace.predicted, textAlign: 'center', textStyle: { fontSize: 13, fontWeight: 600 } },
    ],
    tooltip: {
      trigger: 'item',
      formatter: (params: { name: string; data?: { actual: string; predicted: string } }) =>
        textTooltip(params.data ? [params.name, `${titles.actual}: ${params.data.actual}`, `${titles.predicted}: ${params.data.predicted}`] : [params.name]),
    },
    visualMap: {
      type: 'piecewise',
      seriesIndex: [0, 1],
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      textStyle: FONT,
      pieces: classTitles.map((title, index) => ({ value: index, label: title, color: palette[index] })),
    },
    series: [series('actualIndex', place.actual), series('predictedIndex', place.predicted)],
  };
}
