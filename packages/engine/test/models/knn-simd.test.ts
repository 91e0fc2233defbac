import { SimdScanner } from '../../src/models/knn/simd-scan.ts';
import { SeededRandom } from '../../src/models/rng.ts';
import { leb, sleb } from '../../src/models/wasm/assembler.ts';

/** Decodes a signed LEB128 number (the reading side of i32.const). */
function readSleb(bytes: number[]): number {
  let result = 0;
  let shift = 0;
  for (const byte of bytes) {
    result |= (byte & 0x7f) << shift;
    shift += 7;
    if ((byte & 0x80) === 0) return shift < 32 && (byte & 0x40) !== 0 ? result | (-1 << shift) : result;
  }
  throw new Error('unterminated');
}

describe('WebAssembly assembler', () => {
  test('i32 constants use signed LEB128: 64..127 and negatives read back unchanged', () => {
    for (const v of [0, 1, 63, 64, 100, 127, 128, 8191, 8192, -1, -64, -65, 2 ** 31 - 1, -(2 ** 31)]) expect(readSleb(sleb(v))).toBe(v);
    // The unsigned form of 64 reads back as -64: the bug this encoding avoids.
    expect(readSleb(leb(64))).toBe(-64);
  });
});

describe('KNN SIMD scan', () => {
  test.each([
    [1, 5],
    [7, 37],
    [20, 250],
  ])('with %d features and %d rows it writes exactly the rows with a <= limit, numbered from any block', (dims, rows) => {
    const rng = new SeededRandom(dims * 1000 + rows);
    const centred = Float64Array.from({ length: rows * dims }, () => 4 * rng.next() - 2);
    const norms = new Float64Array(rows);
    for (let r = 0; r < rows; r++) for (let f = 0; f < dims; f++) norms[r] += centred[r * dims + f] ** 2;
    const queryRows = 3;
    const scanner = SimdScanner.create(centred, norms, rows, dims, queryRows);
    expect(scanner).not.toBeNull(); // Node has WebAssembly SIMD: the fast path must be the one tested
    const s = scanner as SimdScanner;
    for (let i = 0; i < queryRows * dims; i++) s.queries[i] = 2 * rng.next() - 1;
    for (let q = 0; q < queryRows; q++) {
      const exact = Array.from({ length: rows }, (_, r) => {
        let dot = 0;
        for (let f = 0; f < dims; f++) dot += s.queries[q * dims + f] * centred[r * dims + f];
        return norms[r] - 2 * dot;
      });
      const sorted = [...exact].sort((a, b) => a - b);
      const limit = Math.fround(sorted[Math.floor(rows / 3)]);
      for (const from of [0, 1]) {
        if (from >= s.blocks) continue;
        const count = s.scan(q, from, s.blocks, limit);
        const got = Array.from(s.outRow.subarray(0, count));
        const firstRow = from * 16;
        // float32 rounding may move a row sitting on the limit itself: compare away from it.
        const clearlyIn = exact.flatMap((a, r) => (r >= firstRow && a < limit - 1e-4 ? [r] : []));
        const clearlyOut = exact.flatMap((a, r) => (r < firstRow || a > limit + 1e-4 ? [r] : []));
        for (const r of clearlyIn) expect(got).toContain(r);
        for (const r of clearlyOut) expect(got).not.toContain(r);
        got.forEach((r, c) => expect(s.outValue[c]).toBeCloseTo(exact[r], 3));
        expect(got.every((r) => r < rows)).toBe(true); // padding rows never pass
      }
    }
  });
});
