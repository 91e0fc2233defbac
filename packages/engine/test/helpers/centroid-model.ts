import type { Classifier, Matrix, SavedModel } from '../../src/models/types.ts';

/**
 * A tiny nearest-centroid classifier for plumbing tests (not a product model). Every fit is recorded
 * in FIT_LOG (per thread) so tests can see what reached a model.
 */
export const FIT_LOG: { family: string; rows: number; cols: number; maxAbs: number }[] = [];

let fitDelayMs = 0;
/** Makes every fit busy-wait this long (in-thread budget tests). */
export function setFitDelay(ms: number): void {
  fitDelayMs = ms;
}

class NearestCentroid implements Classifier {
  readonly family: Classifier['family'];
  private centroids: Float64Array[] = [];
  private nClasses = 0;
  private cols = 0;
  constructor(family: Classifier['family'], private readonly params: Record<string, unknown>) {
    this.family = family;
  }
  fit(X: Matrix, y: Int32Array, nClasses: number): void {
    const until = performance.now() + fitDelayMs;
    while (performance.now() < until) {
      // busy: a slow model
    }
    let maxAbs = 0;
    for (const v of X.data) maxAbs = Math.max(maxAbs, Math.abs(v));
    FIT_LOG.push({ family: this.family, rows: X.rows, cols: X.cols, maxAbs });
    this.nClasses = nClasses;
    this.cols = X.cols;
    const sums = Array.from({ length: nClasses }, () => new Float64Array(X.cols));
    const counts = new Float64Array(nClasses);
    for (let i = 0; i < X.rows; i++) {
      counts[y[i]] += 1;
      for (let k = 0; k < X.cols; k++) sums[y[i]][k] += X.data[i * X.cols + k];
    }
    this.centroids = sums.map((s, c) => s.map((v) => (counts[c] ? v / counts[c] : Infinity)));
  }
  private distances(X: Matrix, i: number): Float64Array {
    return Float64Array.from(this.centroids, (centre) => {
      let d = 0;
      for (let k = 0; k < X.cols; k++) d += (X.data[i * X.cols + k] - centre[k]) ** 2;
      return d;
    });
  }
  predict(X: Matrix): Int32Array {
    return Int32Array.from({ length: X.rows }, (_, i) => {
      const d = this.distances(X, i);
      let best = 0;
      for (let c = 1; c < d.length; c++) if (d[c] < d[best]) best = c;
      return best;
    });
  }
  predictProba(X: Matrix): Float64Array {
    if (this.family === 'SVM') throw new Error('no probabilities');
    const out = new Float64Array(X.rows * this.nClasses);
    for (let i = 0; i < X.rows; i++) {
      const d = this.distances(X, i);
      let total = 0;
      d.forEach((v, c) => {
        const w = Number.isFinite(v) ? 1 / (1 + v) : 0;
        out[i * this.nClasses + c] = w;
        total += w;
      });
      for (let c = 0; c < this.nClasses; c++) out[i * this.nClasses + c] /= total || 1;
    }
    return out;
  }
  featureImportances(): Float64Array | undefined {
    return this.family === 'DT' || this.family === 'RF' ? new Float64Array(this.cols).fill(1 / Math.max(1, this.cols)) : undefined;
  }
  toJSON(): SavedModel {
    return {
      format: 'indicata-model',
      version: 1,
      family: this.family,
      params: this.params,
      nFeatures: this.cols,
      nClasses: this.nClasses,
      state: { centroids: this.centroids.map((c) => Array.from(c)) },
    };
  }
  dispose(): void {}
}

/** Same signature as the engine's createModel. */
export function createModel(family: Classifier['family'], params: Record<string, unknown>, _seed: number): Classifier {
  return new NearestCentroid(family, params);
}
