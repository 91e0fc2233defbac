import type { BalanceAlgorithm } from '@indicata/contracts';
import type { Matrix } from '../models/types.ts';
import { createRng, shuffleInPlace, type Rng } from '../data/random.ts';
import { pickInt32 } from '../data/stats.ts';

/**
 * Class balancing of a training set (applied inside each training fold and to the final training set,
 * never to validation or test rows). Oversampling methods bring every class up to the largest class's
 * count; the rows they add are tagged `synthetic` and are only ever used for fitting.
 */

/** Where and when each training row is (needed by the temporal and spatial methods). */
export interface RowContext {
  space: string[];
  region: (string | null)[] | null;
  time: number[];
}

export interface BalancedSet {
  X: Matrix;
  y: Int32Array;
  /** 1 for rows made by the balancing step. */
  synthetic: Uint8Array;
  /** Row context of every output row (synthetic rows inherit their seed row's space/region). */
  context: RowContext;
  syntheticRows: number;
  removedRows: number;
  classCountsBefore: number[];
  classCountsAfter: number[];
  /** Classes for which the method found no pair/neighbour and fell back to random duplication. */
  fallbackClasses: number[];
}

/** Year window of the spatial methods: neighbours are at most this many years apart. */
export const SPATIAL_YEAR_WINDOW = 3;
/** Nearest neighbours considered by the spatial (SMOTE-like) methods. */
export const SPATIAL_NEIGHBOURS = 5;

/** What each method does, for the results' preprocessing report. */
export const BALANCING_DESCRIPTIONS: Record<BalanceAlgorithm, string> = {
  none: 'No balancing.',
  Oversampling: 'Random oversampling: rows of each smaller class are duplicated at random until every class has as many rows as the largest.',
  Undersampling: 'Random undersampling: each larger class is reduced at random to the size of the smallest class present.',
  OversamplingTemporal:
    'Temporal oversampling: synthetic rows interpolated between two adjacent years of the same region (both in the class when possible), until every class has as many rows as the largest.',
  OversamplingSpatialByRegionAndTemporal: `Spatial-temporal SMOTE by region: each synthetic row lies between a row of the class and one of its ${SPATIAL_NEIGHBOURS} nearest rows of the same class in the same WHO region within ${SPATIAL_YEAR_WINDOW} years.`,
  OversamplingSpatialByCountryAndTemporal: `Spatial-temporal SMOTE by country: each synthetic row lies between a row of the class and one of its ${SPATIAL_NEIGHBOURS} nearest rows of the same class of the same country within ${SPATIAL_YEAR_WINDOW} years.`,
};

function classCounts(y: Int32Array, nClasses: number): number[] {
  const counts = new Array<number>(nClasses).fill(0);
  for (const c of y) counts[c] += 1;
  return counts;
}

interface Synthetic {
  values: Float64Array;
  label: number;
  /** Frame-row context copied from the seed row. */
  from: number;
  time: number;
}

/**
 * Balances a training set.
 * @param X training features (already imputed)
 * @param y class index per row
 * @param nClasses number of classes
 * @param context space/region/time of each row
 * @param algorithm one of BALANCE_ALGORITHMS
 * @param seed seed of the random choices
 */
