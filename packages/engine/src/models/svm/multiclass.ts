/**
 * libsvm's svm_train for C-SVC: classes in order of first appearance, one binary problem per pair
 * of classes (class i's rows as +1, then class j's as -1), and the pairs assembled into one model.
 */
import { SeededRandom } from '../rng.ts';
import type { Matrix } from '../types.ts';
import { trainBinary, type BinarySettings } from './binary.ts';
import { assembleModel, type ClassGroups, type SvcModel } from './model.ts';
import { binaryProbability } from './platt.ts';

/** Everything a C-SVC fit needs besides the data. */
export interface SvcSettings extends BinarySettings {
  C: number;
  /** Fit Platt sigmoids (5-fold CV per pair) for probability estimates. */
  probability: boolean;
}

/** Seed of the probability cross-validation: fixed, so a probability fit is reproducible. */
const PROBABILITY_SEED = 0;

/**
 * Groups row indices by label the way svm_group_classes does: classes in order of first appearance
 * (except that a two-class -1/+1 problem puts +1 first), rows of a class in training order.
 * @param y label per training row
 */
export function groupClasses(y: ArrayLike<number>): ClassGroups {
  const labels: number[] = [];
  const counts: number[] = [];
  const classOf = new Int32Array(y.length);
  const index = new Map<number, number>();
  for (let i = 0; i < y.length; i++) {
    let c = index.get(y[i]);
    if (c === undefined) {
      c = labels.length;
      index.set(y[i], c);
      labels.push(y[i]);
      counts.push(0);
    }
    counts[c]++;
    classOf[i] = c;
  }
  if (labels.length === 2 && labels[0] === -1 && labels[1] === 1) {
    labels.reverse();
    counts.reverse();
    for (let i = 0; i < classOf.length; i++) classOf[i] = 1 - classOf[i];
  }
  const k = labels.length;
  const start = new Int32Array(k);
  for (let c = 1; c < k; c++) start[c] = start[c - 1] + counts[c - 1];
  const next = Int32Array.from(start);
  const perm = new Int32Array(y.length);
  for (let i = 0; i < y.length; i++) perm[next[classOf[i]]++] = i;
  return { labels: Int32Array.from(labels), start, count: Int32Array.from(counts), perm };
}

/**
 * Trains a one-vs-one C-SVC on at least two classes.
 * @param X training rows (for "precomputed", the n x n training kernel matrix)
 * @param y label per row
 * @param settings kernel, C, tolerance, shrinking, cache and probability
 */
export function trainSvc(X: Matrix, y: ArrayLike<number>, settings: SvcSettings): SvcModel {
  const groups = groupClasses(y);
  const { start, count, perm } = groups;
  const k = groups.labels.length;
  const pairs = (k * (k - 1)) / 2;
  const pairCoef: Float64Array[] = [];
  const rho = new Float64Array(pairs);
  const probA = settings.probability ? new Float64Array(pairs) : null;
  const probB = settings.probability ? new Float64Array(pairs) : null;
  const rng = new SeededRandom(PROBABILITY_SEED);
  let p = 0;
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const rows = new Int32Array(count[i] + count[j]);
      rows.set(perm.subarray(start[i], start[i] + count[i]));
      rows.set(perm.subarray(start[j], start[j] + count[j]), count[i]);
      const signs = new Int8Array(rows.length).fill(-1).fill(1, 0, count[i]);
      if (probA && probB) {
        const { A, B } = binaryProbability(X, rows, signs, settings.C, settings.C, settings, rng);
        probA[p] = A;
        probB[p] = B;
      }
      const result = trainBinary(X, rows, signs, settings.C, settings.C, settings);
      pairCoef.push(result.coef);
      rho[p] = result.rho;
      p++;
    }
  }
  return assembleModel(X, settings.kernel, groups, pairCoef, rho, probA, probB);
}
