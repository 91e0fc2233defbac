import type { SavedDecisionTreeState } from '../models/tree/decision-tree.ts';
import type { SavedRandomForestState } from '../models/tree/random-forest.ts';
import { treeFromJSON } from '../models/tree/flat-tree.ts';
import { explainTreesRow } from '../explain/tree-shap.ts';
import type { SavedPipelineModel } from '../pipeline/saved-model.ts';
import { pipelineInput, rawMatrix, type RawRow } from './predict-rows.ts';

/** An input's share of a prediction: how much it moved the predicted class's probability from the expected one. */
export interface Contribution {
  feature: string;
  /** Signed change of the predicted class's probability (the row's Shapley value for that class). */
  value: number;
}

/** A row's explanation: the predicted class's expected probability and the largest contributions to it. */
export interface RowContributions {
  /** The predicted class's probability knowing no input (weighted by the training rows). */
  expected: number;
  /** The largest contributions by absolute value, largest first. */
  contributions: Contribution[];
}

/** Whether exact per-row explanations exist for a saved model: the fitted tree families (not a rule's fixed tree). */
export function explainable(saved: SavedPipelineModel): boolean {
  return (saved.family === 'DT' || saved.family === 'RF') && saved.pipeline.rule === undefined;
}

/**
 * Exact per-row Shapley values (TreeSHAP) of a decision tree or random forest for the class each row is predicted,
 * on the model's inputs as the pipeline makes them (filled, binned); null for the other families.
 * @param saved one entry of runAutoML's `models`
 * @param rows raw rows by column name
 * @param predicted the class index predicted for each row
 * @param top how many contributions to keep per row
 */
export function explainRows(saved: SavedPipelineModel, rows: readonly RawRow[], predicted: ArrayLike<number>, top = 5): RowContributions[] | null {
  if (!explainable(saved)) return null;
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
    const contributions = names
      .map((feature, f) => ({ feature, value: phi[f * k + c] }))
      .filter((x) => x.value !== 0)
      .sort((a, b) => Math.abs(b.value) - Math.abs(a.value))
      .slice(0, top);
    return { expected: expected[c], contributions };
  });
}
