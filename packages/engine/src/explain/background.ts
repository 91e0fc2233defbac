import type { PanelFrame } from '../data/frame.ts';
import { createRng, deriveSeed, shuffleInPlace } from '../data/random.ts';
import { transformFeatures, type FeatureSource, type FittedFeatures } from '../preprocess/features.ts';
import type { ExplainBackground } from '../pipeline/saved-model.ts';

/**
 * Background rows saved with each model for its sampled per-row explanations (explain/sampling-shap.ts): a seeded
 * sample of the training rows, filled and binned as the model's input. An explanation costs one walk over the inputs
 * per background row, so its time grows linearly with the sample: on the WHO panel (23 inputs, 100 rows,
 * bench/explain.ts) 50 rows took KNN 5.2 s and a DT+RF+KNN ensemble 6.4 s with one walk per row, over the 5 s
 * target; 32 rows bring every family under it, each contribution's error growing by a quarter (sqrt(50/32)).
 */
export const EXPLAIN_BACKGROUND_ROWS = 32;

/**
 * The order in which a run's training rows enter the background samples: one seeded shuffle of all of them, so
 * the samples of two input sets (with and without the target's history) are the same rows wherever both have them,
 * and an ensemble of members of both can be explained over the rows they share.
 * @param trainRows the outer training rows (frame indices)
 * @param seed the run's seed
 */
export function backgroundOrder(trainRows: readonly number[], seed: number): number[] {
  return shuffleInPlace([...trainRows], createRng(deriveSeed(seed, 'explain-background')));
}

/**
 * The background of one saved model: the first EXPLAIN_BACKGROUND_ROWS rows of `order` that its training set kept,
 * in its input form (carried forward, filled, binned; not scaled).
 * @param frame the panel (for the rows' place and time keys)
 * @param source the input set's columns
 * @param fitted the fitted features of the model's training set (a rule passes its own fills and no bins)
 * @param kept the frame rows the model's training set kept
 * @param order backgroundOrder of the run
 */
export function backgroundRows(frame: PanelFrame, source: FeatureSource, fitted: FittedFeatures, kept: readonly number[], order: readonly number[], size = EXPLAIN_BACKGROUND_ROWS): ExplainBackground {
  const keptSet = new Set(kept);
  const rows: number[] = [];
  for (const i of order) {
    if (rows.length >= size) break;
    if (keptSet.has(i)) rows.push(i);
  }
  const { X } = transformFeatures(source, fitted, rows);
  return { keys: rows.map((i) => `${frame.space[i]}\u0000${frame.time[i]}`), values: Array.from(X.data) };
}
