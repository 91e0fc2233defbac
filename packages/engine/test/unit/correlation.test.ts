import { correlationMatrix } from '../../src/explain/correlation.ts';
import { pearson } from '../../src/data/stats.ts';
import type { PreparedTarget } from '../../src/pipeline/prepare.ts';
import { createRng } from '../../src/data/random.ts';

describe('the correlation matrix', () => {
  it("holds each pair's Pearson r on both sides of the diagonal, null for a constant column", () => {
    const rng = createRng(4);
    const n = 200;
    const a = Float64Array.from({ length: n }, () => rng.next());
    const b = a.map((v) => v * 2 + rng.next());
    const gaps = a.map((v, i) => (i % 7 === 0 ? Number.NaN : v - rng.next()));
    const constant = new Float64Array(n).fill(3);
    const target = a.map((v) => -v + 0.1 * rng.next());
    const prepared = { source: { names: ['a', 'b', 'gaps', 'constant'], columns: [a, b, gaps, constant] }, target } as unknown as PreparedTarget;
    const rows = Array.from({ length: n }, (_, i) => i);
    const { labels, values } = correlationMatrix(prepared, ['a', 'b', 'gaps', 'constant'], rows);
    expect(labels).toEqual(['a', 'b', 'gaps', 'constant', 'target']);
    const columns = [a, b, gaps, constant, target];
    for (let i = 0; i < columns.length; i++) {
      expect(values[i][i]).toBe(1);
      for (let j = 0; j < columns.length; j++) {
        if (i === j) continue;
        const r = pearson(columns[i], columns[j]);
        expect(values[i][j]).toBe(r === null ? null : Number(r.toPrecision(12)));
        expect(values[i][j]).toBe(values[j][i]);
      }
    }
    expect(values[3][0]).toBeNull();
    expect(values[0][4] as number).toBeLessThan(-0.9);
  });
});
