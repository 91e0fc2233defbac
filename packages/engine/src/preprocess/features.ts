import type { Matrix } from '../models/types.ts';
import type { AttributeDiscretization, PreprocessingConfig } from '../pipeline/config.ts';
import { entropyBits, observedSorted, pearson, pick, quantileSorted } from '../data/stats.ts';
import { ENGINE_WARNINGS } from '../pipeline/warnings.ts';

/**
 * The feature half of preprocessing, fit on training rows only and applied to any rows:
 * missing-data column removal -> attribute selection (information gain, Pearson cut, manual list) ->
 * imputation -> attribute discretization. The pipeline fits it once per forward-chaining fold (on the
 * fold's training rows) and once on all training rows for the final models, for each input set; the input sets
 * of one row set share their column statistics (ColumnStatsMemo).
 */

/** Candidate feature columns over all rows of the frame. */
export interface FeatureSource {
  names: string[];
  columns: Float64Array[];
  /**
   * The last `forced` columns (the target's history) are always used: they skip missing-data removal and
   * attribute selection, are filled with the training median where missing (whatever the imputation setting)
   * and never make a row incomplete.
   */
  forced?: number;
  /**
   * Per column, the carry-forward value of each row (its place's latest earlier value: carry-forward.ts), or null
   * for a column that is not carried (the history columns). A missing cell takes it before the training fill value,
   * unless the imputation is 'none'. Absent: no carry-forward.
   */
  carried?: (Float64Array | null)[];
}

export interface IndicatorReport {
  indicatorAnalyzingName: string;
  missingDatasPercent: number;
  ig: number | null;
  pearson: number | null;
  reason?: string;
}

export interface FittedFeatures {
  /** Selected feature names in model column order (IG descending for automatic selection). */
  names: string[];
  /** Index of each selected feature in the source. */
  sourceIndex: number[];
  /** How many of the last selected features are forced (history) columns. */
  forced: number;
  /** Value that fills a missing cell of each selected feature (mean/median of training rows). */
  fill: Float64Array;
  imputation: 'none' | 'mean' | 'median';
  /** Inner bin edges per selected feature when it is discretized, else null. */
  binEdges: (number[] | null)[];
  /** Columns removed for missing data: percent missing on all training rows and, when judged there, on the latest years. */
  removedColumns: { name: string; missingPercent: number; recentMissingPercent?: number }[];
  used: IndicatorReport[];
  unused: IndicatorReport[];
  selectionMode: 'automatic' | 'manual' | 'off';
  warnings: string[];
}

/** Number of quantile bins used to discretize a feature for its information gain. */
export const IG_BINS = 10;

/**
 * Information gain (bits) of a feature about the class, with the feature cut into up to IG_BINS
 * quantile bins fit on the same (training) rows; rows where the feature is missing are left out.
 * @param values feature values of training rows
 * @param classes class index of the same rows
 * @param nClasses number of classes
 * @param sorted the observed values of `values` in ascending order, when the caller has them already
 */
export function informationGain(values: ArrayLike<number>, classes: ArrayLike<number>, nClasses: number, sorted: Float64Array = observedSorted(values)): number {
  if (sorted.length === 0) return 0;
  const edges: number[] = [];
  for (let b = 1; b < IG_BINS; b++) {
    const e = quantileSorted(sorted, b / IG_BINS);
    if (e > sorted[0] && (edges.length === 0 || e > edges[edges.length - 1])) edges.push(e);
  }
  const nBins = edges.length + 1;
  const joint = new Float64Array(nBins * nClasses);
  const classCounts = new Float64Array(nClasses);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isNaN(v)) continue;
    const bin = binOf(v, edges);
    joint[bin * nClasses + classes[i]] += 1;
    classCounts[classes[i]] += 1;
  }
  const total = sorted.length;
  let conditional = 0;
  for (let b = 0; b < nBins; b++) {
    const row = joint.subarray(b * nClasses, (b + 1) * nClasses);
    let n = 0;
    for (let c = 0; c < nClasses; c++) n += row[c];
    if (n > 0) conditional += (n / total) * entropyBits(row);
  }
  return Math.max(0, entropyBits(classCounts) - conditional);
}

/** 0-based bin of a value given ascending inner edges (a value equal to an edge goes up). */
export function binOf(value: number, edges: readonly number[]): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (value >= edges[mid]) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function round(v: number, digits = 6): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