export function balance(
  X: Matrix,
  y: Int32Array,
  nClasses: number,
  context: RowContext,
  algorithm: BalanceAlgorithm,
  seed: number,
): BalancedSet {
  const before = classCounts(y, nClasses);
  const identity = (): BalancedSet => ({
    X,
    y,
    synthetic: new Uint8Array(y.length),
    context,
    syntheticRows: 0,
    removedRows: 0,
    classCountsBefore: before,
    classCountsAfter: before,
    fallbackClasses: [],
  });
  if (algorithm === 'none' || y.length === 0) return identity();
  const rng = createRng(seed);
  if (algorithm === 'Undersampling') return undersample(X, y, nClasses, context, before, rng);

  const target = Math.max(...before);
  const byClass: number[][] = Array.from({ length: nClasses }, () => []);
  y.forEach((c, i) => byClass[c].push(i));
  const scale = featureScale(X);
  const made: Synthetic[] = [];
  const fallbackClasses: number[] = [];
  for (let c = 0; c < nClasses; c++) {
    const need = target - before[c];
    if (need <= 0 || before[c] === 0) continue;
    let generated: Synthetic[] | null = null;
    if (algorithm === 'OversamplingTemporal') generated = temporalRows(X, y, c, byClass[c], context, need, rng);
    else if (algorithm === 'OversamplingSpatialByRegionAndTemporal' || algorithm === 'OversamplingSpatialByCountryAndTemporal') {
      const groupOf =
        algorithm === 'OversamplingSpatialByRegionAndTemporal'
          ? (i: number) => (context.region ? context.region[i] : null)
          : (i: number) => context.space[i];
      generated = spatialRows(X, c, byClass[c], context, groupOf, scale, need, rng);
    }
    if (!generated) {
      if (algorithm !== 'Oversampling') fallbackClasses.push(c);
      generated = [];
      for (let k = 0; k < need; k++) {
        const i = byClass[c][rng.int(byClass[c].length)];
        generated.push({ values: rowOf(X, i), label: c, from: i, time: context.time[i] });
      }
    }
    made.push(...generated);
  }
  const rows = X.rows + made.length;
  const data = new Float64Array(rows * X.cols);
  data.set(X.data);
  const outY = new Int32Array(rows);
  outY.set(y);
  const synthetic = new Uint8Array(rows);
  const outContext: RowContext = {
    space: [...context.space],
    region: context.region ? [...context.region] : null,
    time: [...context.time],
  };
  made.forEach((s, k) => {
    const r = X.rows + k;
    data.set(s.values, r * X.cols);
    outY[r] = s.label;
    synthetic[r] = 1;
    outContext.space.push(context.space[s.from]);
    if (outContext.region && context.region) outContext.region.push(context.region[s.from]);
    outContext.time.push(s.time);
  });
  return {
    X: { data, rows, cols: X.cols },
    y: outY,
    synthetic,
    context: outContext,
    syntheticRows: made.length,
    removedRows: 0,
    classCountsBefore: before,
    classCountsAfter: classCounts(outY, nClasses),
    fallbackClasses,
  };
}

function rowOf(X: Matrix, i: number): Float64Array {
  return X.data.slice(i * X.cols, (i + 1) * X.cols);
}

function interpolate(X: Matrix, a: number, b: number, lambda: number): Float64Array {
  const out = new Float64Array(X.cols);
  for (let k = 0; k < X.cols; k++) {
    const va = X.data[a * X.cols + k];
    out[k] = va + lambda * (X.data[b * X.cols + k] - va);
  }
  return out;
}

function featureScale(X: Matrix): Float64Array {
  const scale = new Float64Array(X.cols);
  for (let k = 0; k < X.cols; k++) {
    let s = 0;
    let s2 = 0;
    for (let i = 0; i < X.rows; i++) {
      const v = X.data[i * X.cols + k];
      s += v;
      s2 += v * v;
    }
    const m = s / Math.max(1, X.rows);
    const sd = Math.sqrt(Math.max(0, s2 / Math.max(1, X.rows) - m * m));
    scale[k] = sd > 0 ? 1 / sd : 0;
  }
  return scale;
}

function undersample(X: Matrix, y: Int32Array, nClasses: number, context: RowContext, before: number[], rng: Rng): BalancedSet {
  const present = before.filter((c) => c > 0);
  const target = Math.min(...present);
  const keep: number[] = [];
  for (let c = 0; c < nClasses; c++) {
    const members: number[] = [];
    y.forEach((label, i) => {
      if (label === c) members.push(i);
    });
    shuffleInPlace(members, rng);
    keep.push(...members.slice(0, target));
  }
  keep.sort((a, b) => a - b);
  const data = new Float64Array(keep.length * X.cols);
  keep.forEach((i, r) => data.set(X.data.subarray(i * X.cols, (i + 1) * X.cols), r * X.cols));
  const outY = pickInt32(y, keep);
  return {
    X: { data, rows: keep.length, cols: X.cols },
    y: outY,
    synthetic: new Uint8Array(keep.length),
    context: {
      space: keep.map((i) => context.space[i]),
      region: context.region ? keep.map((i) => (context.region as (string | null)[])[i]) : null,
      time: keep.map((i) => context.time[i]),
    },
    syntheticRows: 0,
    removedRows: y.length - keep.length,
    classCountsBefore: before,
    classCountsAfter: classCounts(outY, nClasses),
    fallbackClasses: [],
  };
}

