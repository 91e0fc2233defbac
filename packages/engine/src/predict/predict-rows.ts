/**
 * Predictions with class probabilities for new raw rows, for one family's saved model or for the
 * soft-voting ensemble of several. The same steps as predictWithSavedModel (fill, bins, scaler, model),
 * plus what an application shows beside a prediction: the probabilities and how many cells were filled.
 */
import { loadModel } from '../models/index.ts';
import type { Matrix } from '../models/types.ts';
import { binOf } from '../preprocess/features.ts';
import { applyScaler } from '../preprocess/scalers.ts';
import { combineProbabilities, ENSEMBLE_TIE_TOLERANCE } from '../search/ensemble.ts';
import { argmaxRows } from '../data/stats.ts';
import type { SavedPipelineModel } from '../pipeline/saved-model.ts';
import type { SavedSvmState } from '../models/svm/svm.ts';
import { parseModelText } from '../models/svm/model-parse.ts';
import { decisionValues, vote } from '../models/svm/predict.ts';
import { probabilities as plattProbabilities } from '../models/svm/platt.ts';

/** Raw values of one row by column name; null, undefined, NaN or an absent column are missing. */
export type RawRow = Record<string, number | null | undefined>;

/** A prediction with its class probabilities. */
export interface ProbabilityPrediction {
  /** 0-based ordered class index. */
  index: number;
  /** Class title. */
  title: string;
  /** Probability per class, in class index order. */
  probabilities: number[];
  /** How many of the model's feature cells were missing and filled with the training fill value. */
  imputed: number;
}

/** A member of the soft-voting ensemble with its weight. */
export interface WeightedSavedModel {
  saved: SavedPipelineModel;
  weight: number;
}

/**
 * Raw rows as a matrix in the pipeline's feature order, missing cells as NaN.
 * @param features the pipeline's feature columns
 * @param rows raw rows
 */
export function rawMatrix(features: readonly string[], rows: readonly RawRow[]): Matrix {
  const cols = features.length;
  const data = new Float64Array(rows.length * cols);
  rows.forEach((row, i) => {
    features.forEach((name, k) => {
      const v = row[name];
      data[i * cols + k] = v === null || v === undefined ? NaN : v;
    });
  });
  return { data, rows: rows.length, cols };
}

/**
 * The model's input from raw values: fill, bins, scaler (the engine's own steps, in its order).
 * @param pipeline the saved model's pipeline
 * @param raw raw matrix (rawMatrix), not modified
 * @returns the model input and the count of filled cells per row
 */
export function pipelineInput(pipeline: SavedPipelineModel['pipeline'], raw: Matrix): { X: Matrix; imputed: Int32Array } {
  const { X, imputed } = filledInput(pipeline, raw);
  return { X: pipeline.scaler ? applyScaler(pipeline.scaler, X) : X, imputed };
}

/**
 * The first steps of pipelineInput: fill and bins, not the scaler. Every step works on one column at a time, so a
 * row made of some columns of one filled row and the rest of another is the filled form of the same mix of raw
 * rows (what the sampled explanations rely on).
 * @param pipeline the saved model's pipeline
 * @param raw raw matrix (rawMatrix), not modified
 */
export function filledInput(pipeline: SavedPipelineModel['pipeline'], raw: Matrix): { X: Matrix; imputed: Int32Array } {
  const { fill, binEdges } = pipeline;
  const { rows, cols } = raw;
  const data = new Float64Array(rows * cols);
  const imputed = new Int32Array(rows);
  for (let i = 0; i < rows; i++) {
    for (let k = 0; k < cols; k++) {
      let v = raw.data[i * cols + k];
      if (Number.isNaN(v)) {
        v = fill[k];
        imputed[i] += 1;
      }
      const edges = binEdges[k];
      data[i * cols + k] = edges ? binOf(v, edges) + 1 : v;
    }
  }
  return { X: { data, rows, cols }, imputed };
}

/** A saved model loaded once for many predictions of its class probabilities (on scaled inputs). */
export interface LoadedProbabilities {
  /** Class probabilities, row-major, of model inputs after the whole pipeline (scaler included). */
  probabilities(X: Matrix): Float64Array;
  dispose(): void;
}

/**
 * Loads a saved model for repeated probability predictions: the probabilities predictRowsWithProbabilities reports
 * (Platt's for an SVM with probability, one-hot of the vote for one without). Synchronous: for an ANN, await
 * `prepareModels(['ANN'])` first; call `dispose()` when done.
 * @param saved one entry of runAutoML's `models`
 */
export function loadProbabilities(saved: SavedPipelineModel): LoadedProbabilities {
  const k = saved.pipeline.classes.length;
  const svmState = saved.family === 'SVM' ? (saved.state as SavedSvmState) : null;
  if (svmState?.libsvmModel && saved.params.probability === true) {
    const svc = parseModelText(svmState.libsvmModel, saved.nFeatures);
    if (svc.probA) return { probabilities: (X) => plattProbabilities(svc, decisionValues(svc, X), X.rows, saved.nClasses), dispose: () => undefined };
  }
  const model = loadModel(saved);
  if (saved.family === 'SVM' && saved.params.probability !== true) {
    return {
      probabilities: (X) => {
        const out = new Float64Array(X.rows * k);
        model.predict(X).forEach((c, i) => (out[i * k + c] = 1));
        return out;
      },
      dispose: () => model.dispose(),
    };
  }
  return { probabilities: (X) => model.predictProba(X), dispose: () => model.dispose() };
}

