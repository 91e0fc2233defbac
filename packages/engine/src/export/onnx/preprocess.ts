/**
 * The pipeline's steps before the model, as ONNX nodes in float64 so the numbers are the engine's:
 * imputation of missing cells (NaN), attribute discretization (bin edges) and the fitted scaler
 * (standard, log1p-standard, quantile-normal). Feature selection needs no node: the file's input is
 * already the selected columns, in the pipeline's order.
 */
import type { ScalerState } from '../../preprocess/scalers.ts';
import type { SavedPipelineModel } from '../../pipeline/saved-model.ts';
import type { GraphBuilder } from './graph.ts';

/** scikit-learn's bound of the quantile-normal output: norm.ppf(1 - 1e-7) (same constant as scalers.ts). */
const CLIP = 5.199337582605575;

/** One column of a [N, F] value as [N, 1]. */
export function column(g: GraphBuilder, x: string, k: number): string {
  return g.node('Gather', [x, g.int64([k])], { axis: { int: 1 } });
}

/**
 * Missing cells (NaN) take the training fill value of their column.
 * @param g graph builder
 * @param x [N, F] double raw features
 * @param fill fill value per feature
 */
export function impute(g: GraphBuilder, x: string, fill: readonly number[]): string {
  return g.node('Where', [g.node('IsNaN', [x]), g.double(fill, [1, fill.length], 'fill'), x]);
}

/**
 * Discretized attributes become their 1-based bin: 1 + the number of inner edges <= value (binOf).
 * @param g graph builder
 * @param x [N, F] double imputed features
 * @param binEdges inner edges per feature, null when the feature is not discretized
 */
export function discretize(g: GraphBuilder, x: string, binEdges: readonly (readonly number[] | null)[]): string {
  if (binEdges.every((e) => e === null)) return x;
  const columns = binEdges.map((edges, k) => {
    const col = column(g, x, k);
    if (edges === null) return col;
    const one = g.double([1], [1, 1]);
    if (edges.length === 0) return g.node('Expand', [one, g.node('Shape', [col])]);
    const above = g.node('Cast', [g.node('GreaterOrEqual', [col, g.double(edges, [1, edges.length], 'edges')])], { to: { int: 11 } });
    return g.node('Add', [g.node('ReduceSum', [above, g.int64([1])], { keepdims: { int: 1 } }), one]);
  });
  return g.node('Concat', columns, { axis: { int: 1 } });
}

/** Horner evaluation c0*q^n + ... + cn, in the same order of operations as scalers.ts. */
function horner(g: GraphBuilder, q: string, coefficients: readonly number[]): string {
  let acc = g.node('Mul', [g.double([coefficients[0]], []), q]);
  for (let i = 1; i < coefficients.length; i++) {
    acc = g.node('Add', [acc, g.double([coefficients[i]], [])]);
    if (i < coefficients.length - 1) acc = g.node('Mul', [acc, q]);
  }
  return acc;
}

/**
 * Inverse standard normal CDF of p (Acklam's approximation, as normalQuantile in scalers.ts), clipped to
 * +/-CLIP; p <= 0 and p >= 1 give the clip bounds.
 */
function normalQuantile(g: GraphBuilder, p: string): string {
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1, 1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416, 1];
  const pLow = 0.02425;
  const tail = (prob: string): string => {
    const q = g.node('Sqrt', [g.node('Mul', [g.double([-2], []), g.node('Log', [prob])])]);
    return g.node('Div', [horner(g, q, c), horner(g, q, d)]);
  };
  const low = tail(p);
  const high = g.node('Neg', [tail(g.node('Sub', [g.double([1], []), p]))]);
  const q = g.node('Sub', [p, g.double([0.5], [])]);
  const r = g.node('Mul', [q, q]);
  const central = g.node('Div', [g.node('Mul', [horner(g, r, a), q]), horner(g, r, b)]);
  const value = g.node('Where', [
    g.node('Less', [p, g.double([pLow], [])]),
    low,
    g.node('Where', [g.node('Greater', [p, g.double([1 - pLow], [])]), high, central]),
  ]);
  const clipped = g.node('Max', [g.double([-CLIP], []), g.node('Min', [g.double([CLIP], []), value])]);
  return g.node('Where', [
    g.node('LessOrEqual', [p, g.double([0], [])]),
    g.double([-CLIP], []),
    g.node('Where', [g.node('GreaterOrEqual', [p, g.double([1], [])]), g.double([CLIP], []), clipped]),
  ]);
}

/**
 * The empirical CDF of one column against its reference quantiles (scalers.ts `cdf`): piecewise linear
 * between distinct reference values; exactly at a repeated value, the mean of its first and last positions.
 * @param g graph builder
 * @param x [N, 1] double values
 * @param refs ascending reference values
 */
