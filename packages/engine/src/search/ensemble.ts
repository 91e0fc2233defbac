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

/** Arg-max class per row of a row-major probability matrix (ties to the lower class). */
export function argmaxRows(probabilities: Float64Array, nClasses: number): Int32Array {
  const rows = probabilities.length / nClasses;
  const out = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    let best = 0;
    for (let c = 1; c < nClasses; c++) if (probabilities[i * nClasses + c] > probabilities[i * nClasses + best] + 1e-12) best = c;
    out[i] = best;
  }
  return out;
}