/** Labels and probabilities of one saved model on its input (one-hot of the vote for an SVM without probability, as in the search). */
function labelAndProbabilities(saved: SavedPipelineModel, X: Matrix): { labels: Int32Array; probabilities: Float64Array } {
  const svmState = saved.family === 'SVM' ? (saved.state as SavedSvmState) : null;
  if (svmState?.libsvmModel && saved.params.probability === true) {
    // The vote and the Platt probabilities from one pass of decision values (predict() and predictProba()
    // would each compute them: the kernel values are the whole cost).
    const svc = parseModelText(svmState.libsvmModel, saved.nFeatures);
    if (svc.probA) {
      const decisions = decisionValues(svc, X);
      return { labels: vote(svc, decisions, X.rows), probabilities: plattProbabilities(svc, decisions, X.rows, saved.nClasses) };
    }
  }
  const model = loadModel(saved);
  try {
    const labels = model.predict(X);
    const k = saved.pipeline.classes.length;
    let probabilities: Float64Array;
    if (saved.family === 'SVM' && saved.params.probability !== true) {
      probabilities = new Float64Array(X.rows * k);
      labels.forEach((c, i) => (probabilities[i * k + c] = 1));
    } else probabilities = model.predictProba(X);
    return { labels, probabilities };
  } finally {
    model.dispose();
  }
}

function toPredictions(pipeline: SavedPipelineModel['pipeline'], labels: Int32Array, probabilities: Float64Array, imputed: Int32Array): ProbabilityPrediction[] {
  const k = pipeline.classes.length;
  return Array.from(labels, (index, i) => ({
    index,
    title: pipeline.classes[index].title,
    probabilities: Array.from(probabilities.subarray(i * k, (i + 1) * k)),
    imputed: imputed[i],
  }));
}

/**
 * Predicts raw rows with one family's saved model. Synchronous: for an ANN, await `prepareModels(['ANN'])` first.
 * @param saved one entry of runAutoML's `models` (possibly after a JSON round trip)
 * @param rows raw rows by column name (extra columns are ignored, absent ones are missing)
 */
export function predictRowsWithProbabilities(saved: SavedPipelineModel, rows: readonly RawRow[]): ProbabilityPrediction[] {
  const { X, imputed } = pipelineInput(saved.pipeline, rawMatrix(saved.pipeline.features, rows));
  const { labels, probabilities } = labelAndProbabilities(saved, X);
  return toPredictions(saved.pipeline, labels, probabilities, imputed);
}

/**
 * The columns an ensemble reads: the union of its members' columns, the first member's first. Members may differ
 * (one with the target's history beside one without); each still reads only its own.
 * @param members the ensemble's members
 */
export function ensembleFeatures(members: readonly WeightedSavedModel[]): string[] {
  return [...new Set(members.flatMap((m) => m.saved.pipeline.features))];
}

/**
 * Predicts raw rows with the soft-voting ensemble: the members' probabilities weighted and summed in
 * member order, then the most probable class (the engine's ensemble rule). Members may differ in inputs (one
 * with the target's history beside one without): each reads its own columns, as in the search and the ONNX export.
 * Synchronous: with an ANN member, await `prepareModels(['ANN'])` first.
 * @param members saved models with their weights (results.models.Ensemble.members)
 * @param rows raw rows by column name
 * @returns one prediction per row; `imputed` counts the missing cells among every member's columns (each once)
 */
export function predictEnsembleRows(members: readonly WeightedSavedModel[], rows: readonly RawRow[]): ProbabilityPrediction[] {
  if (members.length === 0) throw new Error('An ensemble needs at least one member.');
  const pipeline = members[0].saved.pipeline;
  const probabilities = members.map((m) => {
    const input = pipelineInput(m.saved.pipeline, rawMatrix(m.saved.pipeline.features, rows));
    return labelAndProbabilities(m.saved, input.X).probabilities;
  });
  const imputed = missingCells(rawMatrix(ensembleFeatures(members), rows));
  const combined = combineProbabilities(probabilities, members.map((m) => m.weight));
  const labels = argmaxRows(combined, pipeline.classes.length, ENSEMBLE_TIE_TOLERANCE);
  return toPredictions(pipeline, labels, combined, imputed);
}

/** How many cells of each row are missing (NaN). */
function missingCells(raw: Matrix): Int32Array {
  const counts = new Int32Array(raw.rows);
  for (let i = 0; i < raw.rows; i++) {
    for (let k = 0; k < raw.cols; k++) if (Number.isNaN(raw.data[i * raw.cols + k])) counts[i] += 1;
  }
  return counts;
}
