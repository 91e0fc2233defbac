import { createModel, loadModel, type KnnClassifier, type Matrix } from '../../src/models/index.ts';
import { blobs, expectProbabilities, uniformRows } from './data.ts';

function fitKnn(params: Record<string, unknown>, X: Matrix, y: Int32Array, nClasses: number): KnnClassifier {
  const model = createModel('KNN', params, 0) as KnnClassifier;
  model.fit(X, y, nClasses);
  return model;
}

/** Reference k nearest (distance, then index) by sorting all distances. */
function naiveNeighbors(X: Matrix, query: Float64Array, q: number, k: number, p: number): number[] {
  const d = Array.from({ length: X.rows }, (_, i) => {
    let acc = 0;
    for (let f = 0; f < X.cols; f++) acc += Math.abs(X.data[i * X.cols + f] - query[q * X.cols + f]) ** p;
    return { i, acc };
  });
  d.sort((a, b) => a.acc - b.acc || a.i - b.i);
  return d.slice(0, k).map((e) => e.i);
}

describe('k nearest neighbours', () => {
  const X = uniformRows(600, 4, 1);
  const queries = uniformRows(40, 4, 2);
  const y = Int32Array.from({ length: 600 }, (_, i) => i % 3);

  test.each([1, 2, 3])('kd_tree, ball_tree and brute find the same (true) neighbours with p=%d', (p) => {
    const byAlgorithm = (['brute', 'kd_tree', 'ball_tree'] as const).map((algorithm) =>
      fitKnn({ algorithm, p, n_neighbors: 7, leaf_size: 8 }, X, y, 3).kneighbors(queries),
    );
    expect(byAlgorithm[1].indices).toEqual(byAlgorithm[0].indices);
    expect(byAlgorithm[2].indices).toEqual(byAlgorithm[0].indices);
    for (let q = 0; q < queries.rows; q++) {
      expect(Array.from(byAlgorithm[0].indices.subarray(q * 7, q * 7 + 7))).toEqual(naiveNeighbors(X, queries.data, q, 7, p));
    }
    const d = byAlgorithm[1].distances;
    for (let j = 1; j < 7; j++) expect(d[j]).toBeGreaterThanOrEqual(d[j - 1]);
  });

  test('the Euclidean kd-tree (searched on principal axes) matches brute force on correlated and tied data', () => {
    // 12 features: 4 uniform, 4 linear mixes of them (rank-deficient covariance), 4 small integers
    // shared by many rows (exact distance ties, duplicate rows), all far from the origin.
    const rows = 4200; // enough for the principal-axes tree (ROTATE_MIN_ROWS)
    const base = uniformRows(rows + 120, 4, 7);
    const make = (from: number, count: number): Matrix => {
      const data = new Float64Array(count * 12);
      for (let i = 0; i < count; i++) {
        const u = base.data.subarray((from + i) * 4, (from + i) * 4 + 4);
        const row = data.subarray(i * 12, i * 12 + 12);
        for (let f = 0; f < 4; f++) row[f] = 1000 + u[f];
        for (let f = 0; f < 4; f++) row[4 + f] = u[f] * 2 - u[(f + 1) % 4];
        for (let f = 0; f < 4; f++) row[8 + f] = Math.floor(u[(f + 2) % 4] * 3);
        if (i % 5 === 0) for (let f = 0; f < 8; f++) row[f] = 1000;
      }
      return { data, rows: count, cols: 12 };
    };
    const train = make(0, rows);
    const queries = make(rows, 120);
    const labels = Int32Array.from({ length: rows }, (_, i) => i % 2);
    for (const k of [1, 6, 25]) {
      const brute = fitKnn({ algorithm: 'brute', n_neighbors: k }, train, labels, 2).kneighbors(queries);
      const kd = fitKnn({ algorithm: 'kd_tree', n_neighbors: k, leaf_size: 5 }, train, labels, 2);
      const found = kd.kneighbors(queries);
      expect(found.indices).toEqual(brute.indices);
      expect(found.distances).toEqual(brute.distances);
      expect(kd.distanceEvaluations() / queries.rows).toBeLessThan(rows);
      for (let q = 0; q < queries.rows; q += 17) {
        expect(Array.from(found.indices.subarray(q * k, q * k + k))).toEqual(naiveNeighbors(train, queries.data, q, k, 2));
      }
    }
  });

  test('kd-tree and ball tree really prune', () => {
    const big = uniformRows(5000, 3, 3);
    const labels = new Int32Array(5000);
    for (const algorithm of ['kd_tree', 'ball_tree', 'brute'] as const) {
      const model = fitKnn({ algorithm, n_neighbors: 5, leaf_size: 20 }, big, labels, 1);
      model.kneighbors(uniformRows(50, 3, 4));
      const perQuery = model.distanceEvaluations() / 50;
      if (algorithm === 'brute') expect(perQuery).toBe(5000);
      else expect(perQuery).toBeLessThan(500);
    }
  });

  test('distance weights: an exact match takes all the weight; far neighbours count less', () => {
    const train: Matrix = { data: new Float64Array([0, 1, 1.2, 10]), rows: 4, cols: 1 };
    const labels = new Int32Array([0, 1, 1, 0]);
    const query: Matrix = { data: new Float64Array([0, 0.2]), rows: 2, cols: 1 };
    const uniform = fitKnn({ n_neighbors: 3 }, train, labels, 2).predictProba(query);
    const distance = fitKnn({ n_neighbors: 3, weights: 'distance' }, train, labels, 2).predictProba(query);
    expect(Array.from(uniform.subarray(0, 2))).toEqual([1 / 3, 2 / 3]);
    expect(Array.from(distance.subarray(0, 2))).toEqual([1, 0]);
    // Query 0.2: neighbours 0 (d 0.2, class 0), 1 (d 0.8), 1.2 (d 1.0): class 0 weight 5 vs 1.25 + 1.
    expect(distance[2]).toBeCloseTo(5 / 7.25, 12);
    expectProbabilities(distance, 2, 2);
  });

  test('p=1 and p=2 rank neighbours differently', () => {
    // From the origin: (3, 0) is 3 away under both; (2, 2) is 4 (p=1) or 2.83 (p=2).
    const train: Matrix = { data: new Float64Array([3, 0, 2, 2]), rows: 2, cols: 2 };
    const labels = new Int32Array([0, 1]);
    const origin: Matrix = { data: new Float64Array([0, 0]), rows: 1, cols: 2 };
    expect(fitKnn({ n_neighbors: 1, p: 1 }, train, labels, 2).predict(origin)[0]).toBe(0);
    expect(fitKnn({ n_neighbors: 1, p: 2 }, train, labels, 2).predict(origin)[0]).toBe(1);
  });

  test('auto picks a kd-tree in low dimensions and brute force in high ones', () => {
    expect(fitKnn({}, X, y, 3).resolvedAlgorithm()).toBe('kd_tree');
    expect(fitKnn({}, uniformRows(100, 40, 5), new Int32Array(100), 1).resolvedAlgorithm()).toBe('brute');
    expect(fitKnn({ n_neighbors: 60 }, uniformRows(100, 4, 5), new Int32Array(100), 1).resolvedAlgorithm()).toBe('brute');
    // Above 15 features Euclidean brute force (the SIMD filter); other powers keep the tree up to 32 features.
    expect(fitKnn({}, uniformRows(300, 20, 5), new Int32Array(300), 1).resolvedAlgorithm()).toBe('brute');
    expect(fitKnn({ p: 1 }, uniformRows(300, 20, 5), new Int32Array(300), 1).resolvedAlgorithm()).toBe('kd_tree');
  });

  test('Euclidean brute force stays exact where its float32 filter cannot tell points apart', () => {
    // 20 features far from the origin, rows that differ by 1e-9 (far below float32 resolution) and
    // exact duplicates: the float32 SIMD scan only filters, the exact distances rank.
    const rows = 900;
    const base = uniformRows(rows + 30, 20, 11);
    const make = (from: number, count: number): Matrix => {
      const data = new Float64Array(count * 20);
      for (let i = 0; i < count; i++) {
        for (let f = 0; f < 20; f++) data[i * 20 + f] = 1e6 + (i % 7 === 0 ? 0.5 : base.data[(from + i) * 20 + f]) + 1e-9 * ((from + i) % 13);
      }
      return { data, rows: count, cols: 20 };
    };
    const train = make(0, rows);
    const queries = make(rows, 30);
    const labels = new Int32Array(rows);
    // 300: a k large enough that the k-th smallest filter value is found by selection, ties and duplicates included.
    for (const k of [1, 5, 40, 300]) {
      const brute = fitKnn({ algorithm: 'brute', n_neighbors: k }, train, labels, 1).kneighbors(queries);
      const ball = fitKnn({ algorithm: 'ball_tree', n_neighbors: k }, train, labels, 1).kneighbors(queries);
      expect(brute.indices).toEqual(ball.indices);
      expect(brute.distances).toEqual(ball.distances);
      for (let q = 0; q < queries.rows; q += 7) {
        expect(Array.from(brute.indices.subarray(q * k, q * k + k))).toEqual(naiveNeighbors(train, queries.data, q, k, 2));
      }
    }
  });

  test('learns blobs, probabilities sum to 1, round trip keeps predictions', () => {
    const data = blobs(300, 5, 3, 9);
    const model = fitKnn({ n_neighbors: 9, weights: 'distance', algorithm: 'ball_tree' }, data.X, data.y, 3);
    expectProbabilities(model.predictProba(data.X), 300, 3);
    const loaded = loadModel(JSON.parse(JSON.stringify(model.toJSON())));
    expect(loaded.predictProba(data.X)).toEqual(model.predictProba(data.X));
    expect(loaded.predict(data.X)).toEqual(model.predict(data.X));
  });
});
