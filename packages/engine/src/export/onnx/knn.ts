/**
 * KNN as distances + TopK. The reduced Minkowski distance to every training row is summed feature by
 * feature in the engine's order (decreasing training variance, neighbor-index.ts), in float64, so the
 * distances are the engine's bit for bit; TopK (smallest first, equal values by lower index) then picks
 * the same neighbours as the engine's tie rule (lower training row first). Memory: one N x rows float64
 * matrix per step, so predict large batches in chunks.
 */
import type { SavedModel } from '../../models/types.ts';
import type { SavedKnnState } from '../../models/knn/knn.ts';
import { byDecreasingVariance } from '../../models/knn/point-layout.ts';
import type { GraphBuilder} from './graph.ts';
import { DataType, oneHot } from './graph.ts';
import { column } from './preprocess.ts';
import type { ModelOutputs } from './types.ts';

/**
 * Neighbour search and vote for a saved KNN.
 * @param g graph builder
 * @param x [N, F] double model input
 * @param saved the saved model (family KNN)
 */
export function knn(g: GraphBuilder, x: string, saved: SavedModel): ModelOutputs {
  const state = saved.state as SavedKnnState;
  const params = saved.params as { n_neighbors: number; weights: 'uniform' | 'distance'; p: number };
  const dims = saved.nFeatures;
  const rows = state.rows;
  const k = Math.min(params.n_neighbors, rows);
  const nClasses = saved.nClasses;
  const p = params.p;
  const order = byDecreasingVariance(Float64Array.from(state.X), rows, dims);
  let reduced = '';
  for (const f of order) {
    const training = g.double(
      Array.from({ length: rows }, (_, i) => state.X[i * dims + f]),
      [1, rows],
      'train_col',
    );
    const diff = g.node('Sub', [column(g, x, f), training]);
    const abs = p === 2 ? diff : g.node('Abs', [diff]);
    const term = p === 2 ? g.node('Mul', [diff, diff]) : p === 1 ? abs : g.node('Pow', [abs, g.double([p], [])]);
    reduced = reduced === '' ? term : g.node('Add', [reduced, term]);
  }
  const [nearest, indices] = g.nodeN('TopK', [reduced, g.int64([k])], { axis: { int: 1 }, largest: { int: 0 }, sorted: { int: 1 } }, ['knn_reduced', 'knn_indices']);
  const labels = g.node('Gather', [g.int64(state.y, [rows], 'train_labels'), indices]);
  const votes = oneHot(g, labels, nClasses);
  let weights: string;
  if (params.weights === 'uniform') {
    weights = g.node('Expand', [g.double([1], [1, 1]), g.node('Shape', [nearest])]);
  } else {
    const distance = p === 1 ? nearest : p === 2 ? g.node('Sqrt', [nearest]) : g.node('Pow', [nearest, g.double([1 / p], [])]);
    // An exact match (distance 0) takes all the weight, as in scikit-learn.
    const zero = g.node('Equal', [distance, g.double([0], [])]);
    const anyExact = g.node('Greater', [g.node('ReduceMax', [g.node('Cast', [zero], { to: { int: DataType.DOUBLE } })], { axes: { ints: [1] }, keepdims: { int: 1 } }), g.double([0], [])]);
    const inverse = g.node('Div', [g.double([1], []), distance]);
    weights = g.node('Where', [anyExact, g.node('Cast', [zero], { to: { int: DataType.DOUBLE } }), inverse]);
  }
  const weighted = g.node('Mul', [votes, g.node('Unsqueeze', [weights, g.int64([2])])]);
  const sums = g.node('ReduceSum', [weighted, g.int64([1])], { keepdims: { int: 0 } });
  const total = g.node('ReduceSum', [weights, g.int64([1])], { keepdims: { int: 1 } });
  const probabilities = g.node('Div', [sums, total]);
  const label = g.node('ArgMax', [probabilities], { axis: { int: 1 }, keepdims: { int: 0 } });
  return { label, probabilities };
}
