/**
 * Batched prediction with a libsvm C-SVC model: each test row's kernel values against all support
 * vectors are computed once and shared by every pairwise decision function (libsvm's
 * svm_predict_values), then libsvm's one-vs-one vote.
 */
import type { Matrix } from '../types.ts';
import { fastExp } from './fast-exp.ts';
import { powi, rowSquares } from './kernel.ts';
import { SimdRows } from './simd-dots.ts';
import type { SvcModel } from './model.ts';

/** Test rows per block: the block's kernel values stay small enough to reuse while hot. */
const BLOCK_ROWS = 64;

/**
 * Decision value of every pair for every row (libsvm's dec_values), rows x pairs row-major.
 * @param model the fitted model
 * @param X rows to score (for "precomputed": k(x_test, x_train_j) per training row j)
 */
export function decisionValues(model: SvcModel, X: Matrix): Float64Array {
  const { nrClass, nSV, totalSV, svCoef, rho } = model;
  const pairs = (nrClass * (nrClass - 1)) / 2;
  const out = new Float64Array(X.rows * pairs);
  const start = new Int32Array(nrClass);
  for (let c = 1; c < nrClass; c++) start[c] = start[c - 1] + nSV[c - 1];
  const kvalues = new Float64Array(BLOCK_ROWS * totalSV);
  const svSquares = model.kernel.type === 'rbf' ? rowSquares(model.sv, totalSV, model.dim) : null;
  const simd = model.kernel.type === 'precomputed' ? null : SimdRows.create(model.sv, totalSV, model.dim);
  for (let first = 0; first < X.rows; first += BLOCK_ROWS) {
    const count = Math.min(BLOCK_ROWS, X.rows - first);
    blockKernel(model, X, first, count, kvalues, svSquares, simd);
    for (let r = 0; r < count; r++) {
      const kv = r * totalSV;
      let o = (first + r) * pairs;
      let p = 0;
      for (let i = 0; i < nrClass; i++) {
        for (let j = i + 1; j < nrClass; j++) {
          const coef1 = (j - 1) * totalSV;
          const coef2 = i * totalSV;
          let sum = 0;
          for (let s = start[i], end = s + nSV[i]; s < end; s++) sum += svCoef[coef1 + s] * kvalues[kv + s];
          for (let s = start[j], end = s + nSV[j]; s < end; s++) sum += svCoef[coef2 + s] * kvalues[kv + s];
          out[o++] = sum - rho[p++];
        }
      }
    }
  }
  return out;
}

/**
 * libsvm's vote: a positive decision value votes for the pair's first class; the most votes win,
 * ties going to the class that comes first in libsvm's class order.
 * @param model the fitted model
 * @param decisions decisionValues() output
 * @param rows number of rows
 */
export function vote(model: SvcModel, decisions: Float64Array, rows: number): Int32Array {
  const k = model.nrClass;
  const pairs = (k * (k - 1)) / 2;
  const out = new Int32Array(rows);
  const votes = new Int32Array(k);
  for (let r = 0; r < rows; r++) {
    votes.fill(0);
    let p = r * pairs;
    for (let i = 0; i < k; i++) {
      for (let j = i + 1; j < k; j++) {
        if (decisions[p++] > 0) votes[i]++;
        else votes[j]++;
      }
    }
    let best = 0;
    for (let c = 1; c < k; c++) if (votes[c] > votes[best]) best = c;
    out[r] = model.labels[best];
  }
  return out;
}

/** Kernel values of rows first..first+count-1 against every support vector into out (row-major). */
function blockKernel(model: SvcModel, X: Matrix, first: number, count: number, out: Float64Array, svSquares: Float64Array | null, simd: SimdRows | null): void {
  const { kernel, totalSV } = model;
  if (kernel.type === 'precomputed') {
    const serial = model.svSerial as Int32Array;
    for (let r = 0; r < count; r++) {
      const row = (first + r) * X.cols;
      for (let s = 0; s < totalSV; s++) {
        const column = serial[s] - 1;
        out[r * totalSV + s] = column >= 0 && column < X.cols ? X.data[row + column] : 0;
      }
    }
    return;
  }
  if (simd) {
    for (let r = 0; r < count; r++) {
      simd.x.set(X.data.subarray((first + r) * X.cols, (first + r + 1) * X.cols));
      simd.multiply(0, totalSV);
      out.set(simd.out, r * totalSV);
    }
  } else {
    blockDots(model.sv, totalSV, X.data, first, count, X.cols, out);
  }
  const { gamma, coef0, degree } = kernel;
  const n = count * totalSV;
  switch (kernel.type) {
    case 'linear':
      break;
    case 'poly':
      for (let t = 0; t < n; t++) out[t] = powi(gamma * out[t] + coef0, degree);
      break;
    case 'sigmoid':
      for (let t = 0; t < n; t++) out[t] = Math.tanh(gamma * out[t] + coef0);
      break;
    case 'rbf': {
      const squares = svSquares as Float64Array;
      const cols = X.cols;
      for (let r = 0; r < count; r++) {
        let xx = 0;
        for (let f = (first + r) * cols, end = f + cols; f < end; f++) xx += X.data[f] * X.data[f];
        const o = r * totalSV;
        for (let s = 0; s < totalSV; s++) {
          // Squared distance from norms; clamped because rounding can take it just below 0.
          const d2 = xx + squares[s] - 2 * out[o + s];
          out[o + s] = fastExp(-gamma * (d2 > 0 ? d2 : 0));
        }
      }
      break;
    }
  }
}

/**
 * Dot products of rows first..first+count-1 of data with every support vector, four test rows at a
 * time so each support-vector value loaded serves four independent sums.
 */
function blockDots(sv: Float64Array, totalSV: number, data: Float64Array, first: number, count: number, cols: number, out: Float64Array): void {
  let r = 0;
  for (; r + 3 < count; r += 4) {
    const a0 = (first + r) * cols;
    const a1 = a0 + cols;
    const a2 = a1 + cols;
    const a3 = a2 + cols;
    const o = r * totalSV;
    for (let s = 0; s < totalSV; s++) {
      const b = s * cols;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let f = 0; f < cols; f++) {
        const v = sv[b + f];
        s0 += data[a0 + f] * v;
        s1 += data[a1 + f] * v;
        s2 += data[a2 + f] * v;
        s3 += data[a3 + f] * v;
      }
      out[o + s] = s0;
      out[o + totalSV + s] = s1;
      out[o + 2 * totalSV + s] = s2;
      out[o + 3 * totalSV + s] = s3;
    }
  }
  for (; r < count; r++) {
    const a = (first + r) * cols;
    const o = r * totalSV;
    for (let s = 0; s < totalSV; s++) {
      const b = s * cols;
      let sum = 0;
      for (let f = 0; f < cols; f++) sum += data[a + f] * sv[b + f];
      out[o + s] = sum;
    }
  }
}
