/**
 * The SVM's kernel arithmetic: the WebAssembly SIMD dot products and the table exp must give what
 * the scalar, libsvm-ordered JavaScript gives, or the solver would drift from libsvm.
 */
import { fastExp } from '../../src/models/svm/fast-exp.ts';
import { dotsWithRow } from '../../src/models/svm/kernel.ts';
import { SimdRows } from '../../src/models/svm/simd-dots.ts';
import { SeededRandom } from '../../src/models/rng.ts';

describe('SVM kernel arithmetic', () => {
  test.each([
    [37, 1],
    [100, 3],
    [250, 20],
    [70, 33],
  ])('SIMD dot products of %i rows x %i features equal the scalar sums bit for bit', (rows, cols) => {
    const rng = new SeededRandom(rows * 100 + cols);
    const data = Float64Array.from({ length: rows * cols }, () => (rng.next() - 0.5) * 10);
    const simd = SimdRows.create(data, rows, cols);
    expect(simd).not.toBeNull();
    const expected = new Float64Array(rows);
    for (const [a, from, to] of [[0, 0, rows], [5, 3, rows], [rows - 1, 17, rows - 2], [2, 1, 1 + Math.min(16, rows - 1)]]) {
      dotsWithRow(data, cols, a, from, to, expected);
      simd!.load(a);
      simd!.multiply(from, to);
      expect(Array.from(simd!.out.subarray(from, to))).toEqual(Array.from(expected.subarray(from, to)));
    }
    // After exchanging rows, each row is still where the scalar layout says.
    simd!.swap(0, rows - 1);
    [data.subarray(0, cols), data.subarray((rows - 1) * cols)].forEach((row, k) => {
      simd!.load(k === 0 ? rows - 1 : 0);
      expect(Array.from(simd!.x)).toEqual(Array.from(row));
    });
  });

  test('the table exp is within 2 ulp of Math.exp and rounds to the same float32', () => {
    const rng = new SeededRandom(3);
    let float32Differences = 0;
    let worst = 0;
    for (let i = 0; i < 200_000; i++) {
      const x = -rng.next() * 50;
      const ours = fastExp(x);
      const reference = Math.exp(x);
      worst = Math.max(worst, Math.abs(ours - reference) / reference);
      if (Math.fround(ours) !== Math.fround(reference)) float32Differences++;
    }
    expect(worst).toBeLessThanOrEqual(4.5e-16);
    expect(float32Differences).toBeLessThanOrEqual(2);
    expect(fastExp(0)).toBe(1);
    expect(fastExp(-800)).toBe(Math.exp(-800));
  });
});