function attributeEdges(entry: AttributeDiscretization[number], stats: ColumnStats): number[] {
  if (entry.option === 'manual') {
    const classes = Object.values(entry.classes ?? {}).sort((a, b) => a.min - b.min);
    if (classes.length < 2) return [];
    return classes.slice(1).map((c) => c.min);
  }
  const groups = entry.groups ?? 1;
  if (groups <= 1 || stats.observedCount === 0) return [];
  const lo = stats.min;
  const hi = stats.max;
  if (lo === hi) return [];
  const width = (hi - lo) / groups;
  return Array.from({ length: groups - 1 }, (_, i) => lo + width * (i + 1));
}

/** What fitFeatures needs of one column on one set of training rows: numbers only, so memoising them costs little. */
export interface ColumnStats {
  observedCount: number;
  missingPercent: number;
  /** Information gain about the class (bits, rounded), 0 without an observed value. */
  ig: number;
  /** Pearson r with the raw target (rounded), null when undefined. */
  pearson: number | null;
  /** Median, mean (in row order, as a running sum), smallest and largest observed value; NaN without one. */
  median: number;
  mean: number;
  min: number;
  max: number;
}

function columnStats(values: Float64Array, classes: ArrayLike<number>, target: ArrayLike<number>, nClasses: number): ColumnStats {
  const n = values.length;
  const sorted = observedSorted(values);
  const count = sorted.length;
  let sum = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN(values[i])) sum += values[i];
  const r = pearson(values, target);
  return {
    observedCount: count,
    missingPercent: missingPercentOf(n - count, n),
    ig: count === 0 ? 0 : round(informationGain(values, classes, nClasses, sorted)),
    pearson: r === null ? null : round(r),
    median: quantileSorted(sorted, 0.5),
    mean: count === 0 ? NaN : sum / count,
    min: count === 0 ? NaN : sorted[0],
    max: count === 0 ? NaN : sorted[count - 1],
  };
}

/**
 * Column statistics shared by the preprocessing fits of one run on the same training rows: the pipeline fits both
 * input sets (indicators; indicators + the target's history) on each fold's rows, and the indicator columns are the
 * same arrays in both, so each column's sort and information gain is computed once per row set, not once per fit.
 * Valid for one prepared target (the classes and target values of a row never change within a run).
 */
export class ColumnStatsMemo {
  private readonly byLabel = new Map<string, { fingerprint: string; stats: Map<Float64Array, ColumnStats> }>();

  /**
   * The statistics memo of one row set.
   * @param label names the row set within the run (e.g. 'final', 'fc-0')
   * @param rows the set's frame rows; a label seen with other rows starts afresh
   */
  forRows(label: string, rows: ArrayLike<number>): Map<Float64Array, ColumnStats> {
    const fingerprint = rowsFingerprint(rows);
    const entry = this.byLabel.get(label);
    if (entry && entry.fingerprint === fingerprint) return entry.stats;
    const stats = new Map<Float64Array, ColumnStats>();
    this.byLabel.set(label, { fingerprint, stats });
    return stats;
  }
}

/** Count and FNV-1a hash of row indices: tells two row sets apart without keeping them. */
function rowsFingerprint(rows: ArrayLike<number>): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < rows.length; i++) hash = Math.imul(hash ^ rows[i], 0x01000193) >>> 0;
  return `${rows.length}:${hash}`;
}

/**
 * Fits the feature preprocessing on training rows.
 * @param source candidate feature columns over all frame rows
 * @param trainRows frame row indices of the training rows
 * @param trainClasses class index of each training row (same order as trainRows)
 * @param trainTarget raw target value of each training row
 * @param nClasses number of target classes
 * @param options missing-data, attribute-selection and attribute-discretization settings
 * @param memo column statistics already computed on these same rows (ColumnStatsMemo.forRows), filled as computed
 * @param recent where the missing-data step counts missing cells: the year of each training row (same order as
 *   trainRows) and how many of the latest years count (recentMissingRows); without it, every training row counts
 */
