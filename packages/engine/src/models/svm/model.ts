/**
 * The in-memory form of a libsvm C-SVC model (what svm_save_model writes), and its assembly from
 * the pairwise solutions of a one-vs-one fit, following svm_train's layout of sv_coef.
 */
import type { Matrix } from '../types.ts';
import type { KernelSpec } from './kernel.ts';

/** A multiclass C-SVC in libsvm's layout. */
export interface SvcModel {
  kernel: KernelSpec;
  nrClass: number;
  /** Class label of each of libsvm's classes, in libsvm's class order. */
  labels: Int32Array;
  /** Per class (libsvm order): how many support vectors; they are stored class after class. */
  nSV: Int32Array;
  totalSV: number;
  /** Offset per pair (0,1), (0,2), ..., (1,2), ... */
  rho: Float64Array;
  /** Platt sigmoid parameters per pair, or null without probability. */
  probA: Float64Array | null;
  probB: Float64Array | null;
  /** (nrClass - 1) rows of totalSV coefficients, row-major: libsvm's sv_coef. */
  svCoef: Float64Array;
  /** Features per support vector (0 for "precomputed"). */
  dim: number;
  /** totalSV x dim support vectors, row-major. */
  sv: Float64Array;
  /** "precomputed" only: each support vector's 1-based training row number; else null. */
  svSerial: Int32Array | null;
}

/** The grouping of training rows by class that svm_train works on. */
export interface ClassGroups {
  labels: Int32Array;
  /** First grouped position of each class. */
  start: Int32Array;
  count: Int32Array;
  /** Training row of each grouped position (class after class, each in training order). */
  perm: Int32Array;
}

/**
 * Assembles the model from the solved pairs.
 * @param X training rows (or training kernel matrix for "precomputed")
 * @param kernel the kernel the pairs were trained with
 * @param groups rows grouped by class
 * @param pairCoef per pair (i, j) in order, alpha*y over class i's rows then class j's rows
 * @param rho per pair offset
 * @param probA per pair Platt A, or null
 * @param probB per pair Platt B, or null
 */
export function assembleModel(
  X: Matrix,
  kernel: KernelSpec,
  groups: ClassGroups,
  pairCoef: Float64Array[],
  rho: Float64Array,
  probA: Float64Array | null,
  probB: Float64Array | null,
): SvcModel {
  const { labels, start, count, perm } = groups;
  const k = labels.length;
  const nonzero = new Uint8Array(perm.length);
  let p = 0;
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const coef = pairCoef[p++];
      for (let t = 0; t < count[i]; t++) if (Math.abs(coef[t]) > 0) nonzero[start[i] + t] = 1;
      for (let t = 0; t < count[j]; t++) if (Math.abs(coef[count[i] + t]) > 0) nonzero[start[j] + t] = 1;
    }
  }
  const nSV = new Int32Array(k);
  for (let i = 0; i < k; i++) for (let t = 0; t < count[i]; t++) nSV[i] += nonzero[start[i] + t];
  const nzStart = new Int32Array(k);
  for (let i = 1; i < k; i++) nzStart[i] = nzStart[i - 1] + nSV[i - 1];
  const totalSV = nzStart[k - 1] + nSV[k - 1];

  const precomputed = kernel.type === 'precomputed';
  const dim = precomputed ? 0 : X.cols;
  const sv = new Float64Array(totalSV * dim);
  const svSerial = precomputed ? new Int32Array(totalSV) : null;
  let s = 0;
  for (let g = 0; g < perm.length; g++) {
    if (!nonzero[g]) continue;
    const row = perm[g];
    if (svSerial) svSerial[s] = row + 1;
    else sv.set(X.data.subarray(row * dim, (row + 1) * dim), s * dim);
    s++;
  }

  const svCoef = new Float64Array((k - 1) * totalSV);
  p = 0;
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) {
      const coef = pairCoef[p++];
      let q = nzStart[i];
      for (let t = 0; t < count[i]; t++) if (nonzero[start[i] + t]) svCoef[(j - 1) * totalSV + q++] = coef[t];
      q = nzStart[j];
      for (let t = 0; t < count[j]; t++) if (nonzero[start[j] + t]) svCoef[i * totalSV + q++] = coef[count[i] + t];
    }
  }
  return { kernel, nrClass: k, labels, nSV, totalSV, rho, probA, probB, svCoef, dim, sv, svSerial };
}
