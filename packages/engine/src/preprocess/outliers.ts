import { observedSorted, quantileSorted } from '../data/stats.ts';

/** IQR bounds of the target fitted on training rows. */
export interface OutlierBounds {
  lower: number;
  upper: number;
  quantiles: readonly [number, number];
  k: number;
}

/**
 * Fits IQR bounds: with quantiles (qLow, qHigh) of the training target, IQR = Q(qHigh) - Q(qLow),
 * bounds = [Q(qLow) - k * IQR, Q(qHigh) + k * IQR].
 * @param trainValues target values of training rows (NaN ignored)
 * @param quantiles the chosen quantile pair, e.g. [0.25, 0.75]
 * @param k fence multiplier (1.5)
 */
export function fitOutlierBounds(trainValues: ArrayLike<number>, quantiles: readonly [number, number], k: number): OutlierBounds {
  const sorted = observedSorted(trainValues);
  if (sorted.length === 0) throw new Error('No training rows have a target value.');
  const qLow = quantileSorted(sorted, quantiles[0]);
  const qHigh = quantileSorted(sorted, quantiles[1]);
  const iqr = qHigh - qLow;
  return { lower: qLow - k * iqr, upper: qHigh + k * iqr, quantiles, k };
}

/** Whether a value lies outside the bounds. */
export function isOutlier(value: number, bounds: OutlierBounds): boolean {
  return value < bounds.lower || value > bounds.upper;
}
