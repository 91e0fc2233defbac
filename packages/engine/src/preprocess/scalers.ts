import type { Matrix } from '../models/types.ts';
import { skewness } from '../data/stats.ts';

/**
 * Feature scalers of the KNN/SVM/ANN pipelines, fit on the rows a model is fit on (a fold's training
 * rows, or all training rows for the final model) and applied to the rows it predicts.
 *
 * - standard: (x - mean) / std (std 0 -> column left centred).
 * - log1p-standard: log1p first for columns that are non-negative and right-skewed (skewness > 1),
 *   then standard. WHO panels put counts next to rates; this tames the counts.
 * - quantile-normal: the empirical CDF of the training column (up to 1000 quantiles, linear in
 *   between) mapped through the inverse normal CDF, clipped to +/-5.2 (scikit-learn's
 *   QuantileTransformer(output_distribution='normal')).
 */
export const SCALERS = ['standard', 'log1p-standard', 'quantile-normal'] as const;
export type ScalerKind = (typeof SCALERS)[number] | 'none';

export interface ScalerState {
  kind: ScalerKind;
  /** standard / log1p-standard */
  mean?: number[];
  scale?: number[];
  logColumns?: boolean[];
  /** quantile-normal: per column, ascending reference values at evenly spaced probabilities. */
  quantiles?: number[][];
}

const SKEW_LIMIT = 1;
const N_QUANTILES = 1000;
const CLIP = 5.199337582605575; // scikit-learn's bound: norm.ppf(1 - 1e-7)

function column(X: Matrix, k: number): Float64Array {
  const out = new Float64Array(X.rows);
  for (let i = 0; i < X.rows; i++) out[i] = X.data[i * X.cols + k];
  return out;
}

/**
 * Fits a scaler.
 * @param kind scaler kind
 * @param X rows the model is fit on
 */
export function fitScaler(kind: ScalerKind, X: Matrix): ScalerState {
  if (kind === 'none') return { kind };
  if (kind === 'quantile-normal') {
    const quantiles: number[][] = [];
    const nq = Math.max(2, Math.min(N_QUANTILES, X.rows));
    for (let k = 0; k < X.cols; k++) {
      const sorted = column(X, k).sort();
      const refs: number[] = [];
      for (let q = 0; q < nq; q++) {
        const pos = (q / (nq - 1)) * (sorted.length - 1);
        const lo = Math.floor(pos);
        const hi = Math.min(lo + 1, sorted.length - 1);
        refs.push(sorted.length === 0 ? 0 : sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo));
      }
      quantiles.push(refs);
    }
    return { kind, quantiles };
  }
  const logColumns: boolean[] = [];
  const mean: number[] = [];
  const scale: number[] = [];
  for (let k = 0; k < X.cols; k++) {
    let col = column(X, k);
    let useLog = false;
    if (kind === 'log1p-standard') {
      let nonNegative = true;
      for (const v of col) if (v < 0) nonNegative = false;
      useLog = nonNegative && col.length > 2 && skewness(col) > SKEW_LIMIT;
      if (useLog) col = col.map((v) => Math.log1p(v));
    }
    let s = 0;
    for (const v of col) s += v;
    const m = col.length ? s / col.length : 0;
    let v2 = 0;
    for (const v of col) v2 += (v - m) ** 2;
    const sd = col.length ? Math.sqrt(v2 / col.length) : 0;
    logColumns.push(useLog);
    mean.push(m);
    scale.push(sd > 0 ? sd : 1);
  }
  return { kind, mean, scale, logColumns };
}

/** Inverse standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const pLow = 0.02425;
  if (p < pLow) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - pLow) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** The CDF position of v from above: interpolated from the first reference greater than v (refs[0] < v < refs[n-1]). */
function positionFromAbove(v: number, refs: number[]): number {
  const n = refs.length;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (refs[mid] > v) hi = mid;
    else lo = mid + 1;
  }
  const x0 = refs[lo - 1];
  const x1 = refs[lo];
  return (lo - 1 + (x1 === x0 ? 0 : (v - x0) / (x1 - x0))) / (n - 1);
}

/** The CDF position of v from below: interpolated from the last reference less than v (refs[0] < v < refs[n-1]). */
function positionFromBelow(v: number, refs: number[]): number {
  const n = refs.length;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (refs[mid] < v) lo = mid;
    else hi = mid - 1;
  }
  const x0 = refs[lo];
  const x1 = refs[lo + 1];
  return (lo + (x1 === x0 ? 1 : (v - x0) / (x1 - x0))) / (n - 1);
}

/**
 * Empirical CDF of v against ascending references (ties averaged, like scikit-learn's two-sided interpolation). Two
 * module-level searches, not a closure made per call: this runs once per cell of every matrix a quantile scaler maps.
 */
function cdf(v: number, refs: number[]): number {
  if (v <= refs[0]) return 0;
  if (v >= refs[refs.length - 1]) return 1;
  return 0.5 * (positionFromAbove(v, refs) + positionFromBelow(v, refs));
}

/**
 * Applies a fitted scaler.
 * @param state output of fitScaler
 * @param X rows to transform
 * @returns a new matrix (X is not modified)
 */
export function applyScaler(state: ScalerState, X: Matrix): Matrix {
  if (state.kind === 'none') return X;
  const data = new Float64Array(X.data.length);
  for (let i = 0; i < X.rows; i++) {
    for (let k = 0; k < X.cols; k++) {
      const v = X.data[i * X.cols + k];
      let out: number;
      if (state.kind === 'quantile-normal') {
        const p = cdf(v, (state.quantiles as number[][])[k]);
        out = Math.max(-CLIP, Math.min(CLIP, normalQuantile(p)));
      } else {
        const x = (state.logColumns as boolean[])[k] ? Math.log1p(Math.max(v, 0)) : v;
        out = (x - (state.mean as number[])[k]) / (state.scale as number[])[k];
      }
      data[i * X.cols + k] = out;
    }
  }
  return { data, rows: X.rows, cols: X.cols };
}
