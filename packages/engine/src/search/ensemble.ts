/**
 * Weighted sum of probability matrices.
 * @param probabilities one row-major matrix per member (same shape)
 * @param weights one weight per member
 */
export function combineProbabilities(probabilities: Float64Array[], weights: number[]): Float64Array {
  const out = new Float64Array(probabilities[0].length);
  probabilities.forEach((p, m) => {
    for (let i = 0; i < p.length; i++) out[i] += weights[m] * p[i];
  });
  return out;
}

/** Tie tolerance of the ensemble's arg-max: its weighted sums can differ by rounding alone. */
export const ENSEMBLE_TIE_TOLERANCE = 1e-12;
