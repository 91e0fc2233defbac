import type { DiscretizationMethod } from '@indicata/contracts';
import type { TargetDiscretization } from '../pipeline/config.ts';
import { observedSorted, quantileSorted } from '../data/stats.ts';

/** One class of the discretized target: the ordered class index is its position in the list. */
export interface TargetClass {
  title: string;
  /** Inclusive lower bound. */
  min: number;
  /** Upper bound: exclusive, except for the last class where it is inclusive. */
  max: number;
}

/** Fitted class definitions and the rule to assign a value. */
export interface TargetClasses {
  classes: TargetClass[];
  mode: 'automatic' | 'manual';
  method: DiscretizationMethod | null;
  /** For automatic classes, values below the first / above the last class are clamped into them. */
  clamp: boolean;
}

function formatBound(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const abs = Math.abs(v);
  const digits = abs >= 100 ? 1 : abs >= 1 ? 2 : 4;
  return Number(v.toFixed(digits)).toString();
}

/**
 * Inner edges (at most k - 1 of them, ascending, unique) for automatic discretization.
 * Quantile and k-means read how the values are spread, so many equal values (a target that comes already coded
 * 1..5, most rows 1) would make their edges coincide: with no more distinct values than groups, each value is its
 * own class; otherwise a quantile edge that would leave its class without a value (it falls on or below the last
 * edge, all of it on one repeated value) is moved just above the first value of that class, halfway to the next
 * value, so the repeated value fills a class of its own instead of the classes merging. Equal-width depends on the
 * range alone.
 */
function innerEdges(sorted: Float64Array, groups: number, method: DiscretizationMethod): number[] {
  const lo = sorted[0];
  const hi = sorted[sorted.length - 1];
  if (groups <= 1 || lo === hi) return [];
  const values = method === 'equal-width' ? null : distinctSorted(sorted);
  if (values && values.length <= groups) return values.slice(1).map((v, i) => (values[i] + v) / 2);
  let edges: number[];
  if (method === 'equal-width') {
    const width = (hi - lo) / groups;
    edges = Array.from({ length: groups - 1 }, (_, i) => lo + width * (i + 1));
  } else if (method === 'quantile') {
    edges = Array.from({ length: groups - 1 }, (_, i) => quantileSorted(sorted, (i + 1) / groups));
  } else {
    edges = kmeansEdges(sorted, groups);
  }
  const unique: number[] = [];
  for (let e of edges) {
    const last = unique.length === 0 ? lo : unique[unique.length - 1];
    if (method === 'quantile' && values) {
      // The class [last, e) starts at its first value; an edge at or below that value would leave it empty.
      const first = values.find((v) => v >= last);
      if (first !== undefined && e <= first) e = halfwayAbove(values, first);
    }
    if (e > last && e < hi) unique.push(e);
  }
  return unique;
}

/** The distinct values of a sorted array. */
function distinctSorted(sorted: Float64Array): number[] {
  const out: number[] = [];
  for (const v of sorted) if (out.length === 0 || v > out[out.length - 1]) out.push(v);
  return out;
}

/** Halfway between a value and the next distinct value above it (the value itself when none is above). */
function halfwayAbove(distinct: number[], value: number): number {
  const next = distinct.find((v) => v > value);
  return next === undefined ? value : (value + next) / 2;
}

/**
 * One-dimensional k-means (Lloyd) started at the quantile midpoints, so the result is deterministic;
 * edges are the midpoints between adjacent centres.
 */
function kmeansEdges(sorted: Float64Array, groups: number): number[] {
  let centres = Array.from({ length: groups }, (_, i) => quantileSorted(sorted, (i + 0.5) / groups));
  for (let iter = 0; iter < 100; iter++) {
    const edges = centres.slice(0, -1).map((c, i) => (c + centres[i + 1]) / 2);
    const sums = new Float64Array(groups);
    const counts = new Float64Array(groups);
    let g = 0;
    for (const v of sorted) {
      while (g < edges.length && v >= edges[g]) g += 1;
      sums[g] += v;
      counts[g] += 1;
    }
    const next = centres.map((c, i) => (counts[i] > 0 ? sums[i] / counts[i] : c));
    next.sort((a, b) => a - b);
    const moved = next.some((c, i) => Math.abs(c - centres[i]) > 1e-12 * (1 + Math.abs(c)));
    centres = next;
    if (!moved) break;
  }
  return centres.slice(0, -1).map((c, i) => (c + centres[i + 1]) / 2);
}

/**
 * Fits the target classes on training values.
 * @param trainValues target values of training rows (NaN ignored)
 * @param spec automatic (k groups by equal-width, quantile or k-means) or manual classes with titles
 * @returns ordered classes; automatic classes are titled "lo - hi". Quantile or k-means classes of many equal
 *   values can still be fewer than requested (innerEdges).
 */
export function fitTargetClasses(trainValues: ArrayLike<number>, spec: TargetDiscretization): TargetClasses {
  if (spec.mode === 'manual') {
    const classes = [...spec.classes]
      .map((c) => ({ title: c.title, min: Math.min(c.min, c.max), max: Math.max(c.min, c.max) }))
      .sort((a, b) => a.min - b.min || a.max - b.max);
    return { classes, mode: 'manual', method: null, clamp: false };
  }
  const sorted = observedSorted(trainValues);
  if (sorted.length === 0) throw new Error('No training rows have a target value.');
  const lo = sorted[0];
  const hi = sorted[sorted.length - 1];
  const edges = innerEdges(sorted, spec.groups, spec.method);
  const bounds = [lo, ...edges, hi];
  const classes: TargetClass[] = [];
  for (let i = 0; i < bounds.length - 1; i++) {
    classes.push({ title: `${formatBound(bounds[i])} - ${formatBound(bounds[i + 1])}`, min: bounds[i], max: bounds[i + 1] });
  }
  return { classes, mode: 'automatic', method: spec.method, clamp: true };
}

/**
 * The ordered class index of a value, or -1 when it is missing or outside every manual class.
 * @param value target value
 * @param fitted the fitted classes
 */
export function assignClass(value: number, fitted: TargetClasses): number {
  if (Number.isNaN(value)) return -1;
  const { classes } = fitted;
  const last = classes.length - 1;
  if (fitted.clamp) {
    for (let i = 0; i < last; i++) if (value < classes[i].max) return i;
    return last;
  }
  for (let i = 0; i <= last; i++) {
    const c = classes[i];
    if (value >= c.min && (value < c.max || (value === c.max && (i === last || classes[i + 1].min > value)))) return i;
  }
  return -1;
}

/** Class counts as the wizard's preview shows them. */
export interface TargetClassPreview {
  classes: { index: number; title: string; min: number; max: number; count: number }[];
  /** Values outside every manual class. */
  unassigned: number;
  /** Missing values. */
  missing: number;
}

/**
 * Previews the classes a discretization would produce on a set of values (pure; the wizard calls it
 * through the server before saving).
 * @param values target values (NaN = missing)
 * @param spec automatic or manual discretization
 */
export function previewTargetClasses(values: ArrayLike<number>, spec: TargetDiscretization): TargetClassPreview {
  const fitted = fitTargetClasses(values, spec);
  const counts = new Array<number>(fitted.classes.length).fill(0);
  let unassigned = 0;
  let missing = 0;
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i])) {
      missing += 1;
      continue;
    }
    const c = assignClass(values[i], fitted);
    if (c === -1) unassigned += 1;
    else counts[c] += 1;
  }
  return {
    classes: fitted.classes.map((c, index) => ({ index, title: c.title, min: c.min, max: c.max, count: counts[index] })),
    unassigned,
    missing,
  };
}