/**
 * Synthetic rows between adjacent years of the same region. Pairs where both rows are in the class are
 * preferred; without any, pairs with one row in the class are used with the synthetic row kept in the
 * class's half (lambda < 0.5 from the class row). Returns null when the class has no such pair.
 */
function temporalRows(X: Matrix, y: Int32Array, c: number, members: number[], context: RowContext, need: number, rng: Rng): Synthetic[] | null {
  const bySpace = new Map<string, number[]>();
  for (let i = 0; i < y.length; i++) {
    const list = bySpace.get(context.space[i]) ?? [];
    list.push(i);
    bySpace.set(context.space[i], list);
  }
  const both: [number, number][] = [];
  const one: [number, number][] = [];
  const memberSet = new Set(members);
  for (const list of bySpace.values()) {
    list.sort((a, b) => context.time[a] - context.time[b]);
    for (let k = 0; k + 1 < list.length; k++) {
      const a = list[k];
      const b = list[k + 1];
      if (context.time[b] === context.time[a]) continue;
      const inA = memberSet.has(a);
      const inB = memberSet.has(b);
      if (inA && inB) both.push([a, b]);
      else if (inA) one.push([a, b]);
      else if (inB) one.push([b, a]);
    }
  }
  const pairs = both.length > 0 ? both : one;
  if (pairs.length === 0) return null;
  const maxLambda = both.length > 0 ? 1 : 0.5;
  const out: Synthetic[] = [];
  for (let k = 0; k < need; k++) {
    const [a, b] = pairs[rng.int(pairs.length)];
    const lambda = rng.next() * maxLambda;
    out.push({
      values: interpolate(X, a, b, lambda),
      label: c,
      from: a,
      time: context.time[a] + lambda * (context.time[b] - context.time[a]),
    });
  }
  return out;
}

/**
 * SMOTE within a group (WHO region or country) and a year window: a random class row, one of its
 * nearest same-class neighbours of the same group within the window (standardised distance), and a
 * random point between them. Returns null when no class row has such a neighbour.
 */
function spatialRows(
  X: Matrix,
  c: number,
  members: number[],
  context: RowContext,
  groupOf: (i: number) => string | null,
  scale: Float64Array,
  need: number,
  rng: Rng,
): Synthetic[] | null {
  const neighbours = new Map<number, number[]>();
  for (const i of members) {
    const g = groupOf(i);
    if (g === null) continue;
    const cands: { j: number; d: number }[] = [];
    for (const j of members) {
      if (j === i || groupOf(j) !== g || Math.abs(context.time[j] - context.time[i]) > SPATIAL_YEAR_WINDOW) continue;
      let d = 0;
      for (let k = 0; k < X.cols; k++) {
        const diff = (X.data[i * X.cols + k] - X.data[j * X.cols + k]) * scale[k];
        d += diff * diff;
      }
      cands.push({ j, d });
    }
    if (cands.length === 0) continue;
    cands.sort((a, b) => a.d - b.d || a.j - b.j);
    neighbours.set(
      i,
      cands.slice(0, SPATIAL_NEIGHBOURS).map((x) => x.j),
    );
  }
  const seeds = members.filter((i) => neighbours.has(i));
  if (seeds.length === 0) return null;
  const out: Synthetic[] = [];
  for (let k = 0; k < need; k++) {
    const i = seeds[rng.int(seeds.length)];
    const list = neighbours.get(i) as number[];
    const j = list[rng.int(list.length)];
    const lambda = rng.next();
    out.push({ values: interpolate(X, i, j, lambda), label: c, from: i, time: context.time[i] + lambda * (context.time[j] - context.time[i]) });
  }
  return out;
}