export function fitFeatures(
  source: FeatureSource,
  trainRows: ArrayLike<number>,
  trainClasses: ArrayLike<number>,
  trainTarget: ArrayLike<number>,
  nClasses: number,
  // Carry-forward is the source's (FeatureSource.carried), not the fit's.
  options: Pick<PreprocessingConfig, 'attributeSelection' | 'attributeDiscretization'> & {
    missingData: Pick<PreprocessingConfig['missingData'], 'maxMissingPercent' | 'imputation'>;
  },
  memo: Map<Float64Array, ColumnStats> = new Map(),
  recent?: { times: ArrayLike<number>; years: number },
): FittedFeatures {
  const warnings: string[] = [];
  const stats = source.columns.map((col) => {
    let known = memo.get(col);
    if (!known) {
      known = columnStats(pick(col, trainRows), trainClasses, trainTarget, nClasses);
      memo.set(col, known);
    }
    return known;
  });
  const firstForced = source.names.length - (source.forced ?? 0);
  const isForced = (j: number) => j >= firstForced;
  const missingPercent = stats.map((s) => s.missingPercent);

  // 1. Missing-data column removal, judged on the latest training years (a column with no observed value there is
  //    always removed): an indicator first reported a few years ago is missing in most old rows yet present in the
  //    years predicted, and one no longer reported is the reverse.
  const { maxMissingPercent, imputation } = options.missingData;
  const window = recentMissingRows(trainRows, recent);
  const judgedPercent = window.all ? missingPercent : source.columns.map((col) => missingShare(col, window.rows));
  const removed: number[] = [];
  const candidates: number[] = [];
  source.names.forEach((_, j) => {
    if (isForced(j)) return;
    (removedForMissing(judgedPercent[j], maxMissingPercent) ? removed : candidates).push(j);
  });
  const removedColumns: FittedFeatures['removedColumns'] = removed.map((j) => ({
    name: source.names[j],
    missingPercent: missingPercent[j],
    ...(window.all ? {} : { recentMissingPercent: judgedPercent[j] }),
  }));

  // 2. Attribute selection.
  const { minInformationGain, maxFeatures, pearsonCut, manualFeatures } = options.attributeSelection;
  const ig = new Map<number, number>();
  const r = new Map<number, number | null>();
  for (const j of candidates) {
    ig.set(j, stats[j].ig);
    r.set(j, stats[j].pearson);
  }
  const report = (j: number, reason?: string): IndicatorReport => ({
    indicatorAnalyzingName: source.names[j],
    missingDatasPercent: missingPercent[j],
    ig: ig.has(j) ? (ig.get(j) as number) : null,
    pearson: r.has(j) ? (r.get(j) as number | null) : null,
    ...(reason ? { reason } : {}),
  });
  const unused: IndicatorReport[] = removed.map((j) => {
    const where = window.all ? 'on training rows' : `on the training rows of the latest ${window.label} (${Math.round(judgedPercent[j])}% missing there)`;
    return report(j, `more than ${maxMissingPercent ?? 99.99}% missing ${where}`);
  });
  let selected: number[];
  let selectionMode: FittedFeatures['selectionMode'];
  if (manualFeatures && manualFeatures.length > 0) {
    selectionMode = 'manual';
    selected = [];
    for (const name of manualFeatures) {
      const j = source.names.indexOf(name);
      if (j === -1) warnings.push(ENGINE_WARNINGS.manualNotNumeric(name));
      else if (!candidates.includes(j)) warnings.push(ENGINE_WARNINGS.manualRemoved(name));
      else if (!selected.includes(j)) selected.push(j);
    }
    for (const j of candidates) if (!selected.includes(j)) unused.push(report(j, 'not in the manual list'));
  } else if (minInformationGain === null && pearsonCut === null) {
    selectionMode = 'off';
    selected = [...candidates];
  } else {
    // Each rule is applied unless it is switched off on its own: a Pearson cut set beside a switched-off information
    // gain still drops the near-copies of the target, and the ranking by information gain still keeps the top ones.
    selectionMode = 'automatic';
    const ranked: number[] = [];
    for (const j of candidates) {
      const rj = r.get(j);
      if (pearsonCut !== null && rj !== null && rj !== undefined && Math.abs(rj) > pearsonCut) {
        unused.push(report(j, `|Pearson r| with the target above ${pearsonCut} (near-copy of the target)`));
      } else if (minInformationGain !== null && (ig.get(j) as number) < minInformationGain) {
        unused.push(report(j, `information gain below ${minInformationGain}`));
      } else ranked.push(j);
    }
    ranked.sort((a, b) => (ig.get(b) as number) - (ig.get(a) as number) || a - b);
    selected = ranked.slice(0, maxFeatures);
    for (const j of ranked.slice(maxFeatures)) unused.push(report(j, `not among the top ${maxFeatures} by information gain`));
  }
  for (let j = firstForced; j < source.names.length; j++) selected.push(j);
  if (selected.length === 0) {
    throw new Error('No attribute is left for prediction after the missing-data and attribute-selection steps; relax them.');
  }

  // 3. Imputation values (mean or median of observed training values; 'none' fills test rows with the median).
  const fill = new Float64Array(selected.length);
  selected.forEach((j, k) => {
    fill[k] = imputation === 'mean' && !isForced(j) ? stats[j].mean : stats[j].median;
    // A history column with no training value at all (a single training year) still needs a number.
    if (Number.isNaN(fill[k])) fill[k] = 0;
  });

  // 4. Attribute discretization (edges fit on observed training values).
  const binEdges = selected.map((j) => {
    const entry = options.attributeDiscretization.find((e) => e.indicator === source.names[j]);
    return entry ? attributeEdges(entry, stats[j]) : null;
  });
  for (const entry of options.attributeDiscretization) {
    if (!selected.some((j) => source.names[j] === entry.indicator)) {
      warnings.push(ENGINE_WARNINGS.attributeDiscretizationSkipped(entry.indicator));
    }
  }

  return {
    names: selected.map((j) => source.names[j]),
    sourceIndex: selected,
    forced: selected.filter(isForced).length,
    fill,
    imputation,
    binEdges,
    removedColumns,
    used: selected.map((j) => report(j)),
    unused: unused.sort((a, b) => (b.ig ?? -1) - (a.ig ?? -1)),
    selectionMode,
    warnings,
  };
}

