/** Small statistics helpers on plain numbers; NaN-aware where the name says so. */

/** Values that are not NaN. */
export function observed(values: ArrayLike<number>): Float64Array {
  // Counted first, then filled: one allocation of the exact size (growing a JS array value by value cost as much
  // as sorting it on large training sets).
  let count = 0;
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i])) count += 1;
  const out = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isNaN(v)) out[k++] = v;
  }
  return out;
}

/**
 * The observed (non-NaN) values in ascending order, in a new array.
 * @param values values with NaN for missing
 */
export function observedSorted(values: ArrayLike<number>): Float64Array {
  return observed(values).sort();
}

/** Arithmetic mean (NaN for no values). */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i];
  return s / values.length;
}

/** Population standard deviation (ddof = 0). */
export function std(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  const m = mean(values);
  let s = 0;
  for (let i = 0; i < values.length; i++) s += (values[i] - m) ** 2;
  return Math.sqrt(s / values.length);
}

/**
 * Quantile with linear interpolation between order statistics (numpy's default, "type 7").
 * @param sorted values sorted ascending (no NaN)
 * @param q in [0, 1]
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const pos = (n - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Median of observed values (NaN when none). */
export function median(values: ArrayLike<number>): number {
  return quantileSorted(observedSorted(values), 0.5);
}

/**
 * Pearson correlation over pairs where both values are observed.
 * @returns r, or null when fewer than 3 pairs or a constant side
 */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  let n = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < a.length; i++) {
    if (Number.isNaN(a[i]) || Number.isNaN(b[i])) continue;
    n += 1;
    sa += a[i];
    sb += b[i];
  }
  if (n < 3) return null;
  const ma = sa / n;
  const mb = sb / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let i = 0; i < a.length; i++) {
    if (Number.isNaN(a[i]) || Number.isNaN(b[i])) continue;
    const da = a[i] - ma;
    const db = b[i] - mb;
    cov += da * db;
    va += da * da;
    vb += db * db;
  }
  if (va === 0 || vb === 0) return null;
  return cov / Math.sqrt(va * vb);
}

/** Shannon entropy in bits of a count vector. */
export function entropyBits(counts: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i];
  if (total === 0) return 0;
  let h = 0;
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] > 0) {
      const p = counts[i] / total;
      h -= p * Math.log2(p);
    }
  }
  return h;
}

/** Sample skewness (Fisher-Pearson, biased) of values. */
export function skewness(values: ArrayLike<number>): number {
  const m = mean(values);
  const s = std(values);
  if (!(s > 0)) return 0;
  let acc = 0;
  for (let i = 0; i < values.length; i++) acc += ((values[i] - m) / s) ** 3;
  return acc / values.length;
}

/** Picks values at the given row indices. */
export function pick(values: ArrayLike<number>, rows: ArrayLike<number>): Float64Array {
  const out = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = values[rows[i]];
  return out;
}

/**
 * Picks integers (class indices) at the given row indices. A plain loop: `Int32Array.from(rows, (i) => values[i])`
 * runs its callback through the iterator protocol, about 14 times slower (0.25 s per 650,000 rows).
 * @param values the integers, by row
 * @param rows the row indices wanted, in order
 */
export function pickInt32(values: ArrayLike<number>, rows: ArrayLike<number>): Int32Array {
  const out = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = values[rows[i]];
  return out;
}

/**
 * Index of the largest value of each row of a row-major matrix; a later class must lead by more than `tolerance` to
 * win, so ties (and, with a tolerance, differences of rounding) go to the lower class.
 * @param values row-major, `nClasses` per row
 * @param nClasses values per row
 * @param tolerance 0 for exact ties (a model's own probabilities); 1e-12 where sums of weighted members may differ by
 *   rounding alone (the ensemble)
 */
export function argmaxRows(values: Float64Array, nClasses: number, tolerance = 0): Int32Array {
  const rows = values.length / nClasses;
  const out = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    const o = i * nClasses;
    let best = 0;
    for (let c = 1; c < nClasses; c++) if (values[o + c] > values[o + best] + tolerance) best = c;
    out[i] = best;
  }
  return out;
}
