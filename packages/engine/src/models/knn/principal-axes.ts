/**
 * Principal axes of a point set, used to rotate the kd-tree's coordinate system: a rotation keeps
 * Euclidean distances, and splitting along directions of decreasing variance (dropping directions
 * with none) gives tighter boxes than the original feature axes when features are correlated.
 */

/** Rows used to estimate the covariance matrix (measured: as good a tree as all 22,500 bench rows). */
const SAMPLE_ROWS = 512;

/** Centre and rotation onto the principal axes (rows of `axes`, decreasing variance). */
export interface PrincipalAxes {
  /** Mean of each input feature. */
  mean: Float64Array;
  /** Row-major axisCount * dims: unit vector of each kept axis. */
  axes: Float64Array;
  /** Number of kept axes (those with a variance above a tiny share of the largest). */
  axisCount: number;
}

/**
 * Computes the principal axes with a cyclic Jacobi eigen-decomposition of the covariance matrix
 * (of an evenly spaced sample of at most about SAMPLE_ROWS rows).
 * @param data row-major rows * dims
 * @param rows number of rows
 * @param dims number of features
 */
export function principalAxes(data: Float64Array, rows: number, dims: number): PrincipalAxes {
  // An evenly spread sample estimates the axes well enough: they only shape the tree, and any
  // rotation keeps the search exact.
  const step = Math.max(1, Math.floor(rows / SAMPLE_ROWS));
  const sampled = Math.ceil(rows / step);
  const mean = new Float64Array(dims);
  for (let i = 0; i < rows; i += step) for (let f = 0; f < dims; f++) mean[f] += data[i * dims + f];
  for (let f = 0; f < dims; f++) mean[f] /= Math.max(1, sampled);
  const cov = new Float64Array(dims * dims);
  const centred = new Float64Array(dims);
  for (let i = 0; i < rows; i += step) {
    for (let f = 0; f < dims; f++) centred[f] = data[i * dims + f] - mean[f];
    for (let f = 0; f < dims; f++) {
      const v = centred[f];
      for (let g = f; g < dims; g++) cov[f * dims + g] += v * centred[g];
    }
  }
  for (let f = 0; f < dims; f++) for (let g = 0; g < f; g++) cov[f * dims + g] = cov[g * dims + f];
  const vectors = jacobiEigenvectors(cov, dims);
  const order = Array.from({ length: dims }, (_, i) => i).sort((a, b) => cov[b * dims + b] - cov[a * dims + a] || a - b);
  const largest = Math.max(0, cov[order[0] * dims + order[0]]);
  const kept = order.filter((c) => cov[c * dims + c] > largest * 1e-12);
  const axisCount = Math.max(1, kept.length);
  const axes = new Float64Array(axisCount * dims);
  for (let r = 0; r < axisCount; r++) {
    const column = kept[r] ?? order[0];
    for (let f = 0; f < dims; f++) axes[r * dims + f] = vectors[f * dims + column];
  }
  return { mean, axes, axisCount };
}

/** Diagonalises the symmetric matrix `a` in place; returns the eigenvectors as columns (row-major). */
function jacobiEigenvectors(a: Float64Array, n: number): Float64Array {
  const v = new Float64Array(n * n);
  for (let f = 0; f < n; f++) v[f * n + f] = 1;
  let diagonal = 0;
  for (let f = 0; f < n; f++) diagonal += a[f * n + f] ** 2;
  // Each rotation is orthogonal whether or not the sweeps converge, so a loose stop only costs a
  // little tree quality, never correctness.
  for (let sweep = 0; sweep < 30; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off <= diagonal * 1e-20 || off === 0) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (apq === 0) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p];
          const vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return v;
}

/**
 * Coordinates of each row on the axes (after centring), row-major rows * axisCount.
 * @param data row-major rows * dims
 * @param rows number of rows
 * @param dims number of features
 * @param pa axes from principalAxes
 */
export function projectOntoAxes(data: Float64Array, rows: number, dims: number, pa: PrincipalAxes): Float64Array {
  const { mean, axes, axisCount } = pa;
  const out = new Float64Array(rows * axisCount);
  const centred = new Float64Array(dims);
  for (let i = 0; i < rows; i++) {
    for (let f = 0; f < dims; f++) centred[f] = data[i * dims + f] - mean[f];
    for (let r = 0; r < axisCount; r++) {
      let s = 0;
      for (let f = 0; f < dims; f++) s += axes[r * dims + f] * centred[f];
      out[i * axisCount + r] = s;
    }
  }
  return out;
}

/**
 * Euclidean norm of each row after centring (bounds the rounding error of projected coordinates).
 * @param data row-major rows * dims
 * @param rows number of rows
 * @param dims number of features
 * @param mean centre
 */
export function centredNorms(data: Float64Array, rows: number, dims: number, mean: Float64Array): Float64Array {
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let s = 0;
    for (let f = 0; f < dims; f++) s += (data[i * dims + f] - mean[f]) ** 2;
    out[i] = Math.sqrt(s);
  }
  return out;
}