/** The training rows whose missing cells the missing-data step counts (`all` when every training row counts). */
interface MissingWindow {
  all: boolean;
  rows: number[];
  /** "4 years (2007-2010)" or "year 2010", for the removal reason. */
  label: string;
}

/**
 * The training rows of the latest `recent.years` distinct years (every training row when no years are given, or when
 * those years hold every training row).
 * @param trainRows frame row indices of the training rows
 * @param recent the year of each training row (same order) and how many of the latest years count
 */
export function recentMissingRows(trainRows: ArrayLike<number>, recent?: { times: ArrayLike<number>; years: number }): MissingWindow {
  const everything: MissingWindow = { all: true, rows: Array.from(trainRows), label: '' };
  if (!recent || trainRows.length === 0) return everything;
  const years = [...new Set(Array.from(recent.times))].filter((t) => Number.isFinite(t)).sort((a, b) => a - b);
  if (years.length <= recent.years) return everything;
  const from = years[years.length - recent.years];
  const rows: number[] = [];
  for (let i = 0; i < trainRows.length; i++) if (recent.times[i] >= from) rows.push(trainRows[i]);
  const to = years[years.length - 1];
  return { all: false, rows, label: recent.years === 1 ? `year ${to}` : `${recent.years} years (${from}-${to})` };
}

/** Percent (0..100, rounded) of the given frame rows where a column is missing. */
function missingShare(column: Float64Array, rows: readonly number[]): number {
  let missing = 0;
  for (const i of rows) if (Number.isNaN(column[i])) missing += 1;
  return missingPercentOf(missing, rows.length);
}

/**
 * The missing share the missing-data step judges a column by, in percent rounded to 4 decimals (100 for no cells).
 * @param missing missing cells
 * @param total cells counted
 */
export function missingPercentOf(missing: number, total: number): number {
  return total === 0 ? 100 : round((100 * missing) / total, 4);
}

/**
 * The missing-data step's rule: a column is removed when more than `maxMissingPercent` of it is missing, and always
 * when nothing is observed. Callers that pre-select columns (the server's default WHO indicators) apply it too.
 * @param percent the column's missing share (missingPercentOf)
 * @param maxMissingPercent the threshold; null removes only columns with no value
 */
export function removedForMissing(percent: number, maxMissingPercent: number | null): boolean {
  return percent === 100 || (maxMissingPercent !== null && percent > maxMissingPercent);
}

/**
 * Applies fitted feature preprocessing to rows.
 * @param source candidate feature columns over all frame rows
 * @param fitted output of fitFeatures
 * @param rows frame row indices
 * @returns the dense matrix (missing cells filled with the place's latest earlier value when the source carries
 *   one, else the training fill value; discretized columns as 1-based bin numbers) and, per row, whether a cell had
 *   to be filled (with imputation 'none' such training rows are dropped)
 */
export function transformFeatures(
  source: FeatureSource,
  fitted: FittedFeatures,
  rows: ArrayLike<number>,
): { X: Matrix; incomplete: Uint8Array } {
  const cols = fitted.names.length;
  const data = new Float64Array(rows.length * cols);
  const incomplete = new Uint8Array(rows.length);
  const firstForced = cols - fitted.forced;
  for (let k = 0; k < cols; k++) {
    const column = source.columns[fitted.sourceIndex[k]];
    const carried = fitted.imputation === 'none' ? null : (source.carried?.[fitted.sourceIndex[k]] ?? null);
    const edges = fitted.binEdges[k];
    for (let i = 0; i < rows.length; i++) {
      let v = column[rows[i]];
      if (Number.isNaN(v) && carried) v = carried[rows[i]];
      if (Number.isNaN(v)) {
        v = fitted.fill[k];
        if (k < firstForced) incomplete[i] = 1;
      }
      data[i * cols + k] = edges ? binOf(v, edges) + 1 : v;
    }
  }
  return { X: { data, rows: rows.length, cols }, incomplete };
}
