import type { SavedDecisionTreeState } from '../models/tree/decision-tree.ts';
import type { SavedRandomForestState } from '../models/tree/random-forest.ts';
import { treeFromJSON } from '../models/tree/flat-tree.ts';
import { explainTreesRow } from '../explain/tree-shap.ts';
import type { SavedPipelineModel } from '../pipeline/saved-model.ts';
import { pipelineInput, rawMatrix, type RawRow, type WeightedSavedModel } from './predict-rows.ts';
import { hasBackground, sampledExplanations } from './explain-sampled.ts';

/** An input's share of a prediction: how much it moved the predicted class's probability from the expected one. */
export interface Contribution {
  feature: string;
  /** Signed change of the predicted class's probability (the row's Shapley value for that class). */
  value: number;
}

/** A row's explanation: the predicted class's expected probability and the largest contributions to it. */
export interface RowContributions {
  /** The predicted class's probability knowing no input (the training rows', or the background rows' mean). */
  expected: number;
  /** The largest contributions by absolute value, largest first. */
  contributions: Contribution[];
  /**
   * How they were computed: `exact` (TreeSHAP of a tree or forest) or `sampled` (permutation sampling over the
   * background rows saved with the model: an estimate whose contributions still add up to the prediction).
   */
  method: 'exact' | 'sampled';
}

/**
 * Antithetic pairs of orders per background row in the product's sampled explanations: half, one walk per background
 * row, every second row's order the reverse of the row before's (32 walks of the inputs per explained row). A full
 * pair per row halves the noise's variance for twice the time: KNN took 9.6 s for 100 WHO rows with 50 background
 * rows and a pair each, against 5.2 s with one walk each (bench/explain.ts).
 */
export const EXPLAIN_PAIRS = 0.5;

/** A model to explain: one saved model, or the soft-voting ensemble's members with their weights. */
export type ExplainedModel = SavedPipelineModel | readonly WeightedSavedModel[];

const treeModel = (saved: SavedPipelineModel) => (saved.family === 'DT' || saved.family === 'RF') && saved.pipeline.rule === undefined;

/**
 * Whether per-row explanations exist for a model: exact for the fitted tree families, sampled for any model (a
 * rule and ensemble members included) saved with background rows.
 * @param model one saved model or the ensemble's members
 */
export function explainable(model: ExplainedModel): boolean {
  if (Array.isArray(model)) return model.length > 0 && model.every((m) => hasBackground(m.saved));
  const saved = model as SavedPipelineModel;
  return treeModel(saved) || hasBackground(saved);
}

function topContributions(names: readonly string[], value: (f: number) => number, top: number): Contribution[] {
  return names
    .map((feature, f) => ({ feature, value: value(f) }))
    .filter((x) => x.value !== 0)
    .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
    .slice(0, top);
}

/**
 * Per-row Shapley values for the class each row is predicted: exact (TreeSHAP) for a decision tree or random
 * forest, on the model's inputs as the pipeline makes them (filled, binned); sampled (explain-sampled.ts) for the
 * other families, a rule and the ensemble, on the raw columns. Null when the model has neither (a non-tree model
 * saved before background rows were). Synchronous: with an ANN, await `prepareModels(['ANN'])` first.
 * @param model one entry of runAutoML's `models`, or the ensemble's members with their weights
 * @param rows raw rows by column name
 * @param predicted the class index predicted for each row
 * @param top how many contributions to keep per row
 * @param pairs antithetic pairs of orders per background row of a sampled explanation (sampling-shap.ts)
 */
export function explainRows(model: ExplainedModel, rows: readonly RawRow[], predicted: ArrayLike<number>, top = 5, pairs = EXPLAIN_PAIRS): RowContributions[] | null {
  if (!explainable(model)) return null;
  if (!Array.isArray(model) && treeModel(model as SavedPipelineModel)) return treeExplanations(model as SavedPipelineModel, rows, predicted, top);
  const members: readonly WeightedSavedModel[] = Array.isArray(model) ? model : [{ saved: model as SavedPipelineModel, weight: 1 }];
  const sampled = sampledExplanations(members, rows, predicted, pairs);
  if (!sampled) return null;
  return sampled.rows.map((row) => ({ expected: row.base, contributions: topContributions(sampled.features, (f) => row.phi[f], top), method: 'sampled' }));
}

function treeExplanations(saved: SavedPipelineModel, rows: readonly RawRow[], predicted: ArrayLike<number>, top: number): RowContributions[] {
  const k = saved.nClasses;
  const trees =
    saved.family === 'DT'
      ? [treeFromJSON((saved.state as SavedDecisionTreeState).tree, k)]
      : (saved.state as SavedRandomForestState).trees.map((t) => treeFromJSON(t, k));
  const { X } = pipelineInput(saved.pipeline, rawMatrix(saved.pipeline.features, rows));
  const names = saved.pipeline.features;
  return Array.from({ length: X.rows }, (_, i) => {
    const c = predicted[i];
    const { expected, phi } = explainTreesRow(trees, X.data.subarray(i * X.cols, (i + 1) * X.cols), X.cols);
    return { expected: expected[c], contributions: topContributions(names, (f) => phi[f * k + c], top), method: 'exact' };
  });
}
