/**
 * The C-SVC matrix Q_ij = y_i y_j k(x_i, x_j) the solver works on (libsvm's SVC_Q): columns come
 * from the LRU cache, stored as float32 like libsvm's Qfloat, the diagonal stays double.
 */
import { KernelCache } from './cache.ts';
import type { TrainingKernel } from './kernel.ts';

/** What the solver needs from Q. */
export interface QMatrix {
  /** Q_ii for every position (swapped along with the positions). */
  readonly diagonal: Float64Array;
  /**
   * Column i of Q, valid for positions 0..length-1 (the array may be longer).
   * @param i the column's position
   * @param length how many leading entries the caller reads
   */
  column(i: number, length: number): Float32Array;
  /** Exchanges positions i and j everywhere. @param i a position @param j another */
  swap(i: number, j: number): void;
}

/** Q for C-SVC over one binary problem. */
export class SvcQ implements QMatrix {
  readonly diagonal: Float64Array;
  private readonly y: Int8Array;
  private readonly cache: KernelCache;
  private readonly scratch: Float64Array;

  /**
   * @param kernel the problem's kernel (this object swaps it)
   * @param y +1/-1 per position (copied)
   * @param cacheMegabytes libsvm's cache_size
   */
  constructor(
    private readonly kernel: TrainingKernel,
    y: Int8Array,
    cacheMegabytes: number,
  ) {
    const l = y.length;
    this.y = Int8Array.from(y);
    this.cache = new KernelCache(l, cacheMegabytes);
    this.scratch = new Float64Array(l);
    this.diagonal = new Float64Array(l);
    for (let i = 0; i < l; i++) this.diagonal[i] = kernel.value(i, i);
  }

  column(i: number, length: number): Float32Array {
    const { data, valid } = this.cache.get(i, length);
    if (valid < length) {
      const { scratch, y } = this;
      this.kernel.column(i, valid, length, scratch);
      const yi = y[i];
      for (let t = valid; t < length; t++) data[t] = yi * y[t] * scratch[t];
    }
    return data;
  }

  swap(i: number, j: number): void {
    this.cache.swap(i, j);
    this.kernel.swap(i, j);
    const { y, diagonal } = this;
    const yi = y[i];
    y[i] = y[j];
    y[j] = yi;
    const d = diagonal[i];
    diagonal[i] = diagonal[j];
    diagonal[j] = d;
  }
}
