import { SeededRandom } from '../../src/models/rng.ts';
import type { Matrix } from '../../src/models/types.ts';

/** Gaussian blobs: one centre per class, unit noise; returns rows, labels and class count. */
export function blobs(rows: number, cols: number, nClasses: number, seed: number, spread = 3): { X: Matrix; y: Int32Array; nClasses: number } {
  const rng = new SeededRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());
  const centres = Array.from({ length: nClasses }, () => Array.from({ length: cols }, () => gauss() * spread));
  const data = new Float64Array(rows * cols);
  const y = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    const c = i % nClasses;
    y[i] = c;
    for (let f = 0; f < cols; f++) data[i * cols + f] = centres[c][f] + gauss();
  }
  return { X: { data, rows, cols }, y, nClasses };
}

/** Uniform random rows in [0, 1). */
export function uniformRows(rows: number, cols: number, seed: number): Matrix {
  const rng = new SeededRandom(seed);
  return { data: Float64Array.from({ length: rows * cols }, () => rng.next()), rows, cols };
}

/** Fraction of equal entries. */
export function accuracy(predicted: Int32Array, y: Int32Array): number {
  let correct = 0;
  for (let i = 0; i < y.length; i++) if (predicted[i] === y[i]) correct++;
  return correct / y.length;
}

/** Asserts every row of a rows * k probability matrix sums to 1 and lies in [0, 1]. */
export function expectProbabilities(proba: Float64Array, rows: number, k: number): void {
  expect(proba.length).toBe(rows * k);
  for (let i = 0; i < rows; i++) {
    let total = 0;
    for (let c = 0; c < k; c++) {
      expect(proba[i * k + c]).toBeGreaterThanOrEqual(0);
      expect(proba[i * k + c]).toBeLessThanOrEqual(1);
      total += proba[i * k + c];
    }
    expect(total).toBeCloseTo(1, 9);
  }
}
