import type { Matrix } from '../models/types.ts';
import { createRng, shuffleInPlace } from '../data/random.ts';

/**
 * Seeded row samples: the test rows permutation importance is measured on, and the rows a search fit uses on
 * large data.
 *
 * On large data a fold's search fits use a class-stratified sample of its rows, so that a short budget still scores
 * candidates of every family instead of one or two fits on all rows (on 300,720 rows and a 60 s budget, two decision
 * trees were all the search could fit). The final models are fit on all training rows. The cap grows with the
 * budget, so a user who gives more time gets full-data fits back; data of the size of a WHO panel is never sampled.
 */

/** Fewest rows a search fit is ever capped at. */
export const SEARCH_MIN_ROW_CAP = 10_000;
/** Rows of search fits per second of budget (above SEARCH_MIN_ROW_CAP): 15,000 for 60 s, 450,000 for 30 min. */
export const SEARCH_ROWS_PER_BUDGET_SECOND = 250;

/**
 * Most training (and validation) rows a fold's search fits use.
 * @param budgetSeconds the run's time budget
 */
export function searchRowCap(budgetSeconds: number): number {
  return Math.max(SEARCH_MIN_ROW_CAP, Math.round(SEARCH_ROWS_PER_BUDGET_SECOND * budgetSeconds));
}

/** Up to `max` positions of 0..n-1, a seeded sample in ascending order (all of them when n <= max). */
export function samplePositions(n: number, max: number, seed: number): number[] {
  const all = Array.from({ length: n }, (_, i) => i);
  if (n <= max) return all;
  return shuffleInPlace(all, createRng(seed))
    .slice(0, max)
    .sort((a, b) => a - b);
}

/**
 * A seeded, class-stratified sample of at most about `max` rows, in ascending order: each class keeps its share
 * (largest remainders first), and a class present keeps at least one row.
 * @param y class index of each row
 * @param nClasses number of classes
 * @param max rows wanted
 * @param seed seed of the draw
 * @returns the positions, or null when every row fits (y.length <= max)
 */
export function stratifiedSample(y: Int32Array, nClasses: number, max: number, seed: number): number[] | null {
  const n = y.length;
  if (n <= max) return null;
  const byClass: number[][] = Array.from({ length: nClasses }, () => []);
  for (let i = 0; i < n; i++) byClass[y[i]].push(i);
  const exact = byClass.map((rows) => (rows.length * max) / n);
  const quota = exact.map(Math.floor);
  let left = max - quota.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((e, c) => ({ c, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.c - b.c);
  for (const { c } of byRemainder) {
    if (left <= 0) break;
    quota[c] += 1;
    left -= 1;
  }
  const rng = createRng(seed);
  const chosen: number[] = [];
  byClass.forEach((rows, c) => {
    const take = Math.min(rows.length, Math.max(quota[c], rows.length > 0 ? 1 : 0));
    shuffleInPlace(rows, rng);
    for (let k = 0; k < take; k++) chosen.push(rows[k]);
  });
  return chosen.sort((a, b) => a - b);
}

/**
 * The rows of a matrix at the given positions.
 * @param X the matrix
 * @param positions row positions, in the order wanted
 */
export function subsetRows(X: Matrix, positions: number[]): Matrix {
  const data = new Float64Array(positions.length * X.cols);
  positions.forEach((p, r) => data.set(X.data.subarray(p * X.cols, (p + 1) * X.cols), r * X.cols));
  return { data, rows: positions.length, cols: X.cols };
}
