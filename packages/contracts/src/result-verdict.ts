import { LIMITS } from './limits.ts';
import { baselinesAtLeastAsGood } from './baseline-check.ts';
import type { AutoMLResults, ModelResult, SummaryMetrics } from './results.ts';

/**
 * The figures of a result's verdict, computed the same way for the web's result page and the server's
 * report: a seeded bootstrap interval over the test rows, the small-test rule and the baseline comparison.
 */

/** One test row as the bootstrap needs it: ordered class indices (0-based) of actual and predicted, and its place. */
export interface ScoredRow {
  actualIndex: number;
  predictedIndex: number;
  /** The row's place (region or country): with it, the bootstrap draws whole places, each with all its test rows. */
  space?: string;
}

export interface Interval {
  /** The score on all test rows (the point estimate). */
  estimate: number;
  low: number;
  high: number;
}

export interface BootstrapScores {
  macroF1: Interval;
  accuracy: Interval;
  resamples: number;
  level: number;
  seed: number;
  /** What one draw takes: a test row, or a place with all its test rows (when every row names its place). */
  unit: 'row' | 'place';
  /** How many rows or places each resample draws (as many as there are). */
  units: number;
}

/** Mulberry32: a small seeded generator, so the same rows and seed give the same interval everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Macro-F1 over the classes present in the actual or predicted labels, with precision or recall 0 when its
 * denominator is 0: the engine's (and scikit-learn's f1_score) definition, so the estimate equals the page's score.
 */
export function macroF1Of(actual: ArrayLike<number>, predicted: ArrayLike<number>, nClasses: number): number {
  const tp = new Float64Array(nClasses);
  const support = new Float64Array(nClasses);
  const predictedCount = new Float64Array(nClasses);
  for (let i = 0; i < actual.length; i++) {
    support[actual[i]] += 1;
    predictedCount[predicted[i]] += 1;
    if (actual[i] === predicted[i]) tp[actual[i]] += 1;
  }
  let sum = 0;
  let present = 0;
  for (let c = 0; c < nClasses; c++) {
    if (support[c] === 0 && predictedCount[c] === 0) continue;
    present += 1;
    const precision = predictedCount[c] === 0 ? 0 : tp[c] / predictedCount[c];
    const recall = support[c] === 0 ? 0 : tp[c] / support[c];
    sum += precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  }
  return present === 0 ? 0 : sum / present;
}

