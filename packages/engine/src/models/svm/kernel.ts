/**
 * libsvm's kernel functions on dense rows. The formulas and the order of every floating-point
 * operation follow libsvm (sequential sums over the features, rbf from squared norms during
 * training), so a kernel value here is the same double libsvm computes for the same rows.
 */
import type { Matrix } from '../types.ts';
import { fastExp } from './fast-exp.ts';
import { SimdRows } from './simd-dots.ts';

/** The kernels libsvm knows, by scikit-learn's names. */
export type KernelType = 'linear' | 'poly' | 'rbf' | 'sigmoid' | 'precomputed';

/** A kernel with its parameters (gamma already resolved to a number). */
export interface KernelSpec {
  type: KernelType;
  /** Polynomial degree (libsvm keeps it as an int). */
  degree: number;
  gamma: number;
  coef0: number;
}

/**
 * base^times by repeated squaring, as libsvm's powi: the rounding differs from Math.pow, and the
 * polynomial kernel must round like libsvm to reproduce its models.
 * @param base the number to raise
 * @param times a non-negative integer exponent
 */
export function powi(base: number, times: number): number {
  let tmp = base;
  let ret = 1;
  for (let t = times; t > 0; t = Math.trunc(t / 2)) {
    if (t % 2 === 1) ret *= tmp;
    tmp *= tmp;
  }
  return ret;
}

/**
 * Dot products of row a with rows from..to-1 of a row-major block, into out[from..to-1]. Eight rows
 * at a time so the CPU overlaps eight independent sums, each still summed feature by feature in
 * order (libsvm's rounding).
 * @param data row-major values
 * @param cols values per row
 * @param a the fixed row
 * @param from first row to pair with a
 * @param to one past the last row
 * @param out receives the dot products at the same positions
 */
export function dotsWithRow(data: Float64Array, cols: number, a: number, from: number, to: number, out: Float64Array): void {
  const base = a * cols;
  let t = from;
  for (; t + 7 < to; t += 8) {
    const b = t * cols;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    let s6 = 0;
    let s7 = 0;
    for (let f = 0; f < cols; f++) {
      const v = data[base + f];
      const c = b + f;
      s0 += v * data[c];
      s1 += v * data[c + cols];
      s2 += v * data[c + 2 * cols];
      s3 += v * data[c + 3 * cols];
      s4 += v * data[c + 4 * cols];
      s5 += v * data[c + 5 * cols];
      s6 += v * data[c + 6 * cols];
      s7 += v * data[c + 7 * cols];
    }
    out[t] = s0;
    out[t + 1] = s1;
    out[t + 2] = s2;
    out[t + 3] = s3;
    out[t + 4] = s4;
    out[t + 5] = s5;
    out[t + 6] = s6;
    out[t + 7] = s7;
  }
  for (; t < to; t++) {
    const b = t * cols;
    let s = 0;
    for (let f = 0; f < cols; f++) s += data[base + f] * data[b + f];
    out[t] = s;
  }
}

/**
 * Squared norm of every row (libsvm's x_square), summed in feature order.
 * @param data row-major values
 * @param rows number of rows
 * @param cols values per row
 */
export function rowSquares(data: Float64Array, rows: number, cols: number): Float64Array {
  const out = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let s = 0;
    for (let f = r * cols, end = f + cols; f < end; f++) s += data[f] * data[f];
    out[r] = s;
  }
  return out;
}

/**
 * The kernel over the rows of one training problem (libsvm's Kernel class). The rows are copied into
 * a private dense block in problem order (in WASM memory, blocked for SIMD, when available); the
 * solver's index swaps move whole rows so every column is computed over contiguous memory.
 */
export class TrainingKernel {
  /** Row-major rows, used only without SIMD. */
  private data: Float64Array;
  private readonly simd: SimdRows | null;
  private readonly cols: number;
  private readonly squares: Float64Array | null;
  /** Precomputed kernel: the training row (of the full matrix) behind each position. */
  private readonly origin: Int32Array;
  private readonly full: Matrix;
  private readonly dots: Float64Array;
  private readonly swapRow: Float64Array;

  /**
   * @param spec the kernel and its parameters
   * @param X all training rows (for "precomputed", the n x n training kernel matrix)
   * @param rows the rows of X in this problem, in problem order
   */
  constructor(
    readonly spec: KernelSpec,
    X: Matrix,
    rows: Int32Array,
  ) {
    const l = rows.length;
    this.full = X;
    this.origin = Int32Array.from(rows);
    this.dots = new Float64Array(l);
    if (spec.type === 'precomputed') {
      this.cols = 0;
      this.data = new Float64Array(0);
      this.squares = null;
      this.simd = null;
    } else {
      const cols = X.cols;
      this.cols = cols;
      this.data = new Float64Array(l * cols);
      for (let r = 0; r < l; r++) this.data.set(X.data.subarray(rows[r] * cols, (rows[r] + 1) * cols), r * cols);
      this.squares = spec.type === 'rbf' ? rowSquares(this.data, l, cols) : null;
      this.simd = SimdRows.create(this.data, l, cols);
      if (this.simd) this.data = new Float64Array(0);
    }
    this.swapRow = new Float64Array(this.cols);
  }

  /** k(x_i, x_j) for two problem positions. @param i first position @param j second position */
  value(i: number, j: number): number {
    this.column(i, j, j + 1, this.dots);
    return this.dots[j];
  }

  /**
   * Kernel values k(x_i, x_t) for t in from..to-1 into out[t].
   * @param i the column's position
   * @param from first position
   * @param to one past the last position
   * @param out receives the values (any array with at least `to` slots)
   */
  column(i: number, from: number, to: number, out: Float64Array): void {
    const { spec, simd } = this;
    if (spec.type === 'precomputed') {
      const n = this.full.cols;
      const row = this.origin[i] * n;
      const values = this.full.data;
      for (let t = from; t < to; t++) out[t] = values[row + this.origin[t]];
      return;
    }
    let dots = this.dots;
    if (simd) {
      simd.load(i);
      simd.multiply(from, to);
      dots = simd.out;
    } else {
      dotsWithRow(this.data, this.cols, i, from, to, dots);
    }
    const { gamma, coef0 } = spec;
    switch (spec.type) {
      case 'linear':
        for (let t = from; t < to; t++) out[t] = dots[t];
        break;
      case 'poly': {
        const degree = spec.degree;
        for (let t = from; t < to; t++) out[t] = powi(gamma * dots[t] + coef0, degree);
        break;
      }
      case 'rbf': {
        const squares = this.squares as Float64Array;
        const si = squares[i];
        for (let t = from; t < to; t++) out[t] = fastExp(-gamma * (si + squares[t] - 2 * dots[t]));
        break;
      }
      case 'sigmoid':
        for (let t = from; t < to; t++) out[t] = Math.tanh(gamma * dots[t] + coef0);
        break;
    }
  }

  /** Exchanges positions i and j (libsvm's Kernel::swap_index). @param i a position @param j another */
  swap(i: number, j: number): void {
    const o = this.origin[i];
    this.origin[i] = this.origin[j];
    this.origin[j] = o;
    if (this.simd) {
      this.simd.swap(i, j);
    } else if (this.cols > 0) {
      const { data, cols, swapRow } = this;
      swapRow.set(data.subarray(i * cols, (i + 1) * cols));
      data.copyWithin(i * cols, j * cols, (j + 1) * cols);
      data.set(swapRow, j * cols);
    }
    if (this.squares) {
      const s = this.squares[i];
      this.squares[i] = this.squares[j];
      this.squares[j] = s;
    }
  }
}
