/**
 * One binary C-SVC problem solved the way libsvm's svm_train_one / solve_c_svc does it: alpha
 * starts at 0, p = -1, bounds Cp for the positive rows and Cn for the negative ones.
 */
import type { Matrix } from '../types.ts';
import { TrainingKernel, type KernelSpec } from './kernel.ts';
import { SvcQ } from './q-matrix.ts';
import { solve } from './solver.ts';

/** Solver settings shared by every binary problem of a fit. */
export interface BinarySettings {
  kernel: KernelSpec;
  /** Stopping tolerance (tol, libsvm's eps). */
  eps: number;
  shrinking: boolean;
  /** Kernel cache budget in MB (cache_size). */
  cacheMegabytes: number;
}

/** A solved binary problem. */
export interface BinaryResult {
  /** alpha_i * y_i per problem row: the decision function's coefficients (0 for non-support vectors). */
  coef: Float64Array;
  /** decision value = sum_i coef_i k(x_i, x) - rho. */
  rho: number;
}

/**
 * Trains one binary C-SVC.
 * @param X all training rows (or the training kernel matrix for "precomputed")
 * @param rows the rows of X in this problem, in libsvm's order (positives first in a multiclass fit)
 * @param y +1 or -1 per problem row
 * @param Cp upper bound of alpha for positive rows
 * @param Cn upper bound of alpha for negative rows
 * @param settings kernel and solver settings
 */
export function trainBinary(X: Matrix, rows: Int32Array, y: Int8Array, Cp: number, Cn: number, settings: BinarySettings): BinaryResult {
  const l = rows.length;
  const Q = new SvcQ(new TrainingKernel(settings.kernel, X, rows), y, settings.cacheMegabytes);
  const { alpha, rho } = solve({
    Q,
    p: new Float64Array(l).fill(-1),
    y,
    alpha: new Float64Array(l),
    Cp,
    Cn,
    eps: settings.eps,
    shrinking: settings.shrinking,
  });
  for (let i = 0; i < l; i++) alpha[i] *= y[i];
  return { coef: alpha, rho };
}