/** The q-quantile (0..1) of sorted values, linearly interpolated (numpy's default). */
function quantileOfSorted(sorted: ArrayLike<number>, q: number): number {
  const position = (sorted.length - 1) * q;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

/**
 * The test rows as the bootstrap draws them: one group per place when every row names its place (a place's rows of
 * successive test years are alike, sticky classes most of all, so drawing them one by one as if independent would
 * give intervals too narrow), else one group per row.
 */
function drawUnits(rows: readonly ScoredRow[]): { unit: 'row' | 'place'; groups: number[][] } {
  if (rows.length > 0 && rows.every((r) => typeof r.space === 'string')) {
    const byPlace = new Map<string, number[]>();
    rows.forEach((r, i) => {
      const group = byPlace.get(r.space as string);
      if (group) group.push(i);
      else byPlace.set(r.space as string, [i]);
    });
    return { unit: 'place', groups: [...byPlace.values()] };
  }
  return { unit: 'row', groups: rows.map((_, i) => [i]) };
}

/**
 * Percentile bootstrap intervals of macro-F1 and accuracy: places (or rows, when the rows do not name their place)
 * are drawn with replacement, as many as there are, each with all its test rows, `resamples` times with a seeded
 * generator. Returns null when there are no test rows.
 * @param rows the test rows' actual and predicted class indices, and their places
 * @param nClasses how many classes the target has
 * @param options seed (the job's), resamples and level (defaults from LIMITS.verdict)
 */
export function bootstrapScores(
  rows: readonly ScoredRow[],
  nClasses: number,
  options: { seed: number; resamples?: number; level?: number },
): BootstrapScores | null {
  const n = rows.length;
  if (n === 0) return null;
  const resamples = options.resamples ?? LIMITS.verdict.bootstrapResamples;
  const level = options.level ?? LIMITS.verdict.intervalLevel;
  const classes = Math.max(nClasses, ...rows.map((r) => Math.max(r.actualIndex, r.predictedIndex) + 1));
  const actual = Int32Array.from(rows, (r) => r.actualIndex);
  const predicted = Int32Array.from(rows, (r) => r.predictedIndex);
  const { unit, groups } = drawUnits(rows);
  const largestGroup = groups.reduce((most, g) => Math.max(most, g.length), 0);
  const random = seededRandom(options.seed);
  const f1s = new Float64Array(resamples);
  const accuracies = new Float64Array(resamples);
  const sampleActual = new Int32Array(groups.length * largestGroup);
  const samplePredicted = new Int32Array(groups.length * largestGroup);
  for (let b = 0; b < resamples; b++) {
    let hits = 0;
    let size = 0;
    for (let g = 0; g < groups.length; g++) {
      for (const pick of groups[Math.floor(random() * groups.length)]) {
        sampleActual[size] = actual[pick];
        samplePredicted[size] = predicted[pick];
        if (actual[pick] === predicted[pick]) hits += 1;
        size += 1;
      }
    }
    f1s[b] = macroF1Of(sampleActual.subarray(0, size), samplePredicted.subarray(0, size), classes);
    accuracies[b] = hits / size;
  }
  f1s.sort();
  accuracies.sort();
  const tail = (1 - level) / 2;
  let hits = 0;
  for (let i = 0; i < n; i++) if (actual[i] === predicted[i]) hits += 1;
  return {
    macroF1: { estimate: macroF1Of(actual, predicted, classes), low: quantileOfSorted(f1s, tail), high: quantileOfSorted(f1s, 1 - tail) },
    accuracy: { estimate: hits / n, low: quantileOfSorted(accuracies, tail), high: quantileOfSorted(accuracies, 1 - tail) },
    resamples,
    level,
    seed: options.seed,
    unit,
    units: groups.length,
  };
}

export interface SmallTestCheck {
  /** Fewer test rows than LIMITS.verdict.minTestRows. */
  tooFewRows: boolean;
  /** Classes without a single test row, by title: the test says nothing about them. */
  emptyClasses: string[];
  /** Classes with some test rows but fewer than LIMITS.verdict.minClassTestRows, by title. */
  sparseClasses: string[];
  /** Any of the above: some or all of the test figures rest on too little data to trust. */
  warn: boolean;
}

/**
 * The small-test rule: warn when the test set has fewer than 30 rows, or a class has fewer than 5 test rows (a class
 * with none is named apart, once).
 * @param testRows test rows the scores rest on
 * @param classes each class's title and test-row count
 */
export function smallTestCheck(testRows: number, classes: readonly { title: string; testCount: number }[]): SmallTestCheck {
  const tooFewRows = testRows < LIMITS.verdict.minTestRows;
  const emptyClasses = classes.filter((c) => c.testCount === 0).map((c) => c.title);
  const sparseClasses = classes.filter((c) => c.testCount > 0 && c.testCount < LIMITS.verdict.minClassTestRows).map((c) => c.title);
  return { tooFewRows, emptyClasses, sparseClasses, warn: tooFewRows || emptyClasses.length > 0 || sparseClasses.length > 0 };
}

export interface BaselineComparison {
  name: 'majority' | 'persistence';
  test: SummaryMetrics;
  /** The chosen model's test macro-F1 is strictly higher than the baseline's. */
  beaten: boolean;
}

/**
 * The chosen model (results.best) against each baseline on test macro-F1. A baseline is beaten unless it scores at
 * least as well (baselinesAtLeastAsGood: the engine's list, or the scores for older results); without a test
 * score of its own the model beats nothing. A recommended rule (Persistence, Majority) is not compared with its own
 * baseline, which it is.
 */
export function compareWithBaselines(results: AutoMLResults): BaselineComparison[] {
  const itself = String(results.best).toLowerCase();
  const baselines = (Array.isArray(results.baselines) ? results.baselines : []).filter((b) => b.name !== itself);
  const chosenScore = results.models?.[results.best]?.test?.macroF1;
  const atLeastAsGood = new Set(baselinesAtLeastAsGood(results).map((b) => b.name));
  return baselines.map((baseline) => ({
    name: baseline.name,
    test: baseline.test,
    beaten: typeof chosenScore === 'number' && !atLeastAsGood.has(baseline.name),
  }));
}

/**
 * The recommendation's test intervals, the same for the result page's verdict, the report and the e-mail; null when
 * the recommendation has no test rows (or is not in the results).
 * @param results a job's results
 */
export function recommendedIntervals(results: AutoMLResults): BootstrapScores | null {
  const best = results.models?.[results.best];
  const classes = Array.isArray(results.classes) ? results.classes.length : 0;
  return best && Array.isArray(best.predictions) ? bootstrapScores(best.predictions, classes, { seed: results.seed ?? 0 }) : null;
}

/**
 * Whether the chosen model's test lead over a baseline lies inside the model's own interval (the baseline scores at
 * or above its low end): other test rows could well have put the baseline level or ahead, so the lead may be chance.
 * @param baselineScore the baseline's test macro-F1
 * @param intervals the chosen model's bootstrap intervals
 */
export function leadInsideInterval(baselineScore: number | null | undefined, intervals: BootstrapScores | null): boolean {
  return intervals !== null && typeof baselineScore === 'number' && baselineScore >= intervals.macroF1.low;
}

/** The distinct years of the test rows, ascending. */
export function testYearsOf(model: ModelResult): number[] {
  const rows = Array.isArray(model.predictions) ? model.predictions : [];
  return [...new Set(rows.map((row) => row.time))].sort((a, b) => a - b);
}
