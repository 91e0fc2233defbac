import { percentTestYearCount } from '@indicata/contracts';
import type { SplitConfig } from '../pipeline/config.ts';
import { createRng, shuffleInPlace } from '../data/random.ts';

/** The outer split: frame row indices of training and test rows. */
export interface OuterSplit {
  trainRows: number[];
  testRows: number[];
  trainYears: number[];
  testYears: number[];
  description: string;
}

function uniqueSorted(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/**
 * Splits rows into training and test rows.
 * - year: test = rows of the target year (and of the region when given, matched against the spatial
 *   value first, then the region-group value); training = rows of strictly earlier years (all regions).
 * - percent: the most recent whole years whose share of rows is closest to P% are the test set (at
 *   least one year on each side), so no year is split between training and test.
 * @param rows candidate frame row indices (rows with a usable target)
 * @param time time of every frame row
 * @param space space value of every frame row
 * @param region region-group value of every frame row, or null
 * @param split the split configuration
 * @throws Error with a readable reason when either side would be empty
 */
export function outerSplit(
  rows: number[],
  time: number[],
  space: string[],
  region: (string | null)[] | null,
  split: SplitConfig,
): OuterSplit {
  if (split.mode === 'year') {
    const { testYear, testRegion } = split;
    let regionMatch: (i: number) => boolean = () => true;
    let regionLabel = '';
    if (testRegion) {
      const bySpace = rows.some((i) => space[i] === testRegion);
      const byRegion = !bySpace && region !== null && rows.some((i) => region[i] === testRegion);
      if (!bySpace && !byRegion) throw new Error(`The test region "${testRegion}" does not occur in the data.`);
      regionMatch = bySpace ? (i) => space[i] === testRegion : (i) => (region as (string | null)[])[i] === testRegion;
      regionLabel = ` in ${testRegion}`;
    }
    const testRows = rows.filter((i) => time[i] === testYear && regionMatch(i));
    const trainRows = rows.filter((i) => time[i] < testYear);
    if (testRows.length === 0) throw new Error(`No rows with a target value for the test year ${testYear}${regionLabel}.`);
    if (trainRows.length === 0) throw new Error(`No rows with a target value before the test year ${testYear} to train on.`);
    return {
      trainRows,
      testRows,
      trainYears: uniqueSorted(trainRows.map((i) => time[i])),
      testYears: [testYear],
      description: `Training on the years before ${testYear} (all regions); testing on ${testYear}${regionLabel}.`,
    };
  }
  const years = uniqueSorted(rows.map((i) => time[i]));
  if (years.length < 2) throw new Error('A percentage split needs at least two distinct time values.');
  const countByYear = new Map<number, number>();
  for (const i of rows) countByYear.set(time[i], (countByYear.get(time[i]) ?? 0) + 1);
  // The contracts rule, so the wizard's class preview names the years a job will test.
  const bestK = percentTestYearCount(
    years.map((y) => countByYear.get(y) as number),
    split.testPercent,
  );
  const cutoff = years[years.length - bestK];
  const testRows = rows.filter((i) => time[i] >= cutoff);
  const trainRows = rows.filter((i) => time[i] < cutoff);
  return {
    trainRows,
    testRows,
    trainYears: years.slice(0, years.length - bestK),
    testYears: years.slice(years.length - bestK),
    description: `Testing on the most recent ${bestK} time value(s) (${cutoff} onwards, ${((100 * testRows.length) / rows.length).toFixed(1)}% of rows; ${split.testPercent}% requested, cut at a whole year); training on earlier ones.`,
  };
}

/** A validation fold over positions 0..n-1 of the training rows. */
export interface Fold {
  train: number[];
  validation: number[];
  validationYears: number[];
}

/**
 * Forward-chaining folds: the last K distinct training years are validation years in turn, each fold
 * training on every strictly earlier year (an expanding window), K = min(maxFolds, years - 1).
 * @param times time of each training row (position order)
 * @param maxFolds upper bound on K
 * @returns folds (empty when there are fewer than two distinct years)
 */
export function forwardChainingFolds(times: ArrayLike<number>, maxFolds: number): Fold[] {
  const years = uniqueSorted(Array.from(times));
  const k = Math.min(maxFolds, years.length - 1);
  const folds: Fold[] = [];
  for (let f = years.length - k; f < years.length; f++) {
    const year = years[f];
    const train: number[] = [];
    const validation: number[] = [];
    for (let i = 0; i < times.length; i++) {
      if (times[i] < year) train.push(i);
      else if (times[i] === year) validation.push(i);
    }
    folds.push({ train, validation, validationYears: [year] });
  }
  return folds;
}

/**
 * Seeded stratified k-fold (each class's rows shuffled and dealt round-robin to the folds).
 * @param y class index per row
 * @param k number of folds
 * @param seed shuffle seed
 */
export function stratifiedKFold(y: ArrayLike<number>, k: number, seed: number): Fold[] {
  const rng = createRng(seed);
  const byClass = new Map<number, number[]>();
  for (let i = 0; i < y.length; i++) {
    const list = byClass.get(y[i]) ?? [];
    list.push(i);
    byClass.set(y[i], list);
  }
  const assignment = new Int32Array(y.length);
  let offset = 0;
  for (const c of [...byClass.keys()].sort((a, b) => a - b)) {
    const members = shuffleInPlace(byClass.get(c) as number[], rng);
    members.forEach((i, r) => {
      assignment[i] = (r + offset) % k;
    });
    offset = (offset + members.length) % k;
  }
  return Array.from({ length: k }, (_, f) => {
    const train: number[] = [];
    const validation: number[] = [];
    for (let i = 0; i < y.length; i++) (assignment[i] === f ? validation : train).push(i);
    return { train, validation, validationYears: [] };
  });
}

/**
 * The validation folds of the outer training rows: forward chaining over their times, or, when they cover a single
 * time value (no earlier year to train on), seeded stratified random folds of the rows.
 * @param times each training row's time
 * @param classes each training row's class
 * @param options at most this many forward-chaining folds, this many random ones, and the seed of the random ones
 */
export function validationFolds(
  times: ArrayLike<number>,
  classes: ArrayLike<number>,
  options: { folds: number; randomFolds: number; seed: number },
): { folds: Fold[]; kind: 'forward-chaining' | 'random' } {
  const forward = forwardChainingFolds(times, options.folds);
  if (forward.length > 0) return { folds: forward, kind: 'forward-chaining' };
  return { folds: stratifiedKFold(classes, Math.min(options.randomFolds, classes.length), options.seed), kind: 'random' };
}