function empiricalCdf(g: GraphBuilder, x: string, refs: readonly number[]): string {
  const n = refs.length;
  const unique: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  refs.forEach((v, i) => {
    if (unique.length === 0 || v !== unique[unique.length - 1]) {
      unique.push(v);
      first.push(i);
      last.push(i);
    } else last[last.length - 1] = i;
  });
  const zero = g.double([0], []);
  const one = g.double([1], []);
  const atOrBelowFirst = g.node('LessOrEqual', [x, g.double([refs[0]], [])]);
  const atOrAboveLast = g.node('GreaterOrEqual', [x, g.double([refs[n - 1]], [])]);
  if (unique.length === 1) return g.node('Where', [atOrBelowFirst, zero, one]);
  const m = unique.length;
  // j: the last distinct value <= x, clamped so that j and j + 1 exist (out-of-range rows are handled above).
  const count = g.node('ReduceSum', [g.node('Cast', [g.node('LessOrEqual', [g.double(unique, [1, m], 'refs'), x])], { to: { int: 7 } }), g.int64([1])], {
    keepdims: { int: 1 },
  });
  const j = g.node('Max', [g.int64([0], []), g.node('Min', [g.int64([m - 2], []), g.node('Sub', [count, g.int64([1], [])])])]);
  const jPlus = g.node('Add', [j, g.int64([1], [])]);
  // GatherElements needs a table row per input row: the table is expanded to [N, m], then each row picks.
  const pickRow = (values: readonly number[], index: string) => {
    const table = g.node('Expand', [g.double(values, [1, m]), g.node('Concat', [g.node('Shape', [x], { end: { int: 1 } }), g.int64([m])], { axis: { int: 0 } })]);
    return g.node('GatherElements', [table, index], { axis: { int: 1 } });
  };
  const lo = pickRow(unique, j);
  const hi = pickRow(unique, jPlus);
  const lastIndex = pickRow(last, j);
  const frac = g.node('Div', [g.node('Sub', [x, lo]), g.node('Sub', [hi, lo])]);
  const between = g.node('Div', [g.node('Add', [lastIndex, frac]), g.double([n - 1], [])]);
  const tieValues = unique.map((_, k) => 0.5 * (last[k] / (n - 1) + first[k] / (n - 1)));
  const tie = pickRow(tieValues, j);
  const inside = g.node('Where', [g.node('Equal', [x, lo]), tie, between]);
  return g.node('Where', [atOrBelowFirst, zero, g.node('Where', [atOrAboveLast, one, inside])]);
}

/** log1p(v) from log: log(u) * v / (u - 1) with u = 1 + v (Goldberg's correction), v itself when u rounds to 1. */
function log1p(g: GraphBuilder, v: string): string {
  const u = g.node('Add', [v, g.double([1], [])]);
  const corrected = g.node('Div', [g.node('Mul', [g.node('Log', [u]), v]), g.node('Sub', [u, g.double([1], [])])]);
  return g.node('Where', [g.node('Equal', [u, g.double([1], [])]), v, corrected]);
}

/**
 * The fitted scaler (applyScaler in scalers.ts).
 * @param g graph builder
 * @param x [N, F] double features
 * @param state the scaler state, or null
 */
export function scale(g: GraphBuilder, x: string, state: ScalerState | null): string {
  if (!state || state.kind === 'none') return x;
  if (state.kind === 'quantile-normal') {
    const quantiles = state.quantiles as number[][];
    const p = g.node(
      'Concat',
      quantiles.map((refs, k) => empiricalCdf(g, column(g, x, k), refs)),
      { axis: { int: 1 } },
    );
    return normalQuantile(g, p);
  }
  const mean = state.mean as number[];
  const width = mean.length;
  let values = x;
  const logColumns = state.logColumns ?? [];
  if (logColumns.some(Boolean)) {
    const logged = log1p(g, g.node('Max', [x, g.double([0], [])]));
    const mask = g.node('Cast', [g.int64(logColumns.map((b) => (b ? 1 : 0)), [1, width])], { to: { int: 9 } });
    values = g.node('Where', [mask, logged, x]);
  }
  return g.node('Div', [g.node('Sub', [values, g.double(mean, [1, width], 'mean')]), g.double(state.scale as number[], [1, width], 'scale')]);
}

/**
 * Raw indicator columns to the model's input: imputation, discretization, scaler.
 * @param g graph builder
 * @param x [N, F] double raw input (NaN = missing)
 * @param pipeline the saved model's pipeline
 */
export function preprocess(g: GraphBuilder, x: string, pipeline: SavedPipelineModel['pipeline']): string {
  return scale(g, discretize(g, impute(g, x, pipeline.fill), pipeline.binEdges), pipeline.scaler);
}
